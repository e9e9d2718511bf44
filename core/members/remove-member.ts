import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { Services } from "../services.ts";
import type { UserStore } from "../store/users.ts";
import { isLastAdmin } from "./last-admin.ts";

/** Removes a person from the grant's organization, which keeps an Admin; their tokens and agents are revoked at once, for good. */
export async function removeMember(
  deps: Pick<Services, "clock"> & { store: Pick<UserStore, "listMembers" | "removeMembership"> },
  grant: Grant,
  userId: string,
): Promise<Result<void>> {
  const allowed = authorize(grant, "organization.manage");
  if (!allowed.ok) return allowed;
  if (await isLastAdmin(deps.store, grant.orgId, userId)) return fail("last_admin");
  return (await deps.store.removeMembership(grant.orgId, userId, deps.clock())) ? ok(undefined) : fail("not_found");
}
