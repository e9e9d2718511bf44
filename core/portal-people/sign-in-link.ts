import { EMAIL_FIELD, isEmailShaped, normalizeEmail } from "../email.ts";
import { fail, invalid, ok, type Result } from "../errors.ts";
import type { Clock, Digest, Ids } from "../ports.ts";
import type { PortalPeopleStore } from "../store/portal-people.ts";
import { type PortalEntry, SIGN_IN_LINK_TTL_MS } from "./portal.ts";

export type MakeLinkDeps = {
  readonly store: Pick<PortalPeopleStore, "saveSignInLink">;
  readonly clock: Clock;
  readonly ids: Pick<Ids, "secret">;
  readonly digest: Digest;
  readonly baseUrl: string;
};

/** A sign-in link just made: where it leads, its secret (only its digest is stored), and when it runs out. */
interface MadeLink {
  readonly url: string;
  readonly token: string;
  readonly expiresAt: number;
}

/** Where a sign-in link leads: a page that opens the session when the person confirms (never on a mere GET). */
const signInLinkUrl = (baseUrl: string, slug: string, token: string, next: string | undefined): string =>
  `${baseUrl}/p/${encodeURIComponent(slug)}/sign-in/link?token=${encodeURIComponent(token)}${next ? `&next=${encodeURIComponent(next)}` : ""}`;

/**
 * The address a sign-in link may be made for, normalized: `not_found` while the portal is off (it
 * has no pages to sign in to), `invalid_body` for text that is not an e-mail address.
 */
export function signInAddress(portal: Pick<PortalEntry, "enabled">, email: string): Result<string> {
  if (!portal.enabled) return fail("not_found");
  const normalized = normalizeEmail(email);
  return isEmailShaped(normalized) ? ok(normalized) : invalid("invalid_body", { field: "email", reason: "expected", schema: EMAIL_FIELD });
}

/**
 * Makes a one-time sign-in link to the portal for an address signInAddress took: saved by its
 * digest, valid 15 minutes. Whether it is e-mailed or handed over by an operator, it is this link.
 */
export async function makeSignInLink(
  deps: MakeLinkDeps,
  portal: Pick<PortalEntry, "orgId" | "slug">,
  email: string,
  /** The page of the portal the person goes back to once signed in. */
  next?: string,
): Promise<MadeLink> {
  const token = deps.ids.secret();
  const expiresAt = deps.clock() + SIGN_IN_LINK_TTL_MS;
  await deps.store.saveSignInLink(deps.digest(token), { orgId: portal.orgId, email, expiresAt });
  return { url: signInLinkUrl(deps.baseUrl, portal.slug, token, next), token, expiresAt };
}
