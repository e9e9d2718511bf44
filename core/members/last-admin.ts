import type { AdminStore } from "../store.ts";

/** Whether the person is the organization's only Admin: without them, only an operator could manage it again. */
export async function isLastAdmin(store: Pick<AdminStore, "listMembers">, orgId: string, userId: string): Promise<boolean> {
  const admins = (await store.listMembers(orgId)).filter((m) => m.role === "admin");
  return admins.length === 1 && admins[0]!.userId === userId;
}
