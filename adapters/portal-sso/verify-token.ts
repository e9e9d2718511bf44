import { errors, jwtVerify } from "jose";
import type { SsoClaims, SsoVerifier } from "../../core/portal-people/portal.ts";

/**
 * Reads a portal's single sign-on token with jose: HS256 only (`alg: none` or any other algorithm is
 * refused), signed with the portal's secret, with `exp` required and not passed at `now`, and
 * `sub` and `email` as strings. Anything else is no person (null): the page says the link is invalid.
 */
export const verifySsoToken: SsoVerifier = async (token, secret, now) => {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ["HS256"],
      requiredClaims: ["exp", "sub", "email"],
      currentDate: new Date(now),
    });
    const { sub, email, name } = payload;
    if (typeof sub !== "string" || typeof email !== "string") return null;
    return { sub, email, ...(typeof name === "string" && name.trim() !== "" && { name }) } satisfies SsoClaims;
  } catch (error) {
    // A token that is not one, or not ours: the only answer is no.
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
};
