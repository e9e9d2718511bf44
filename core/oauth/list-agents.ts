import { authorize, can } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { AgentView, OAuthStore } from "../store/oauth.ts";

/** Each person sees their own agents; an Admin sees the whole organization's. */
export async function listAgents(deps: { store: Pick<OAuthStore, "listAgents"> }, grant: Grant): Promise<Result<AgentView[]>> {
  const allowed = authorize(grant, "agents.manage");
  if (!allowed.ok) return allowed;
  return ok(await deps.store.listAgents(grant.orgId, can(grant, "organization.manage") ? null : grant.userId));
}
