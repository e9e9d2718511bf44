import { authorize } from "../authorization.ts";
import { fail } from "../errors.ts";
import type { Grant, Role } from "../model.ts";
import { type Given, giveRole, type RoleGivingDeps } from "./give-role.ts";

/**
 * Changes the role of a member of the grant's organization, named by their user id (the members
 * page's row); an organization keeps an Admin. Someone who is not a member is `not_found`, whether
 * or not they have an account: they join by an invitation they accept, never by an Admin's say
 * alone. The operator adds people directly (addMember).
 */
export async function setMemberRole(deps: RoleGivingDeps, grant: Grant, userId: string, role: Role): Promise<Given> {
  const allowed = authorize(grant, "organization.manage");
  if (!allowed.ok) return allowed;
  const member = (await deps.store.listMembers(grant.orgId)).find((m) => m.userId === userId);
  if (!member) return fail("not_found");
  return giveRole(deps, grant.orgId, { id: member.userId, email: member.email }, role);
}
