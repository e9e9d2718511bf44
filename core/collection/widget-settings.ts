import { browserCollection } from "../apps/browser-collection.ts";
import { ok, type Result } from "../errors.ts";
import { portalUrl } from "../portal/portal-settings.ts";
import type { WidgetSettings } from "../schemas/widget.ts";
import { hasFullContext } from "../plans.ts";
import type { Notifier } from "../ports.ts";
import type { PortalStore } from "../store/portals.ts";
import { type ChannelDeps, openChannel, type Sender } from "./open-channel.ts";

type WidgetSettingsDeps = ChannelDeps & {
  readonly baseUrl: string;
  readonly notifier: Pick<Notifier, "delivers">;
  readonly store: Pick<PortalStore, "findPortal">;
};

/** The settings of a widget key, for a page on an origin its app allows; with the portal's address when the organization's portal is on. */
export async function widgetSettings(deps: WidgetSettingsDeps, key: string, sender: Sender): Promise<Result<WidgetSettings>> {
  const channel = await openChannel(deps, key, sender, "key");
  if (!channel.ok) return channel;
  const { app, organization } = channel.value;
  const portal = await deps.store.findPortal(organization.id);
  return ok({
    replay: browserCollection(app).replay && hasFullContext(organization.plan),
    ...(portal?.enabled && {
      portal: { slug: portal.slug, url: portalUrl(deps.baseUrl, portal.slug), appId: app.id, emailSignIn: deps.notifier.delivers },
    }),
  });
}
