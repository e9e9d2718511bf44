import type { OAuthClient } from "../model.ts";
import { oauthError, type OAuthError } from "./errors.ts";
import { type AuthorizationRequest, type AuthorizeDeps, redirectWith } from "./authorization-request.ts";
import { parseScopes, unknownScope } from "./permissions.ts";
import { isS256Challenge } from "./pkce.ts";
import { isRegisteredRedirect } from "./redirect-uri.ts";
import { normalizeResource, resourcesOf } from "./resources.ts";

export type AuthorizationCheck =
  /** Client or redirect URI cannot be trusted: the person is told why, and nothing is redirected. */
  | { readonly kind: "refuse"; readonly reason: "unknown_client" | "unregistered_redirect" | "repeated_client" }
  /**
   * The client is known, the request wrong: the error goes back to its redirect URI (`location`),
   * once the person has seen it, since anyone may register a client that sends them anywhere.
   */
  | { readonly kind: "redirect"; readonly location: string; readonly client: OAuthClient; readonly redirectUri: string; readonly error: OAuthError }
  | { readonly kind: "ok"; readonly request: AuthorizationRequest };

/**
 * Checks an authorization request (RFC 6749 §4.1.1, PKCE S256 mandatory, RFC 8707 resource), made to
 * the authorization server `issuer` names: every answer sent back to the client carries it (RFC 9207).
 */
export async function checkAuthorizationRequest(
  services: AuthorizeDeps,
  params: Readonly<Record<string, string | undefined>>,
  issuer: string,
  repeated: readonly string[] = [],
): Promise<AuthorizationCheck> {
  // A parameter given twice is refused (RFC 6749 §3.1): read one way here and another elsewhere, it
  // could have a page name one client and its form approve another. Without one client or one
  // address to send the error to, the person is told, and nothing is redirected.
  if (repeated.includes("client_id") || repeated.includes("redirect_uri")) return { kind: "refuse", reason: "repeated_client" };
  const client = params.client_id ? await services.store.findClient(params.client_id) : null;
  if (!client) return { kind: "refuse", reason: "unknown_client" };
  const redirectUri = params.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
  if (!redirectUri || !isRegisteredRedirect(client.redirectUris, redirectUri)) {
    return { kind: "refuse", reason: "unregistered_redirect" };
  }
  const state = repeated.includes("state") ? undefined : params.state;
  const back = (error: OAuthError): AuthorizationCheck => ({
    kind: "redirect",
    location: redirectWith(redirectUri, { ...error }, state, issuer),
    client,
    redirectUri,
    error,
  });
  if (repeated.length > 0) return back(oauthError("invalid_request", `${repeated[0]} is given more than once`));
  if (params.response_type !== "code") return back(oauthError("unsupported_response_type", "response_type must be code"));
  if (!params.code_challenge) return back(oauthError("invalid_request", "PKCE is required: send code_challenge with code_challenge_method=S256"));
  if (params.code_challenge_method !== "S256") return back(oauthError("invalid_request", "code_challenge_method must be S256"));
  if (!isS256Challenge(params.code_challenge)) return back(oauthError("invalid_request", "code_challenge is not an S256 challenge"));
  const scopes = parseScopes(params.scope);
  if (!scopes) return back(unknownScope(params.scope));
  const resources = resourcesOf(services.baseUrl, services.addressAliases);
  const resource = params.resource === undefined ? resources.service : normalizeResource(params.resource, resources);
  if (!resource || ![resources.service, resources.mcp, resources.rest].includes(resource)) {
    return back(oauthError("invalid_target", "resource must be this service's MCP server or REST API"));
  }
  return { kind: "ok", request: { client, redirectUri, state, codeChallenge: params.code_challenge, scopes, resource, issuer } };
}
