import { authorize, roleAllows } from "../authorization.ts";
import { normalizeEmail } from "../email.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Grant, Role } from "../model.ts";
import type { UserStore } from "../store/users.ts";
import { isLastAdmin } from "./last-admin.ts";

/**
 * Gives the person with this e-mail a role in the grant's organization, adding them when they are
 * not a member; an organization keeps an Admin.
 */
export async function setMemberRole(
  deps: { store: Pick<UserStore, "findUserByEmail" | "listMembers" | "setMembership"> },
  grant: Grant,
  email: string,
  role: Role,
): Promise<Result<{ readonly userId: string; readonly email: string }>> {
  const allowed = authorize(grant, "organization.manage");
  if (!allowed.ok) return allowed;
  const user = await deps.store.findUserByEmail(normalizeEmail(email));
  if (!user) return fail("not_found");
  if (!roleAllows(role, "organization.manage") && (await isLastAdmin(deps.store, grant.orgId, user.id))) return fail("last_admin");
  await deps.store.setMembership(grant.orgId, user.id, role);
  return ok({ userId: user.id, email: user.email });
}
