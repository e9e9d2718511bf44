import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { TeamStore } from "../store/team.ts";

/** The names the organization's members gave, by e-mail: pages show an owner (stored as an e-mail) by name. */
export async function memberNames(deps: { store: Pick<TeamStore, "listTeam"> }, grant: Grant): Promise<Result<ReadonlyMap<string, string>>> {
  const allowed = authorize(grant, "organization.read");
  if (!allowed.ok) return allowed;
  const team = await deps.store.listTeam(grant.orgId);
  return ok(new Map(team.flatMap((m) => (m.name ? [[m.email, m.name] as const] : []))));
}
