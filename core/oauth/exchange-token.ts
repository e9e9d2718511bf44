import type { Agent, AgentToken } from "../model.ts";
import type { Services } from "../services.ts";
import type { OAuthStore } from "../store/oauth.ts";

/** What the token endpoint reads and writes. */
type TokenDeps = Pick<Services, "clock" | "ids" | "digest" | "baseUrl" | "addressAliases"> & {
  readonly store: Pick<OAuthStore, "findClient" | "findAuthCode" | "createAgent" | "revokeAgents" | "rotateRefreshToken">;
};
import { oauthError, type OAuthError } from "./errors.ts";
import { ACCESS_TOKEN_TTL_MS, AGENT_IDLE_MS, REFRESH_TOKEN_TTL_MS } from "./lifetimes.ts";
import { parseScopes, unknownScope } from "./permissions.ts";
import { verifyPkce } from "./pkce.ts";
import { normalizeResource, resourcesOf } from "./resources.ts";

interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

type TokenResult = { ok: true; value: TokenResponse } | { ok: false; error: OAuthError };

const failure = (error: OAuthError): TokenResult => ({ ok: false, error });

/** A fresh access and refresh token pair; the clear values are returned once, only hashes are stored. */
function mintPair(services: TokenDeps) {
  const now = services.clock();
  const access = `rta_${services.ids.secret()}`;
  const refresh = `rtf_${services.ids.secret()}`;
  const [accessHash, refreshHash] = [services.digest(access), services.digest(refresh)];
  const accessId = services.ids.id();
  const refreshId = services.ids.id();
  return {
    /**
     * The pair's records, for the agent they belong to. The access token may carry fewer scopes than
     * the grant (a refresh that asks for less, RFC 6749 §6); the refresh token keeps the grant's.
     */
    tokensFor(agent: Agent, accessScopes: Agent["scopes"] = agent.scopes): AgentToken[] {
      const common = { agentId: agent.id, orgId: agent.orgId, userId: agent.userId, resource: agent.resource, createdAt: now };
      return [
        { ...common, scopes: [...accessScopes], id: accessId, tokenHash: accessHash, kind: "access", expiresAt: now + ACCESS_TOKEN_TTL_MS },
        { ...common, scopes: agent.scopes, id: refreshId, tokenHash: refreshHash, kind: "refresh", expiresAt: now + REFRESH_TOKEN_TTL_MS },
      ];
    },
    responseFor(agent: Agent, accessScopes: Agent["scopes"] = agent.scopes): TokenResponse {
      return {
        access_token: access,
        token_type: "Bearer",
        expires_in: ACCESS_TOKEN_TTL_MS / 1000,
        refresh_token: refresh,
        scope: accessScopes.join(" "),
      };
    },
  };
}

async function redeemCode(services: TokenDeps, form: Readonly<Record<string, string | undefined>>): Promise<TokenResult> {
  const { store, clock, ids } = services;
  if (!form.code || !form.code_verifier || !form.redirect_uri)
    return failure(oauthError("invalid_request", "code, code_verifier and redirect_uri are required"));
  // Every check comes before the code is used: a refused exchange leaves it for the corrected retry (RFC 9700 §2.1.1).
  const found = await store.findAuthCode(services.digest(form.code));
  if (!found || found.code.clientId !== form.client_id) return failure(oauthError("invalid_grant", "unknown authorization code"));
  if (found.alreadyUsed) return codeReused(services, found.code.orgId, found.previousAgentId);
  const { code } = found;
  if (code.expiresAt <= clock()) return failure(oauthError("invalid_grant", "authorization code expired"));
  if (code.redirectUri !== form.redirect_uri) return failure(oauthError("invalid_grant", "redirect_uri does not match the authorization request"));
  if (!(await verifyPkce(form.code_verifier, code.codeChallenge)))
    return failure(oauthError("invalid_grant", "code_verifier does not match the code_challenge"));
  if (form.resource !== undefined && normalizeResource(form.resource, resourcesOf(services.baseUrl, services.addressAliases)) !== code.resource)
    return failure(oauthError("invalid_target", "resource differs from the authorization request"));
  const now = clock();
  const agent: Agent = {
    id: ids.id(),
    clientId: code.clientId,
    userId: code.userId,
    orgId: code.orgId,
    scopes: code.scopes,
    resource: code.resource,
    createdAt: now,
    lastUsedAt: now,
  };
  const pair = mintPair(services);
  if (!(await store.createAgent(agent, code.codeHash, pair.tokensFor(agent), now))) {
    return codeReused(services, code.orgId, (await store.findAuthCode(code.codeHash))?.previousAgentId ?? null);
  }
  return { ok: true, value: pair.responseFor(agent) };
}

/** RFC 6749 §4.1.2: a code used twice was intercepted; what its first use issued is revoked. */
async function codeReused(services: TokenDeps, orgId: string, previousAgentId: string | null): Promise<TokenResult> {
  if (previousAgentId) await services.store.revokeAgents(orgId, [previousAgentId], null, services.clock());
  return failure(oauthError("invalid_grant", "authorization code already used"));
}

async function refresh(services: TokenDeps, form: Readonly<Record<string, string | undefined>>): Promise<TokenResult> {
  if (!form.refresh_token || !form.client_id) return failure(oauthError("invalid_request", "refresh_token and client_id are required"));
  // RFC 6749 §6: scopes asked for must be known and among those granted; none asked means all of them.
  const asked = form.scope?.trim() ? parseScopes(form.scope) : undefined;
  if (asked === null) return failure(unknownScope(form.scope));
  const pair = mintPair(services);
  // A request for another resource or more scopes is declined before the token is used, so the corrected retry still works.
  const resources = resourcesOf(services.baseUrl, services.addressAliases);
  let declined = oauthError("invalid_target", "resource differs from the authorization");
  const issue = (agent: Agent) => {
    if (form.resource !== undefined && normalizeResource(form.resource, resources) !== agent.resource) return null;
    if (asked && !asked.every((s) => agent.scopes.includes(s))) {
      declined = oauthError("invalid_scope", "scope exceeds what was granted");
      return null;
    }
    return pair.tokensFor(agent, asked);
  };
  const outcome = await services.store.rotateRefreshToken(
    services.digest(form.refresh_token),
    form.client_id,
    services.clock(),
    AGENT_IDLE_MS,
    issue,
  );
  if (outcome.state === "reused") return failure(oauthError("invalid_grant", "refresh token already used; the access was revoked"));
  if (outcome.state === "invalid")
    return failure(
      oauthError("invalid_grant", "refresh token unknown, expired or revoked (its agent removed, or unused for 30 days): authorize again"),
    );
  if (outcome.state === "declined") return failure(declined);
  return { ok: true, value: pair.responseFor(outcome.agent, asked) };
}

/** The token endpoint (RFC 6749 §3.2): authorization_code with PKCE, and refresh_token with rotation. */
export async function exchangeToken(services: TokenDeps, form: Readonly<Record<string, string | undefined>>): Promise<TokenResult> {
  if (!form.client_id) return failure(oauthError("invalid_request", "client_id is required"));
  if (!(await services.store.findClient(form.client_id))) return failure(oauthError("invalid_client", "unknown client_id"));
  if (form.grant_type === "authorization_code") return redeemCode(services, form);
  if (form.grant_type === "refresh_token") return refresh(services, form);
  return failure(oauthError("unsupported_grant_type", "grant_type must be authorization_code or refresh_token"));
}
