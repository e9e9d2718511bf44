import type { Language } from "../../../core/language.ts";
import { organizationSignIn } from "../../../core/portal-people/organization-sign-in.ts";
import type { PortalEntry } from "../../../core/portal-people/portal.ts";
import { openSsoSecret } from "../../../core/portal/sso-secret.ts";
import type { Services } from "../../../core/services.ts";
import type { PortalPerson } from "../../../core/store/portal-people.ts";
import type { PortalRecord } from "../../../core/store/portals.ts";
import type { CookieJar } from "../cookies.ts";
import { type Html, html } from "../html.ts";
import { hasPortalSession, portalCsrfToken, portalPerson } from "../portal-session.ts";
import type { PortalLinks } from "./links.ts";
import { portalWords } from "./words.ts";

/** The person signed in on the portal in this browser, with the token their forms repeat. */
export interface Viewer {
  readonly person: PortalPerson;
  readonly csrf: string;
}

/**
 * The person reading a portal page: null for anyone without a live portal session of this portal
 * (whose pages are the same for all and cached), else the person, whose pages are private.
 */
export async function portalViewer(services: Services, portal: PortalRecord, jar: CookieJar): Promise<Viewer | null> {
  if (!hasPortalSession(services, portal, jar)) return null;
  const person = await portalPerson(services, { ...portal, ssoSecret: null }, jar);
  return person && { person, csrf: await portalCsrfToken(services, portal, jar) };
}

/** How a signed-in person is named on the portal: their name, else their address. */
const shownName = (person: PortalPerson): string => person.name ?? person.email;

/**
 * How a person can sign in to a portal, coming back to `next` (a path of this service): by an
 * e-mail link where the service sends e-mail, and through the organization's own sign-in where the
 * portal has its address and an SSO secret that opens (openSsoSecret). The sign-in page offers
 * these; every other page offers to sign in only where there is one (signInPossible).
 */
export const waysIn = (services: Pick<Services, "notifier" | "baseUrl">, portal: Pick<PortalEntry, "signInUrl" | "ssoSecret">, next: string) => ({
  email: services.notifier.delivers,
  organization: organizationSignIn(portal, portal.ssoSecret !== null)?.(`${services.baseUrl}${next}`) ?? null,
});

/**
 * Whether the portal's sign-in page has a way in to offer (waysIn), its SSO secret opened as that
 * page opens it: a secret that no longer opens offers nothing that would then be refused. With no
 * way in, nothing offers to: people the customer's app signs in by single sign-on arrive signed in.
 */
export async function signInPossible(
  services: Pick<Services, "notifier" | "baseUrl" | "secrets">,
  portal: Pick<PortalRecord, "ssoSecretSealed" | "signInUrl">,
): Promise<boolean> {
  // The e-mail link is a way in whatever the secret; without a sign-in page there is no other:
  // the secret is opened (unsealed, on every public page) only when it decides.
  if (services.notifier.delivers) return true;
  if (portal.signInUrl === null) return false;
  const ways = waysIn(services, { signInUrl: portal.signInUrl, ssoSecret: await openSsoSecret(services.secrets, portal) }, "/");
  return ways.organization !== null;
}

/** The header's account slot: "Sign in" (coming back here) where one can, or the person's name and a sign-out button. */
export function accountSlot(language: Language, links: PortalLinks, viewer: Viewer | null, here: string, canSignIn = true): Html {
  const w = portalWords(language);
  if (!viewer) return canSignIn ? html`<a href="${links.signIn(here)}">${w.signIn}</a>` : html``;
  return html`<form method="post" action="${links.signOut()}" class="signout" aria-label="${w.account}"><span class="who-am-i">${shownName(viewer.person)}</span>
<input type="hidden" name="csrf" value="${viewer.csrf}"><button type="submit" class="quiet">${w.signOut}</button></form>`;
}

/** The hidden fields every portal form posts: the person's token, and the honeypot a person never sees. */
export function formGuards(language: Language, viewer: Viewer, id: string): Html {
  return html`<input type="hidden" name="csrf" value="${viewer.csrf}"><div class="trap" aria-hidden="true"><label for="${id}">${portalWords(language).honeypot}</label><input id="${id}" type="text" name="website" tabindex="-1" autocomplete="off"></div>`;
}
