import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { AppSetupStore } from "../store/app-setup.ts";

/** Enables or disables a channel, named by its id or key; a disabled channel's reports are refused with channel_inactive. */
export async function setChannelActive(
  deps: { store: Pick<AppSetupStore, "setChannelActive"> },
  grant: Grant,
  channelIdOrKey: string,
  active: boolean,
): Promise<Result<void>> {
  const allowed = authorize(grant, "organization.manage");
  if (!allowed.ok) return allowed;
  return (await deps.store.setChannelActive(grant.orgId, channelIdOrKey, active)) ? ok(undefined) : fail("not_found");
}
