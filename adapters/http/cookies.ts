import type { Cookie } from "elysia";

/** Cookies of the web pages, read and written through Elysia's cookie jar. */

export const SESSION_COOKIE = "retour_session";
export const CSRF_COOKIE = "retour_csrf";
/** The inbox list last shown (its filters and search), for a feedback's page to lead back to: the signed-in person's, forgotten at sign-out. */
export const LIST_COOKIE = "retour_list";

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

/**
 * HttpOnly, SameSite=Lax, path `/`, and Secure with the `__Host-` prefix when the service is served
 * over https; a max age of 0 removes it. Elysia percent-decodes a cookie it reads twice (its cookie
 * parser, then itself) and encodes one it sets once: encoded once more here, a value with a `%` in
 * it (the inbox list kept, searched for "C++" or "a & b") reads back as it was written.
 */
export function writeCookie(jar: CookieJar, name: string, value: string, options: { secure: boolean; maxAgeSeconds?: number }): void {
  jar[wireName(name, options.secure)]!.set({
    value: encodeURIComponent(value),
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
    ...(options.maxAgeSeconds !== undefined && { maxAge: options.maxAgeSeconds }),
  });
}

/** A cookie value's text, one percent-decoding of it; a broken percent escape reads as absent, as Elysia reads it. */
function percentDecoded(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return "";
  }
}

/**
 * The cookies a request sent, read-only, where Elysia gives no jar (a request no route matched):
 * enough to know who is signed in; what a page would set there is not sent.
 */
export function sentCookies(request: Request): CookieJar {
  const jar = new Map<string, { value: string; set: () => void }>();
  for (const pair of request.headers.get("cookie")?.split(";") ?? []) {
    const at = pair.indexOf("=");
    const name = pair.slice(0, at).trim();
    // The first of a name sent twice, as Elysia reads it: a page and its 404 agree on who is signed in.
    if (at <= 0 || jar.has(name)) continue;
    jar.set(name, { value: percentDecoded(percentDecoded(pair.slice(at + 1).trim())), set: () => {} });
  }
  // Any other cookie reads as absent, and setting one does nothing.
  return new Proxy({}, { get: (_, name: string) => jar.get(name) ?? { value: undefined, set: () => {} } }) as CookieJar;
}
