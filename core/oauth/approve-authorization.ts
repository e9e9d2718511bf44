import type { Role } from "../model.ts";
import { type AuthorizationRequest, type AuthorizeDeps, redirectWith } from "./authorization-request.ts";
import { oauthError } from "./errors.ts";
import { AUTH_CODE_TTL_MS } from "./lifetimes.ts";
import { scopesWithin } from "../authorization.ts";

/** The person allowed: issues a single-use code bound to client, redirect URI, verifier and resource. */
export async function approveAuthorization(
  services: AuthorizeDeps,
  request: AuthorizationRequest,
  person: { userId: string; orgId: string; role: Role },
): Promise<string> {
  // A Reader grants only Read.
  const scopes = scopesWithin(person.role, request.scopes);
  if (scopes.length === 0)
    return redirectWith(
      request.redirectUri,
      { ...oauthError("invalid_scope", "your role cannot grant the requested permissions") },
      request.state,
      request.issuer,
    );
  const code = services.ids.secret();
  await services.store.createAuthCode({
    codeHash: services.digest(code),
    clientId: request.client.id,
    userId: person.userId,
    orgId: person.orgId,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    scopes,
    resource: request.resource,
    expiresAt: services.clock() + AUTH_CODE_TTL_MS,
  });
  return redirectWith(request.redirectUri, { code }, request.state, request.issuer);
}
