import { isEmailShaped, normalizeEmail } from "../email.ts";
import { fail, ok, type Result } from "../errors.ts";
import { VOTER_NAME_MAX_LENGTH } from "../schemas/votes.ts";
import { type OpenedSession, type PortalEntry, type SessionDeps, type SsoVerifier, startPortalSession } from "./portal.ts";

/**
 * GET /p/{slug}/sso?token=…: the customer's server signed who the person is (an HS256 JWT
 * `{sub, email, name?, exp}` with the portal's SSO secret); a valid token opens a portal session.
 * A forged, expired or incomplete token, or a portal without a secret, is `invalid_link`.
 */
export async function openSsoSession(services: SessionDeps, verify: SsoVerifier, portal: PortalEntry, token: string): Promise<Result<OpenedSession>> {
  if (!portal.enabled) return fail("not_found");
  if (!portal.ssoSecret || token === "") return fail("invalid_link");
  const claims = await verify(token, portal.ssoSecret, services.clock());
  if (!claims) return fail("invalid_link");
  const email = normalizeEmail(claims.email);
  if (!isEmailShaped(email)) return fail("invalid_link");
  const name = claims.name?.trim().slice(0, VOTER_NAME_MAX_LENGTH);
  return ok(await startPortalSession(services, { orgId: portal.orgId, email, ...(name && { name }) }));
}
