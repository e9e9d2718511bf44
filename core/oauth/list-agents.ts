import { AGENT_SCOPES, authorize, can } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { AgentView, OAuthStore } from "../store/oauth.ts";
import { sameApplication } from "./replaced-agents.ts";

/**
 * An application connected for one person in one organization, as the Agents list shows it: its
 * agents, one a resource, seen as one. It is named by the id of its agent used last (any of its
 * agents' ids removes it whole); it can do what any of them can, since it was connected first,
 * last used when any was.
 */
export interface ConnectedApplication extends AgentView {
  readonly resources: readonly string[];
}

function asOne(agents: readonly AgentView[]): ConnectedApplication {
  const latest = agents.reduce((a, b) => (b.lastUsedAt > a.lastUsedAt ? b : a));
  return {
    ...latest,
    scopes: AGENT_SCOPES.filter((s) => agents.some((a) => a.scopes.includes(s))),
    resources: [...new Set(agents.map((a) => a.resource))].sort(),
    createdAt: Math.min(...agents.map((a) => a.createdAt)),
  };
}

/** Each person sees their own agents; an Admin sees the whole organization's. Most recently used first. */
export async function listAgents(deps: { store: Pick<OAuthStore, "listAgents"> }, grant: Grant): Promise<Result<ConnectedApplication[]>> {
  const allowed = authorize(grant, "agents.manage");
  if (!allowed.ok) return allowed;
  const agents = await deps.store.listAgents(grant.orgId, can(grant, "organization.manage") ? null : grant.userId);
  const applications: AgentView[][] = [];
  for (const agent of agents) {
    const group = applications.find((g) => sameApplication(g[0]!, agent));
    if (group) group.push(agent);
    else applications.push([agent]);
  }
  return ok(applications.map(asOne).sort((a, b) => b.lastUsedAt - a.lastUsedAt));
}
