import { timingSafeEqual } from "../../core/encoding.ts";
import type { Services } from "../../core/services.ts";
import { endSession } from "../../core/sessions/end-session.ts";
import { resumeSession, type SignedIn } from "../../core/sessions/resume-session.ts";
import { startSession } from "../../core/sessions/start-session.ts";
import { CSRF_COOKIE, readCookie, SESSION_COOKIE, setCookie } from "./cookies.ts";

export const isSecure = (services: Services): boolean => services.baseUrl.startsWith("https:");

/** The person signed in on this browser, with their organizations, if any. */
export async function signedInUser(services: Services, request: Request): Promise<SignedIn | null> {
  const session = readCookie(request, SESSION_COOKIE);
  return session ? resumeSession(services, session) : null;
}

/** Opens a session; returns the Set-Cookie header value. */
export async function openSession(services: Services, userId: string): Promise<string> {
  const session = await startSession(services, userId);
  return setCookie(SESSION_COOKIE, session.secret, { secure: isSecure(services), maxAgeSeconds: session.lifetimeMs / 1000 });
}

export async function closeSession(services: Services, request: Request): Promise<string> {
  const session = readCookie(request, SESSION_COOKIE);
  if (session) await endSession(services, session);
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
