import type { Role } from "../model.ts";

/** People and the organizations they belong to, with their role in each. */
export interface UserStore {
  createUser(user: { id: string; email: string; name?: string }): Promise<void>;
  findUserByEmail(email: string): Promise<{ id: string; email: string; name?: string } | null>;
  findUser(id: string): Promise<{ id: string; email: string; name?: string } | null>;
  setMembership(orgId: string, userId: string, role: Role): Promise<void>;
  /** Ends a membership and, with it, the person's tokens and agents in that organization (revoked at `at`): adding them again revives none. */
  removeMembership(orgId: string, userId: string, at: number): Promise<boolean>;
  listMembers(orgId: string): Promise<Array<{ userId: string; email: string; role: Role }>>;
}
