import { roleAllows } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Role } from "../model.ts";
import type { UserStore } from "../store/users.ts";
import { takesLastAdmin } from "./last-admin.ts";

export type RoleGivingDeps = { store: Pick<UserStore, "listMembers" | "setMembership"> };
export type Given = Result<{ readonly userId: string; readonly email: string }>;

/**
 * Gives a person a role in an organization, which keeps an Admin: what an Admin's change of a
 * member's role (setMemberRole) and the operator's `member add` (addMember) share once each has
 * decided who may be given one.
 */
export async function giveRole(
  deps: RoleGivingDeps,
  orgId: string,
  user: { readonly id: string; readonly email: string },
  role: Role,
): Promise<Given> {
  const guard = roleAllows(role, "organization.manage") ? undefined : takesLastAdmin(user.id);
  if (!(await deps.store.setMembership(orgId, user.id, role, guard))) return fail("last_admin");
  return ok({ userId: user.id, email: user.email });
}
