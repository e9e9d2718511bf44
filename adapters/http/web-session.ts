import { timingSafeEqual } from "../../core/encoding.ts";
import { SESSION_TTL_MS } from "../../core/oauth/lifetimes.ts";
import type { Services } from "../../core/services.ts";
import { CSRF_COOKIE, readCookie, SESSION_COOKIE, setCookie } from "./cookies.ts";

export const isSecure = (services: Services): boolean => services.baseUrl.startsWith("https:");

/** The person signed in on this browser, if any. */
export async function signedInUser(services: Services, request: Request): Promise<{ userId: string; email: string } | null> {
  const session = readCookie(request, SESSION_COOKIE);
  return session ? services.store.findSession(services.digest(session), services.clock()) : null;
}

/** Opens a session; returns the Set-Cookie header value. */
export async function openSession(services: Services, userId: string): Promise<string> {
  const session = services.ids.secret();
  const now = services.clock();
  await services.store.createSession(services.digest(session), userId, now, now + SESSION_TTL_MS);
  return setCookie(SESSION_COOKIE, session, { secure: isSecure(services), maxAgeSeconds: SESSION_TTL_MS / 1000 });
}

export async function closeSession(services: Services, request: Request): Promise<string> {
  const session = readCookie(request, SESSION_COOKIE);
  if (session) await services.store.deleteSession(services.digest(session));
  return setCookie(SESSION_COOKIE, "", { secure: isSecure(services), maxAgeSeconds: 0 });
}

/**
 * CSRF protection by double submit: a random token in an HttpOnly cookie, repeated in a hidden
 * field of every form. A cross-site form can send the cookie but cannot read it to fill the field.
 */
export function csrfToken(services: Services, request: Request): { token: string; setCookie?: string } {
  const existing = readCookie(request, CSRF_COOKIE);
  if (existing && existing.length >= 32) return { token: existing };
  const token = services.ids.secret();
  return { token, setCookie: setCookie(CSRF_COOKIE, token, { secure: isSecure(services) }) };
}

export function csrfValid(request: Request, submitted: unknown): boolean {
  const cookie = readCookie(request, CSRF_COOKIE);
  return typeof submitted === "string" && !!cookie && timingSafeEqual(cookie, submitted);
}
