import { Type, type Static } from "@sinclair/typebox";
import { reordersText, Text } from "../schemas/text.ts";
import { oauthError, type OAuthError } from "./errors.ts";
import { isAllowedRedirectUri } from "./redirect-uri.ts";
import type { Clock, Ids } from "../ports.ts";
import type { OAuthStore } from "../store/oauth.ts";

/**
 * The longest redirect URI a client may register. Anyone may register, without credentials, and a
 * client's addresses are kept and shown on the consent and Agents pages: unbounded, one registration
 * could keep a whole request body (RFC 6819 §5.1.5.11, resource exhaustion). Callback addresses are short.
 */
export const REDIRECT_URI_MAX = 2000;

/** RFC 7591 client metadata, as far as this server reads it; other members are ignored. */
export const ClientMetadata = Type.Object({
  redirect_uris: Type.Array(Text({ maxLength: REDIRECT_URI_MAX }), { minItems: 1, maxItems: 10 }),
  client_name: Type.Optional(Text({ maxLength: 200 })),
  grant_types: Type.Optional(Type.Array(Type.String())),
  response_types: Type.Optional(Type.Array(Type.String())),
  token_endpoint_auth_method: Type.Optional(Type.String()),
  scope: Type.Optional(Type.String()),
});
export type ClientMetadata = Static<typeof ClientMetadata>;

interface ClientRegistration {
  client_id: string;
  client_id_issued_at: number;
  client_name: string;
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: "none";
}

const SUPPORTED_GRANTS = ["authorization_code", "refresh_token"];

/**
 * Registers a public client (PKCE, no secret). Confidential methods asked for are replaced by
 * "none", as RFC 7591 allows; the answer says what was registered.
 */
export async function registerClient(
  deps: { store: OAuthStore; ids: Ids; clock: Clock },
  metadata: ClientMetadata,
): Promise<{ ok: true; value: ClientRegistration } | { ok: false; error: OAuthError }> {
  const bad = metadata.redirect_uris.find((uri) => !isAllowedRedirectUri(uri));
  if (bad !== undefined)
    return {
      ok: false,
      error: oauthError(
        "invalid_redirect_uri",
        `redirect URI must be https, http on a loopback address (localhost, 127.0.0.1, [::1]), or an application's own scheme (cursor://…): ${bad}`,
      ),
    };
  if (metadata.grant_types?.some((g) => !SUPPORTED_GRANTS.includes(g))) {
    return { ok: false, error: oauthError("invalid_client_metadata", "grant_types may only be authorization_code and refresh_token") };
  }
  // A name that reorders or hides text would make the consent screen show another name than the one registered.
  if (metadata.client_name !== undefined && reordersText(metadata.client_name))
    return { ok: false, error: oauthError("invalid_client_metadata", "client_name may not contain bidirectional or other control characters") };
  if (metadata.response_types?.some((r) => r !== "code"))
    return { ok: false, error: oauthError("invalid_client_metadata", "response_types may only be code") };
  const now = deps.clock();
  const client = {
    id: deps.ids.id(),
    name: metadata.client_name?.trim() || "Unnamed application",
    redirectUris: metadata.redirect_uris,
    createdAt: now,
  };
  await deps.store.createClient(client);
  return {
    ok: true,
    value: {
      client_id: client.id,
      client_id_issued_at: Math.floor(now / 1000),
      client_name: client.name,
      redirect_uris: [...client.redirectUris],
      grant_types: SUPPORTED_GRANTS,
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    },
  };
}
