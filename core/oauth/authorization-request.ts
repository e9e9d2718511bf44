import type { OAuthClient } from "../model.ts";
import type { Services } from "../services.ts";
import type { OAuthStore } from "../store/oauth.ts";
import { oauthError } from "./errors.ts";
import type { AgentScope } from "../authorization.ts";

/** What the authorization endpoint reads and writes: the client, the code, and this service's addresses. */
export type AuthorizeDeps = Pick<Services, "clock" | "ids" | "digest" | "baseUrl" | "addressAliases"> & {
  readonly store: Pick<OAuthStore, "findClient" | "createAuthCode">;
};

/** A checked authorization request, ready for the consent screen. */
export interface AuthorizationRequest {
  readonly client: OAuthClient;
  readonly redirectUri: string;
  readonly state: string | undefined;
  readonly codeChallenge: string;
  readonly scopes: readonly AgentScope[];
  readonly resource: string;
  /** This authorization server's issuer identifier, as the metadata at the address the request came to names it. */
  readonly issuer: string;
}

/**
 * The redirect URI with the given parameters, the state and the issuer added to its query. `iss`
 * (RFC 9207) lets a client that talks to several servers tell which one answered (mix-up attacks).
 */
export function redirectWith(redirectUri: string, params: Record<string, string>, state: string | undefined, issuer: string): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  if (state !== undefined) url.searchParams.set("state", state);
  url.searchParams.set("iss", issuer);
  return url.href;
}

/** The person refused: the client hears access_denied at its redirect URI. */
export const deny = (request: AuthorizationRequest): string =>
  redirectWith(request.redirectUri, { ...oauthError("access_denied", "the person denied access") }, request.state, request.issuer);
