import type { Role } from "../model.ts";

/** People and the organizations they belong to, with their role in each. */
export interface UserStore {
  createUser(user: { id: string; email: string; name?: string }): Promise<void>;
  findUserByEmail(email: string): Promise<{ id: string; email: string; name?: string } | null>;
  findUser(id: string): Promise<{ id: string; email: string; name?: string } | null>;
  setMembership(orgId: string, userId: string, role: Role): Promise<void>;
  removeMembership(orgId: string, userId: string): Promise<boolean>;
  listMembers(orgId: string): Promise<Array<{ userId: string; email: string; role: Role }>>;
}
