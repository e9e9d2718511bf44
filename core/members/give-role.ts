import { roleAllows } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Role } from "../model.ts";
import type { UserStore } from "../store/users.ts";
import { isLastAdmin } from "./last-admin.ts";

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
  if (!roleAllows(role, "organization.manage") && (await isLastAdmin(deps.store, orgId, user.id))) return fail("last_admin");
  await deps.store.setMembership(orgId, user.id, role);
  return ok({ userId: user.id, email: user.email });
}
