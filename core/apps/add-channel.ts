import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Channel, ChannelKind, Grant } from "../model.ts";
import type { Ids } from "../ports.ts";
import type { AdminStore, CatalogStore } from "../store.ts";

/** A new, active channel of an app; its key is what a customer's server, form or widget sends reports with. */
export async function addChannel(
  deps: { store: Pick<CatalogStore, "findApp"> & Pick<AdminStore, "createChannel">; ids: Pick<Ids, "id" | "secret"> },
  grant: Grant,
  appId: string,
  kind: ChannelKind,
): Promise<Result<Channel>> {
  const allowed = authorize(grant, "organization.manage");
  if (!allowed.ok) return allowed;
  const app = await deps.store.findApp(grant.orgId, appId);
  if (!app) return fail("not_found");
  const key = `${kind === "api" ? "pk" : kind}_${deps.ids.secret().slice(0, 24)}`;
  const channel: Channel = { id: deps.ids.id(), orgId: app.orgId, appId: app.id, kind, key, active: true };
  await deps.store.createChannel(channel);
  return ok(channel);
}
