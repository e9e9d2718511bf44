import type { Services } from "../services.ts";
import type { OAuthStore } from "../store/oauth.ts";

/**
 * RFC 7009: revokes an access or refresh token of the calling client. The answer is the same
 * whether or not the token existed, so the endpoint reveals nothing.
 */
export async function revokeClientToken(
  services: Pick<Services, "clock" | "digest"> & { readonly store: Pick<OAuthStore, "revokeTokenOfClient"> },
  form: Readonly<Record<string, string | undefined>>,
): Promise<"revoked" | "invalid_request"> {
  if (!form.token || !form.client_id) return "invalid_request";
  await services.store.revokeTokenOfClient(services.digest(form.token), form.client_id, services.clock());
  return "revoked";
}
