import type { Cookie } from "elysia";

/** Cookies of the web pages, read and written through Elysia's cookie jar. */

export const SESSION_COOKIE = "retour_session";
export const CSRF_COOKIE = "retour_csrf";

/** Elysia's cookies of one request: what the browser sent, and what the response will set. */
export type CookieJar = Record<string, Cookie<unknown>>;

/** What the web pages read of a request: the request itself and its cookies. */
export interface WebRequest {
  readonly request: Request;
  readonly cookie: CookieJar;
}

/**
 * A cookie's name on the wire. Over https it carries the `__Host-` prefix: browsers then accept it
 * only if it is Secure, for the path `/` and without a Domain, so a sibling host (`evil.example.com`
 * beside `retour.example.com`) cannot plant one, and a cookie without the prefix is never read.
 */
const wireName = (name: string, secure: boolean): string => (secure ? `__Host-${name}` : name);

/** A cookie's text; one Elysia could not read (a broken percent escape) reads as absent. */
export function readCookie(jar: CookieJar, name: string, secure: boolean): string | undefined {
  const value: unknown = jar[wireName(name, secure)]?.value;
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** HttpOnly, SameSite=Lax, path `/`, and Secure with the `__Host-` prefix when the service is served over https; a max age of 0 removes it. */
export function writeCookie(jar: CookieJar, name: string, value: string, options: { secure: boolean; maxAgeSeconds?: number }): void {
  jar[wireName(name, options.secure)]!.set({
    value,
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
    ...(options.maxAgeSeconds !== undefined && { maxAge: options.maxAgeSeconds }),
  });
}
