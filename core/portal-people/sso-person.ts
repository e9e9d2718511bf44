import { isEmailShaped, normalizeEmail } from "../email.ts";
import { VOTER_NAME_MAX_LENGTH } from "../schemas/votes.ts";
import type { SsoVerifier } from "./portal.ts";

/** Why a portal refuses every token before reading one, for the site's developers. */
export const NO_SSO_SECRET = "this portal has no single sign-on secret yet (Settings → Portal)";

/**
 * The person a single sign-on token names (its e-mail address normalized, its name trimmed to a
 * voter's), or why it names no one, in words for the site's developers, who alone can mend it: the
 * portal's sign-in and the widget's votes read a token alike.
 */
export async function ssoPerson(
  verify: SsoVerifier,
  token: string,
  secret: string,
  now: number,
): Promise<{ readonly email: string; readonly name?: string } | { readonly refused: string }> {
  const claims = await verify(token, secret, now);
  if ("refused" in claims) return claims;
  const email = normalizeEmail(claims.email);
  if (!isEmailShaped(email)) return { refused: 'the token\'s "email" claim is no e-mail address' };
  const name = claims.name?.trim().slice(0, VOTER_NAME_MAX_LENGTH);
  return { email, ...(name && { name }) };
}
