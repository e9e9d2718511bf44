import type { Scope } from "../model.ts";

/** Personal access tokens: issued for a member, listed, revoked. */
export interface TokenStore {
  createToken(token: {
    id: string;
    tokenHash: string;
    orgId: string;
    userId: string;
    scopes: readonly Scope[];
    label: string;
    createdAt: number;
    expiresAt: number | null;
  }): Promise<void>;
  /** The organization's personal tokens, revoked ones included; never an agent's, which the Agents page removes. Oldest first, ties by id. */
  listTokens(orgId: string): Promise<
    Array<{
      id: string;
      userId: string;
      label: string;
      scopes: Scope[];
      createdAt: number;
      expiresAt: number | null;
      lastUsedAt: number | null;
      revoked: boolean;
    }>
  >;
  /** Revokes a live personal token; false for any other (revoked, unknown, or an agent's). */
  revokeToken(orgId: string, tokenId: string, at: number): Promise<boolean>;
}
