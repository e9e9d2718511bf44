import { ok, type Result, unavailable } from "../errors.ts";
import type { Language } from "../language.ts";
import type { Notifier } from "../ports.ts";
import { checkRateLimit } from "../rate-limits/check-rate-limit.ts";
import type { PortalStore } from "../store/portals.ts";
import type { RateLimitStore } from "../store/rate-limits.ts";
import { type PortalEntry, signInMessage } from "./portal.ts";
import { type MakeLinkDeps, makeSignInLink, signInAddress } from "./sign-in-link.ts";

type LinkDeps = MakeLinkDeps & {
  readonly store: MakeLinkDeps["store"] & RateLimitStore & Pick<PortalStore, "findPortal">;
  readonly notifier: Notifier;
};

const HOUR_MS = 3_600_000;
/** Sign-in links one client address may ask for per hour, whatever the addresses typed. */
const LINKS_PER_ADDRESS_PER_HOUR = 20;
/** Sign-in links one e-mail address may receive per hour: a mailbox is never flooded. */
export const LINKS_PER_EMAIL_PER_HOUR = 5;

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
  const { store, clock, digest, notifier } = services;
  const address = signInAddress(portal, request.email);
  if (!address.ok) return address;
  const email = address.value;
  const byAddress = await checkRateLimit(store, clock, `portal-link-address:${request.address}`, LINKS_PER_ADDRESS_PER_HOUR, HOUR_MS);
  if (!byAddress.ok) return byAddress;
  const byEmail = await checkRateLimit(store, clock, `portal-link-email:${portal.orgId}:${email}`, LINKS_PER_EMAIL_PER_HOUR, HOUR_MS);
  if (!byEmail.ok) return byEmail;
  const link = await makeSignInLink(services, portal, email, request.next);
  // The message names the portal by its title, as the person saw it on the page they asked from.
  // It goes out under that title too (OutgoingMessage.senderName): the portal's people know no other.
  const title = (await store.findPortal(portal.orgId))?.title;
  const words = signInMessage(request.language, {
    portal: title ?? portal.slug,
    link: link.url,
  });
  try {
    await notifier.send({ to: email, ...words, ...(title && { senderName: title }), messageId: `portal-sign-in.${digest(link.token).slice(0, 32)}` });
  } catch (error) {
    // Said to the person, who may ask again; the link saved is never sent, and runs out.
    return unavailable("email_unavailable", error);
  }
  return ok(undefined);
}
