import type { Role } from "../model.ts";

/** A person's sign-in: password, sessions, and the organizations they may open. */
export interface AccountStore {
  findCredentials(email: string): Promise<{ userId: string; passwordHash: string | null } | null>;
  setPassword(userId: string, passwordHash: string): Promise<void>;
  createSession(idHash: string, userId: string, createdAt: number, expiresAt: number): Promise<void>;
  /** The session's person, if the session is live. */
  findSession(idHash: string, now: number): Promise<{ userId: string; email: string } | null>;
  deleteSession(idHash: string): Promise<void>;
  /** Ends every session of a person (their password changed). */
  deleteUserSessions(userId: string): Promise<void>;
  /** The person's organizations by name (compared code point by code point, as UTF-8 bytes are), ties by organization id. */
  listMemberships(userId: string): Promise<Array<{ orgId: string; orgName: string; role: Role }>>;
}
