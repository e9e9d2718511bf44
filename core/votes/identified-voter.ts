import { isEmailShaped, normalizeEmail } from "../email.ts";
import type { Language } from "../language.ts";
import { openSealed } from "../open-sealed.ts";
import type { SsoVerifier } from "../portal-people/portal.ts";
import { VOTER_NAME_MAX_LENGTH } from "../schemas/votes.ts";
import type { Services } from "../services.ts";
import type { Voter } from "./vote.ts";

/** The person a single sign-on token names, as a voter; null for a token that names no one (or a portal with no secret yet). */
export async function identifiedVoter(
  services: Pick<Services, "secrets" | "clock">,
  verify: SsoVerifier,
  sealed: string | null,
  orgId: string,
  token: string,
  language: Language,
): Promise<Voter | null> {
  if (!sealed || token === "") return null;
  // A secret that no longer opens verifies no one.
  const secret = await openSealed(services.secrets, sealed);
  const claims = secret === null ? null : await verify(token, secret, services.clock());
  if (!claims || "refused" in claims) return null;
  const email = normalizeEmail(claims.email);
  if (!isEmailShaped(email)) return null;
  const name = claims.name?.trim().slice(0, VOTER_NAME_MAX_LENGTH);
  return { orgId, email, language, ...(name && { name }) };
}
