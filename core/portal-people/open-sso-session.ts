import { type Failure, fail, ok, type Result } from "../errors.ts";
import { type OpenedSession, type PortalEntry, type SessionDeps, type SsoVerifier, startPortalSession } from "./portal.ts";
import { NO_SSO_SECRET, ssoPerson } from "./sso-person.ts";

/** A refused token: `invalid_link`, with why (`cause`) for the app's developers, who alone can mend it. */
const refused = (why: string): Failure => ({ ok: false, code: "invalid_link", cause: why });

/**
 * GET /p/{slug}/sso?token=…: the customer's server signed who the person is (an HS256 JWT
 * `{sub, email, name?, exp}` with the portal's SSO secret); a valid token opens a portal session.
 * A forged, expired or incomplete token, or a portal without a secret, is `invalid_link`, saying why.
 */
export async function openSsoSession(services: SessionDeps, verify: SsoVerifier, portal: PortalEntry, token: string): Promise<Result<OpenedSession>> {
  if (!portal.enabled) return fail("not_found");
  if (!portal.ssoSecret) return refused(NO_SSO_SECRET);
  if (token === "") return refused("the address carries no token (?token=)");
  const person = await ssoPerson(verify, token, portal.ssoSecret, services.clock());
  if ("refused" in person) return refused(person.refused);
  return ok(await startPortalSession(services, { orgId: portal.orgId, ...person }));
}
