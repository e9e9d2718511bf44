/**
 * OAuth 2.0 error codes, as RFC 6749, RFC 7591 and RFC 8707 spell them; and `too_many_requests`,
 * which no RFC names but OAuth clients (the MCP SDK's among them) read as a rate refusal.
 */
type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "unsupported_response_type"
  | "invalid_scope"
  | "access_denied"
  | "invalid_target"
  | "invalid_redirect_uri"
  | "invalid_client_metadata"
  | "too_many_requests";

export interface OAuthError {
  readonly error: OAuthErrorCode;
  readonly error_description: string;
}

export const oauthError = (error: OAuthErrorCode, error_description: string): OAuthError => ({ error, error_description });
