import type { Agent, AgentToken, AuthCode, OAuthClient } from "../model.ts";

export type RefreshOutcome =
  | { readonly state: "rotated"; readonly agent: Agent }
  /** The caller declined the agent (its request does not fit it): nothing was used or written. */
  | { readonly state: "declined" }
  | { readonly state: "reused" }
  | { readonly state: "invalid" };

export interface AgentView extends Agent {
  readonly clientName: string;
  /** Where its client registered to be sent back to; authorization allows no other, so one of these is where it was. */
  readonly redirectUris: readonly string[];
  readonly email: string;
}

/** OAuth: registered clients, authorization codes, agents and their tokens. */
export interface OAuthStore {
  createClient(client: OAuthClient): Promise<void>;
  /** Deletes clients registered before `createdBefore` that no one ever authorized (no agent, no code). */
  deleteUnusedClients(createdBefore: number): Promise<void>;
  findClient(clientId: string): Promise<OAuthClient | null>;
  createAuthCode(code: AuthCode): Promise<void>;
  /**
   * A code as stored, with whether it was used and the agent its use created (so a second use can
   * revoke it); null if unknown. Reading consumes nothing: a refused exchange leaves the code as it was.
   */
  findAuthCode(codeHash: string): Promise<{ code: AuthCode; previousAgentId: string | null; alreadyUsed: boolean } | null>;
  /**
   * Uses the code and creates its agent with its first tokens, in one transaction, in which the
   * earlier live agents it replaces (core's replacedBy) are revoked as revokeAgents does; false
   * (nothing written) if the code was used meanwhile.
   */
  createAgent(agent: Agent, codeHash: string, tokens: readonly AgentToken[], now: number): Promise<boolean>;
  /**
   * Uses a refresh token once: for a live, unused one, `next` gives the new tokens (or null to
   * decline, leaving the token unused), which are stored as it is marked used; one used before
   * revokes its whole agent.
   */
  rotateRefreshToken(
    tokenHash: string,
    clientId: string,
    now: number,
    idleMs: number,
    next: (agent: Agent) => readonly AgentToken[] | null,
  ): Promise<RefreshOutcome>;
  /**
   * Revokes the token with this hash of this client; false if there is none. An access token alone;
   * a refresh token ends its whole grant, the agent and every token of it (RFC 7009 §2.1).
   */
  revokeTokenOfClient(tokenHash: string, clientId: string, at: number): Promise<boolean>;
  /** The live agents of the organization (or of one person in it), the last used first, ties by id descending. */
  listAgents(orgId: string, userId: string | null): Promise<AgentView[]>;
  /**
   * Ends these agents of the organization and all their tokens, in one transaction; with a userId,
   * only that person's. False when none of them was live.
   */
  revokeAgents(orgId: string, agentIds: readonly string[], userId: string | null, at: number): Promise<boolean>;
}
