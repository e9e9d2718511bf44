import { browserCollection } from "../apps/browser-collection.ts";
import { ok, type Result } from "../errors.ts";
import type { WidgetSettings } from "../schemas/widget.ts";
import { hasFullContext } from "../limits.ts";
import { type ChannelDeps, openChannel, type Sender } from "./open-channel.ts";

/** The settings of a widget key, for a page on an origin its app allows. */
export async function widgetSettings(deps: ChannelDeps, key: string, sender: Sender): Promise<Result<WidgetSettings>> {
  const channel = await openChannel(deps, key, sender, "key");
  if (!channel.ok) return channel;
  const { app, organization } = channel.value;
  return ok({ replay: browserCollection(app).replay && hasFullContext(organization.plan) });
}
