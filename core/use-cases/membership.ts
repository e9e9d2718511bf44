import { fail, ok, type Result } from "../errors.ts";
import type { Role } from "../model.ts";
import type { Store } from "../store.ts";

type Members = Pick<Store, "listMembers" | "setMembership" | "removeMembership">;

/** Whether the person is the organization's only Admin: without them, only an operator could manage it again. */
async function isLastAdmin(store: Members, orgId: string, userId: string): Promise<boolean> {
  const admins = (await store.listMembers(orgId)).filter((m) => m.role === "admin");
  return admins.length === 1 && admins[0]!.userId === userId;
}

/** Gives a person a role in an organization, adding them when they are not a member; an organization keeps an Admin. */
export async function setMemberRole(store: Members, orgId: string, userId: string, role: Role): Promise<Result<void>> {
  if (role !== "admin" && (await isLastAdmin(store, orgId, userId))) return fail("last_admin");
  await store.setMembership(orgId, userId, role);
  return ok(undefined);
}

/** Removes a person from an organization, which keeps an Admin; their tokens and agents stop working at once. */
export async function removeMember(store: Members, orgId: string, userId: string): Promise<Result<void>> {
  if (await isLastAdmin(store, orgId, userId)) return fail("last_admin");
  return (await store.removeMembership(orgId, userId)) ? ok(undefined) : fail("not_found");
}
