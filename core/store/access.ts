import type { Grant } from "../model.ts";

/** Who a request authenticates as: the grant behind a token. */
export interface AccessStore {
  /**
   * The grant behind an access or personal token hash, with the holder's current role; null if
   * unknown, expired or revoked, if the person left the organization, or if the token's agent was
   * removed or unused for `idleMs`. Records the use.
   */
  authenticate(tokenHash: string, now: number, idleMs: number): Promise<Grant | null>;
}
