import { fail, ok, type Result } from "./errors.ts";
import { scopesWithin } from "./authorization.ts";
import type { Grant } from "./model.ts";
import type { Clock, Digest } from "./ports.ts";
import type { AccessStore } from "./store/access.ts";
import type { ApiKeyStore } from "./store/api-keys.ts";
import { API_KEY_PREFIX, apiKeyGrant } from "./api-keys/api-key-grant.ts";
import { AGENT_IDLE_MS } from "./oauth/lifetimes.ts";
import { audienceAccepts, type Resources } from "./oauth/resources.ts";

/** Where a token is presented: the REST API or the MCP server of this service. */
interface Audience {
  readonly resources: Resources;
  readonly where: "rest" | "mcp";
}

/** Reads `Authorization: Bearer <token>` and finds the grant behind it, if it was issued for this audience. */
export async function authenticate(
  deps: { store: AccessStore & Pick<ApiKeyStore, "authenticateApiKey">; clock: Clock; digest: Digest },
  authorization: string | null,
  audience: Audience,
): Promise<Result<Grant>> {
  const match = authorization?.match(/^Bearer[ \t]+([^\s]+)[ \t]*$/i);
  if (!match?.[1]) return fail("unauthorized");
  // Tokens are stored only as their digest; an organization API key says so by its prefix.
  const hash = deps.digest(match[1]);
  const key = match[1].startsWith(API_KEY_PREFIX) ? await deps.store.authenticateApiKey(hash, deps.clock()) : null;
  const grant = key ? apiKeyGrant(key) : await deps.store.authenticate(hash, deps.clock(), AGENT_IDLE_MS);
  if (!grant || !audienceAccepts(audience.resources, audience.where, grant.resource)) return fail("invalid_token");
  // A token's scopes, cut down to what its holder's current role allows.
  return ok({ ...grant, scopes: scopesWithin(grant.role, grant.scopes) });
}
