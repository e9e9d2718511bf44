import { authorize, can } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { Clock } from "../ports.ts";
import type { OAuthStore } from "../store/oauth.ts";

/** Removes an agent at once: its tokens stop working on the next call. An Admin may remove any. */
export async function removeAgent(
  deps: { store: Pick<OAuthStore, "revokeAgent">; clock: Clock },
  grant: Grant,
  agentId: string,
): Promise<Result<void>> {
  const allowed = authorize(grant, "agents.manage");
  if (!allowed.ok) return allowed;
  return (await deps.store.revokeAgent(grant.orgId, agentId, can(grant, "organization.manage") ? null : grant.userId, deps.clock()))
    ? ok(undefined)
    : fail("not_found");
}
