import { roleAllows } from "../authorization.ts";
import type { UserStore } from "../store/users.ts";

/** Whether the person is the only one who may manage the organization (its only Admin): without them, only an operator could manage it again. */
export async function isLastAdmin(store: Pick<UserStore, "listMembers">, orgId: string, userId: string): Promise<boolean> {
  const admins = (await store.listMembers(orgId)).filter((m) => roleAllows(m.role, "organization.manage"));
  return admins.length === 1 && admins[0]!.userId === userId;
}
