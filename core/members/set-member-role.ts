import { authorize } from "../authorization.ts";
import { normalizeEmail } from "../email.ts";
import { fail } from "../errors.ts";
import type { Grant, Role } from "../model.ts";
import { type Given, giveRole, type MemberRoleDeps } from "./give-role.ts";

/**
 * Changes the role of the member with this e-mail in the grant's organization; an organization
 * keeps an Admin. Someone who is not a member is `not_found`, whether or not they have an account
 * (with another organization, on this service): they join by an invitation they accept, never by
 * an Admin's say alone, and the answer tells no Admin who has an account elsewhere. The operator
 * adds people directly (addMember).
 */
export async function setMemberRole(deps: MemberRoleDeps, grant: Grant, email: string, role: Role): Promise<Given> {
  const allowed = authorize(grant, "organization.manage");
  if (!allowed.ok) return allowed;
  const user = await deps.store.findUserByEmail(normalizeEmail(email));
  const members = await deps.store.listMembers(grant.orgId);
  if (!user || !members.some((m) => m.userId === user.id)) return fail("not_found");
  return giveRole(deps, grant.orgId, user, role);
}
