import { hmacSha256, timingSafeEqual, toBase64Url } from "../../core/encoding.ts";
import { endPortalSession } from "../../core/portal-people/end-portal-session.ts";
import type { OpenedSession, PortalEntry } from "../../core/portal-people/portal.ts";
import { resumePortalSession } from "../../core/portal-people/resume-portal-session.ts";
import type { Services } from "../../core/services.ts";
import type { PortalPerson } from "../../core/store/portal-people.ts";
import { type CookieJar, readCookie, writeCookie } from "./cookies.ts";
import { isSecure } from "./web-session.ts";

/**
 * The portal's own cookies (`__Host-` over https, as the team's): a portal session is never read as
 * a team session, nor the other way round. Each portal's session has a cookie of its own, named by
 * its slug (`__Host-` cookies cannot be scoped by path instead), so that signing in on one portal of
 * a service signs no one out of another; a session is honoured only by its own portal, whatever
 * cookie carries it, so a slug given up and taken by another portal opens nothing there. The dot
 * keeps every session's name apart from the CSRF cookie's, which no slug can spell.
 */
const sessionCookie = (portal: Pick<PortalEntry, "slug">): string => `retour_portal.${portal.slug}`;
/**
 * The form token's cookie before sign-in. Its name is none a portal session ever had: sessions were
 * once named `retour_portal_{slug}`, and a browser that signed in at `/p/csrf` then may still hold
 * a session under the name this cookie had (`retour_portal_csrf`), which is read no more.
 */
const PORTAL_CSRF_COOKIE = "retour_portal_form_csrf";

/** The portal's session secret this browser holds, live or not. */
const sessionSecret = (services: Services, portal: Pick<PortalEntry, "slug">, jar: CookieJar): string | undefined =>
  readCookie(jar, sessionCookie(portal), isSecure(services));

/** Whether this browser holds a session cookie of the portal at all (live or not): without one, it reads the portal as anyone. */
export const hasPortalSession = (services: Services, portal: Pick<PortalEntry, "slug">, jar: CookieJar): boolean =>
  sessionSecret(services, portal, jar) !== undefined;

/** The person signed in on this portal in this browser, if any. */
export async function portalPerson(services: Services, portal: PortalEntry, jar: CookieJar): Promise<PortalPerson | null> {
  const secret = sessionSecret(services, portal, jar);
  return secret ? resumePortalSession(services, portal, secret) : null;
}

/** Keeps a portal session just opened in the portal's session cookie. */
export function keepPortalSession(services: Services, portal: Pick<PortalEntry, "slug">, jar: CookieJar, opened: OpenedSession): void {
  writeCookie(jar, sessionCookie(portal), opened.secret, { secure: isSecure(services), maxAgeSeconds: opened.lifetimeMs / 1000 });
}

export async function closePortalSession(services: Services, portal: Pick<PortalEntry, "slug">, jar: CookieJar): Promise<void> {
  const secret = sessionSecret(services, portal, jar);
  if (secret) await endPortalSession(services, secret);
  writeCookie(jar, sessionCookie(portal), "", { secure: isSecure(services), maxAgeSeconds: 0 });
}

/** A portal session's CSRF token: a MAC of its secret, worth nothing in another session (and never a team form's token). */
const sessionToken = async (secret: string): Promise<string> => toBase64Url(await hmacSha256(secret, "retour portal form"));

/**
 * The token every portal form repeats in a hidden field: bound to the portal session when there is
 * one; before sign-in, a random token in an HttpOnly cookie repeated in the field (double submit).
 */
export async function portalCsrfToken(services: Services, portal: Pick<PortalEntry, "slug">, jar: CookieJar): Promise<string> {
  const secure = isSecure(services);
  const session = sessionSecret(services, portal, jar);
  if (session) return sessionToken(session);
  const existing = readCookie(jar, PORTAL_CSRF_COOKIE, secure);
  if (existing && existing.length >= 32) return existing;
  const token = services.ids.secret();
  writeCookie(jar, PORTAL_CSRF_COOKIE, token, { secure });
  return token;
}

/** Whether a submitted token is this browser's portal token. */
export async function portalCsrfValid(services: Services, portal: Pick<PortalEntry, "slug">, jar: CookieJar, submitted: unknown): Promise<boolean> {
  if (typeof submitted !== "string") return false;
  const session = sessionSecret(services, portal, jar);
  const expected = session ? await sessionToken(session) : readCookie(jar, PORTAL_CSRF_COOKIE, isSecure(services));
  return !!expected && timingSafeEqual(expected, submitted);
}
