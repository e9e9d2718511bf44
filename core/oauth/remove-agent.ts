import { authorize, can } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { Clock } from "../ports.ts";
import type { OAuthStore } from "../store/oauth.ts";
import { sameApplication } from "./replaced-agents.ts";

/**
 * Removes an agent at once, with the rest of its application's access (its agents for the other
 * resources: the Agents list shows them as one): their tokens stop working on the next call. An
 * Admin may remove any.
 */
export async function removeAgent(
  deps: { store: Pick<OAuthStore, "listAgents" | "revokeAgents">; clock: Clock },
  grant: Grant,
  agentId: string,
): Promise<Result<void>> {
  const allowed = authorize(grant, "agents.manage");
  if (!allowed.ok) return allowed;
  const owner = can(grant, "organization.manage") ? null : grant.userId;
  const visible = await deps.store.listAgents(grant.orgId, owner);
  const named = visible.find((a) => a.id === agentId);
  if (!named) return fail("not_found");
  const application = visible.filter((a) => sameApplication(a, named)).map((a) => a.id);
  return (await deps.store.revokeAgents(grant.orgId, application, owner, deps.clock())) ? ok(undefined) : fail("not_found");
}
