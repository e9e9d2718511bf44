import type { Role } from "../model.ts";

/**
 * Whether a write must not happen, decided from the organization's members as they are when it is
 * made: the store reads them and writes (or not) atomically, whatever else writes at the same time.
 */
export type MembersGuard = (members: ReadonlyArray<{ readonly userId: string; readonly role: Role }>) => boolean;

/** People and the organizations they belong to, with their role in each. */
export interface UserStore {
  createUser(user: { id: string; email: string; name?: string }): Promise<void>;
  findUserByEmail(email: string): Promise<{ id: string; email: string; name?: string } | null>;
  findUser(id: string): Promise<{ id: string; email: string; name?: string } | null>;
  /** Adds a member or changes their role, unless `refuseIf` refuses: says whether it wrote. */
  setMembership(orgId: string, userId: string, role: Role, refuseIf?: MembersGuard): Promise<boolean>;
  /**
   * Ends a membership and, with it, the person's tokens and agents in that organization (revoked at
   * `at`): adding them again revives none. Says whether it did: not when there was none, nor when `refuseIf` refused.
   */
  removeMembership(orgId: string, userId: string, at: number, refuseIf?: MembersGuard): Promise<boolean>;
  listMembers(orgId: string): Promise<Array<{ userId: string; email: string; role: Role }>>;
}
