import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { Services } from "../services.ts";
import type { UserStore } from "../store/users.ts";
import { takesLastAdmin } from "./last-admin.ts";

/** Removes a person from the grant's organization, which keeps an Admin; their tokens and agents are revoked at once, for good. */
export async function removeMember(
  deps: Pick<Services, "clock"> & { store: Pick<UserStore, "listMembers" | "removeMembership"> },
  grant: Grant,
  userId: string,
): Promise<Result<void>> {
  const allowed = authorize(grant, "organization.manage");
  if (!allowed.ok) return allowed;
  if (await deps.store.removeMembership(grant.orgId, userId, deps.clock(), takesLastAdmin(userId))) return ok(undefined);
  // Not removed: either they were no member, or they are the last Admin, still there.
  const stayed = (await deps.store.listMembers(grant.orgId)).some((m) => m.userId === userId);
  return fail(stayed ? "last_admin" : "not_found");
}
