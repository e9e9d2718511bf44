import { API_KEY_ROLE } from "../authorization.ts";
import type { Grant } from "../model.ts";
import type { ApiKeyRecord } from "../store/api-keys.ts";

/** How an organization API key starts: secret scanners recognise it, and it is told from a personal token. */
export const API_KEY_PREFIX = "rtr_key_";

/** What a key is referred to as where a person would be: a comment's author. */
const AUTHOR = "api-key:";

/**
 * What a presented API key is worth: the organization itself, with the key's scopes, which are
 * among those a Member may hold, so a key does what a Member's token could and no more (never
 * webhooks:manage or agents:manage, never what only a person does: see authorization's refusal).
 */
export const apiKeyGrant = (key: ApiKeyRecord): Grant => ({
  tokenId: key.id,
  orgId: key.orgId,
  userId: `${AUTHOR}${key.id}:${key.name}`,
  role: API_KEY_ROLE,
  scopes: key.scopes,
  resource: null,
  agentId: null,
  apiKey: { id: key.id, name: key.name },
});

/** The name of the key whose writing this author id stands for ("ci-script"), or null for a person's id. */
export function apiKeyName(userId: string): string | null {
  return userId.startsWith(AUTHOR) ? userId.slice(AUTHOR.length).split(":").slice(1).join(":") : null;
}

/** The name a key's writing is signed with in the API's answers ("API key ci-script"), or null for a person's id. */
export function apiKeyAuthor(userId: string): string | null {
  const name = apiKeyName(userId);
  return name === null ? null : `API key ${name}`;
}
