import type { Scope } from "../model.ts";

/** An organization API key as listed: never the key itself, only its digest is kept. */
export interface ApiKeyRecord {
  readonly id: string;
  readonly orgId: string;
  readonly name: string;
  readonly scopes: readonly Scope[];
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
}

/** Organization API keys: created by an Admin, used by scripts as the organization, revoked at once. */
export interface ApiKeyStore {
  /** Creates the key unless the organization already has `limit` live keys (revoked ones are not counted); false then. */
  createApiKey(key: ApiKeyRecord & { readonly keyHash: string }, limit: number): Promise<boolean>;
  /** The organization's live keys, oldest first. */
  listApiKeys(orgId: string): Promise<ApiKeyRecord[]>;
  /** Revokes a live key of the organization; false when there is none with this id. */
  revokeApiKey(orgId: string, id: string, at: number): Promise<boolean>;
  /** The live key with this digest, or null; records its use (to the minute). */
  authenticateApiKey(keyHash: string, now: number): Promise<ApiKeyRecord | null>;
}
