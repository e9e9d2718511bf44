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
 * a team session, nor the other way round.
 */
const PORTAL_SESSION_COOKIE = "retour_portal";
const PORTAL_CSRF_COOKIE = "retour_portal_csrf";

/** Whether this browser holds a portal session cookie at all (live or not): without one, it reads the portal as anyone. */
export const hasPortalSession = (services: Services, jar: CookieJar): boolean =>
  readCookie(jar, PORTAL_SESSION_COOKIE, isSecure(services)) !== undefined;

/** The person signed in on this portal in this browser, if any. */
export async function portalPerson(services: Services, portal: PortalEntry, jar: CookieJar): Promise<PortalPerson | null> {
  const secret = readCookie(jar, PORTAL_SESSION_COOKIE, isSecure(services));
  return secret ? resumePortalSession(services, portal, secret) : null;
}

/** Keeps a portal session just opened in the portal's session cookie. */
export function keepPortalSession(services: Services, jar: CookieJar, opened: OpenedSession): void {
  writeCookie(jar, PORTAL_SESSION_COOKIE, opened.secret, { secure: isSecure(services), maxAgeSeconds: opened.lifetimeMs / 1000 });
}

export async function closePortalSession(services: Services, jar: CookieJar): Promise<void> {
  const secret = readCookie(jar, PORTAL_SESSION_COOKIE, isSecure(services));
  if (secret) await endPortalSession(services, secret);
  writeCookie(jar, PORTAL_SESSION_COOKIE, "", { secure: isSecure(services), maxAgeSeconds: 0 });
}

/** A portal session's CSRF token: a MAC of its secret, worth nothing in another session (and never a team form's token). */
const sessionToken = async (secret: string): Promise<string> => toBase64Url(await hmacSha256(secret, "retour portal form"));

/**
 * The token every portal form repeats in a hidden field: bound to the portal session when there is
 * one; before sign-in, a random token in an HttpOnly cookie repeated in the field (double submit).
 */
export async function portalCsrfToken(services: Services, jar: CookieJar): Promise<string> {
  const secure = isSecure(services);
  const session = readCookie(jar, PORTAL_SESSION_COOKIE, secure);
  if (session) return sessionToken(session);
  const existing = readCookie(jar, PORTAL_CSRF_COOKIE, secure);
  if (existing && existing.length >= 32) return existing;
  const token = services.ids.secret();
  writeCookie(jar, PORTAL_CSRF_COOKIE, token, { secure });
  return token;
}

/** Whether a submitted token is this browser's portal token. */
export async function portalCsrfValid(services: Services, jar: CookieJar, submitted: unknown): Promise<boolean> {
  if (typeof submitted !== "string") return false;
  const secure = isSecure(services);
  const session = readCookie(jar, PORTAL_SESSION_COOKIE, secure);
  const expected = session ? await sessionToken(session) : readCookie(jar, PORTAL_CSRF_COOKIE, secure);
  return !!expected && timingSafeEqual(expected, submitted);
}
