import { timingSafeEqual } from "../../core/encoding.ts";
import type { Services } from "../../core/services.ts";
import { endSession } from "../../core/sessions/end-session.ts";
import { resumeSession, type SignedIn } from "../../core/sessions/resume-session.ts";
import { startSession } from "../../core/sessions/start-session.ts";
import { CSRF_COOKIE, type CookieJar, readCookie, SESSION_COOKIE, writeCookie } from "./cookies.ts";

export const isSecure = (services: Pick<Services, "baseUrl">): boolean => services.baseUrl.startsWith("https:");

/** The person signed in on this browser, with their organizations, if any. */
export async function signedInUser(services: Services, jar: CookieJar): Promise<SignedIn | null> {
  const session = readCookie(jar, SESSION_COOKIE);
  return session ? resumeSession(services, session) : null;
}

/** Opens a session, kept in the session cookie. */
export async function openSession(services: Services, jar: CookieJar, userId: string): Promise<void> {
  const session = await startSession(services, userId);
  writeCookie(jar, SESSION_COOKIE, session.secret, { secure: isSecure(services), maxAgeSeconds: session.lifetimeMs / 1000 });
}

export async function closeSession(services: Services, jar: CookieJar): Promise<void> {
  const session = readCookie(jar, SESSION_COOKIE);
  if (session) await endSession(services, session);
  writeCookie(jar, SESSION_COOKIE, "", { secure: isSecure(services), maxAgeSeconds: 0 });
}

/**
 * CSRF protection by double submit: a random token in an HttpOnly cookie, repeated in a hidden
 * field of every form. A cross-site form can send the cookie but cannot read it to fill the field.
 */
export function csrfToken(services: Services, jar: CookieJar): string {
  const existing = readCookie(jar, CSRF_COOKIE);
  if (existing && existing.length >= 32) return existing;
  const token = services.ids.secret();
  writeCookie(jar, CSRF_COOKIE, token, { secure: isSecure(services) });
  return token;
}

export function csrfValid(jar: CookieJar, submitted: unknown): boolean {
  const cookie = readCookie(jar, CSRF_COOKIE);
  return typeof submitted === "string" && !!cookie && timingSafeEqual(cookie, submitted);
}
