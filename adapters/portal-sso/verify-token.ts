import { errors, jwtVerify } from "jose";
import type { SsoClaims, SsoRefusal, SsoVerifier } from "../../core/portal-people/portal.ts";

/** Why jose refused a token, told to the app's developers in a sentence they can act on. */
function refusal(error: errors.JOSEError): SsoRefusal {
  if (error instanceof errors.JWTExpired) return { refused: 'the token has expired ("exp" is past)' };
  if (error instanceof errors.JWTClaimValidationFailed) return { refused: `the token's "${error.claim}" claim is missing or invalid` };
  if (error instanceof errors.JOSEAlgNotAllowed) return { refused: "the token is not signed with HS256" };
  if (error instanceof errors.JWSSignatureVerificationFailed) return { refused: "the token is not signed with this portal's single sign-on secret" };
  return { refused: "the token is not a signed JWT" };
}

/**
 * Reads a portal's single sign-on token with jose: HS256 only (`alg: none` or any other algorithm is
 * refused), signed with the portal's secret, with `exp` required and not passed at `now`, and
 * `sub` and `email` as strings. Anything else is no person, and says why: the page tells the app's
 * developers, who alone can mend it.
 */
export const verifySsoToken: SsoVerifier = async (token, secret, now) => {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ["HS256"],
      requiredClaims: ["exp", "sub", "email"],
      currentDate: new Date(now),
    });
    const { sub, email, name } = payload;
    if (typeof sub !== "string") return { refused: 'the token\'s "sub" claim is not a string' };
    if (typeof email !== "string") return { refused: 'the token\'s "email" claim is not a string' };
    return { sub, email, ...(typeof name === "string" && name.trim() !== "" && { name }) } satisfies SsoClaims;
  } catch (error) {
    // A token that is not one, or not ours: the only answer is no.
    if (error instanceof errors.JOSEError) return refusal(error);
    throw error;
  }
};
