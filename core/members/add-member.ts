import { authorize } from "../authorization.ts";
import { normalizeEmail } from "../email.ts";
import { fail } from "../errors.ts";
import type { Grant, Role } from "../model.ts";
import type { UserStore } from "../store/users.ts";
import { type Given, giveRole, type RoleGivingDeps } from "./give-role.ts";

/**
 * The operator's `member add` (and the demo's set-up): gives the person with an account of this
 * e-mail a role in the organization, adding them if they are not a member. The machine's owner
 * may; an organization's Admin invites instead (setMemberRole refuses them a non-member).
 */
export async function addMember(
  deps: { store: RoleGivingDeps["store"] & Pick<UserStore, "findUserByEmail"> },
  grant: Grant,
  email: string,
  role: Role,
): Promise<Given> {
  const allowed = authorize(grant, "organization.manage");
  if (!allowed.ok) return allowed;
  const user = await deps.store.findUserByEmail(normalizeEmail(email));
  return user ? giveRole(deps, grant.orgId, user, role) : fail("not_found");
}
