import { roleAllows } from "../authorization.ts";
import type { MembersGuard } from "../store/users.ts";

/**
 * Refuses a write that takes the organization's only Admin (the only one who may manage it) away
 * from them: without them, only an operator could manage it again. The store applies it to the
 * members as they are when it writes, atomically, so two Admins stepping down together cannot both go.
 */
export const takesLastAdmin =
  (userId: string): MembersGuard =>
  (members) => {
    const admins = members.filter((m) => roleAllows(m.role, "organization.manage"));
    return admins.length === 1 && admins[0]!.userId === userId;
  };
