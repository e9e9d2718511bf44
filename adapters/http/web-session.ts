import { hmacSha256, timingSafeEqual, toBase64Url } from "../../core/encoding.ts";
import type { Services } from "../../core/services.ts";
import { endSession } from "../../core/sessions/end-session.ts";
import { resumeSession, type SignedIn } from "../../core/sessions/resume-session.ts";
import { startSession } from "../../core/sessions/start-session.ts";
import { CSRF_COOKIE, type CookieJar, LIST_COOKIE, readCookie, SESSION_COOKIE, writeCookie } from "./cookies.ts";

export const isSecure = (services: Pick<Services, "baseUrl">): boolean => services.baseUrl.startsWith("https:");

/** The person signed in on this browser, with their organizations, if any. */
export async function signedInUser(services: Services, jar: CookieJar): Promise<SignedIn | null> {
  const session = readCookie(jar, SESSION_COOKIE, isSecure(services));
  return session ? resumeSession(services, session) : null;
}

/**
 * Opens a session, kept in the session cookie. The session this browser held until now (another
 * person's, left signed in on a shared computer, or the same person's) is ended, not merely
 * forgotten by the browser: a copy of its cookie taken before opens nothing afterwards. The inbox
 * list it last showed goes with it, as at sign-out: it may be another person's, not signed out.
 */
export async function openSession(services: Services, jar: CookieJar, userId: string): Promise<void> {
  const held = readCookie(jar, SESSION_COOKIE, isSecure(services));
  if (held) await endSession(services, held);
  const session = await startSession(services, userId);
  writeCookie(jar, SESSION_COOKIE, session.secret, { secure: isSecure(services), maxAgeSeconds: session.lifetimeMs / 1000 });
  writeCookie(jar, LIST_COOKIE, "", { secure: isSecure(services), maxAgeSeconds: 0 });
}

/** Signs out: the session ends, and the inbox list it last showed (a search, a filter by owner) is not left to the next person on this browser. */
export async function closeSession(services: Services, jar: CookieJar): Promise<void> {
  const session = readCookie(jar, SESSION_COOKIE, isSecure(services));
  if (session) await endSession(services, session);
  for (const name of [SESSION_COOKIE, LIST_COOKIE]) writeCookie(jar, name, "", { secure: isSecure(services), maxAgeSeconds: 0 });
}

/** The CSRF token of a session: a MAC of its secret, so only the holder of the session cookie knows it, and it is worth nothing in another session. */
const sessionToken = async (sessionSecret: string): Promise<string> => toBase64Url(await hmacSha256(sessionSecret, "retour web form"));

/**
 * What ties what is kept for a session's next page (a flash) to that session: a MAC of its secret,
 * which another session on the same browser (signed out, and someone else signed in) does not have. Null signed out.
 */
export async function sessionTag(services: Pick<Services, "baseUrl">, jar: CookieJar): Promise<string | null> {
  const session = readCookie(jar, SESSION_COOKIE, isSecure(services));
  return session ? toBase64Url(await hmacSha256(session, "retour flash")) : null;
}

/**
 * The token every form repeats in a hidden field. With a session, it is bound to it: derived from
 * the session's secret, which a page on another site (or a sibling host that plants cookies) can
 * neither read nor choose. Before sign-in (the sign-in form), a random token in an HttpOnly cookie,
 * repeated in the field (double submit); the Origin check guards that form too.
 */
export async function csrfToken(services: Services, jar: CookieJar): Promise<string> {
  const secure = isSecure(services);
  const session = readCookie(jar, SESSION_COOKIE, secure);
  if (session) return sessionToken(session);
  const existing = readCookie(jar, CSRF_COOKIE, secure);
  if (existing && existing.length >= 32) return existing;
  const token = services.ids.secret();
  writeCookie(jar, CSRF_COOKIE, token, { secure });
  return token;
}

/** Whether a submitted token is the one of this browser's session (or, before sign-in, of its pre-session cookie). */
export async function csrfValid(services: Services, jar: CookieJar, submitted: unknown): Promise<boolean> {
  if (typeof submitted !== "string") return false;
  const secure = isSecure(services);
  const session = readCookie(jar, SESSION_COOKIE, secure);
  const expected = session ? await sessionToken(session) : readCookie(jar, CSRF_COOKIE, secure);
  return !!expected && timingSafeEqual(expected, submitted);
}
