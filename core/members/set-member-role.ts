import { authorize, roleAllows } from "../authorization.ts";
import { normalizeEmail } from "../email.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Grant, Role } from "../model.ts";
import type { UserStore } from "../store/users.ts";
import { isLastAdmin } from "./last-admin.ts";

export type MemberRoleDeps = { store: Pick<UserStore, "findUserByEmail" | "listMembers" | "setMembership"> };
type Given = Result<{ readonly userId: string; readonly email: string }>;

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

/** Gives a person a role in an organization, which keeps an Admin. */
export async function giveRole(
  deps: MemberRoleDeps,
  orgId: string,
  user: { readonly id: string; readonly email: string },
  role: Role,
): Promise<Given> {
  if (!roleAllows(role, "organization.manage") && (await isLastAdmin(deps.store, orgId, user.id))) return fail("last_admin");
  await deps.store.setMembership(orgId, user.id, role);
  return ok({ userId: user.id, email: user.email });
}
