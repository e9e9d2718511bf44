import { EMAIL_FIELD, isEmailShaped, normalizeEmail } from "../email.ts";
import { fail, invalid, ok, type Result, unavailable } from "../errors.ts";
import type { Language } from "../language.ts";
import type { Clock, Digest, Ids, Notifier } from "../ports.ts";
import { checkRateLimit } from "../rate-limits/check-rate-limit.ts";
import type { PortalPeopleStore } from "../store/portal-people.ts";
import type { PortalStore } from "../store/portals.ts";
import type { RateLimitStore } from "../store/rate-limits.ts";
import { type PortalEntry, SIGN_IN_LINK_TTL_MS, signInMessage } from "./portal.ts";

type LinkDeps = {
  readonly store: Pick<PortalPeopleStore, "saveSignInLink"> & RateLimitStore & Pick<PortalStore, "findPortal">;
  readonly clock: Clock;
  readonly ids: Pick<Ids, "secret">;
  readonly digest: Digest;
  readonly notifier: Notifier;
  readonly baseUrl: string;
};

const HOUR_MS = 3_600_000;
/** Sign-in links one client address may ask for per hour, whatever the addresses typed. */
const LINKS_PER_ADDRESS_PER_HOUR = 20;
/** Sign-in links one e-mail address may receive per hour: a mailbox is never flooded. */
export const LINKS_PER_EMAIL_PER_HOUR = 5;

/** Where a sign-in link leads: a page that opens the session when the person confirms (never on a mere GET). */
const signInLinkUrl = (baseUrl: string, slug: string, token: string, next: string | undefined): string =>
  `${baseUrl}/p/${encodeURIComponent(slug)}/sign-in/link?token=${encodeURIComponent(token)}${next ? `&next=${encodeURIComponent(next)}` : ""}`;

/**
 * A person asks to sign in to a portal by e-mail: a one-time link, valid 15 minutes, is sent to the
 * address through the notifier. Anyone may sign in (a portal's people are not registered first), so
 * the answer is the same for every well-formed address. Limited per client address and per e-mail
 * address over an hour (`rate_limited`); `invalid_body` for text that is not an e-mail address.
 */
export async function requestSignInLink(
  services: LinkDeps,
  portal: PortalEntry,
  /** `next`: the page of the portal the person goes back to once signed in (the adapter keeps it within the portal). */
  request: { readonly email: string; readonly language: Language; readonly address: string; readonly next?: string },
): Promise<Result<void>> {
  const { store, clock, ids, digest, notifier } = services;
  if (!portal.enabled) return fail("not_found");
  const email = normalizeEmail(request.email);
  if (!isEmailShaped(email)) return invalid("invalid_body", { field: "email", reason: "expected", schema: EMAIL_FIELD });
  const byAddress = await checkRateLimit(store, clock, `portal-link-address:${request.address}`, LINKS_PER_ADDRESS_PER_HOUR, HOUR_MS);
  if (!byAddress.ok) return byAddress;
  const byEmail = await checkRateLimit(store, clock, `portal-link-email:${portal.orgId}:${email}`, LINKS_PER_EMAIL_PER_HOUR, HOUR_MS);
  if (!byEmail.ok) return byEmail;
  const token = ids.secret();
  await store.saveSignInLink(digest(token), { orgId: portal.orgId, email, expiresAt: clock() + SIGN_IN_LINK_TTL_MS });
  // The message names the portal by its title, as the person saw it on the page they asked from.
  // It goes out under that title too (OutgoingMessage.senderName): the portal's people know no other.
  const title = (await store.findPortal(portal.orgId))?.title;
  const words = signInMessage(request.language, {
    portal: title ?? portal.slug,
    link: signInLinkUrl(services.baseUrl, portal.slug, token, request.next),
  });
  try {
    await notifier.send({ to: email, ...words, ...(title && { senderName: title }), messageId: `portal-sign-in.${digest(token).slice(0, 32)}` });
  } catch (error) {
    // Said to the person, who may ask again; the link saved is never sent, and runs out.
    return unavailable("email_unavailable", error);
  }
  return ok(undefined);
}
