import { limitReached, ok, type Result } from "../errors.ts";
import { managedApp } from "./managed-app.ts";
import type { Channel, ChannelKind, Grant } from "../model.ts";
import type { Ids } from "../ports.ts";
import type { AppSetupStore } from "../store/app-setup.ts";
import type { CatalogStore } from "../store/catalog.ts";

/**
 * Channels an app may have, disabled ones included (a channel is never deleted): one of each kind,
 * and a new key for each leaked or retired one for years. The operator's CLI is held to it too, as
 * for apps: the app's Channels tab lists them all.
 */
const MAX_CHANNELS_PER_APP = 50;

/** A new, active channel of an app; its key is what a customer's server, form or widget sends reports with. */
export async function addChannel(
  deps: { store: Pick<CatalogStore, "findApp"> & Pick<AppSetupStore, "createChannel">; ids: Pick<Ids, "id" | "secret"> },
  grant: Grant,
  appId: string,
  kind: ChannelKind,
): Promise<Result<Channel>> {
  const managed = await managedApp(deps, grant, appId);
  if (!managed.ok) return managed;
  const app = managed.value;
  const key = `${kind === "api" ? "pk" : kind}_${deps.ids.secret().slice(0, 24)}`;
  const channel: Channel = { id: deps.ids.id(), orgId: app.orgId, appId: app.id, kind, key, active: true };
  if (!(await deps.store.createChannel(channel, MAX_CHANNELS_PER_APP))) return limitReached("channel", MAX_CHANNELS_PER_APP);
  return ok(channel);
}
