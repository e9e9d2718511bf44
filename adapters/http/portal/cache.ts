import type { Digest } from "../../../core/ports.ts";
import type { Rendered } from "./render-cache.ts";

/** How long a shared cache may serve an anonymous portal page or public JSON, and serve it stale while it fetches a new one. */
const PUBLIC_CACHE_CONTROL = "public, max-age=30, stale-while-revalidate=300";

/** An entity tag without its weakness mark: If-None-Match compares tags weakly (RFC 9110, 13.1.2). */
const opaque = (tag: string) => tag.trim().replace(/^W\//, "");

/** Whether an If-None-Match header names this entity tag, weak or strong (or is `*`). */
function matches(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === etag);
}

/**
 * An anonymous portal answer, cacheable by anyone: a strong ETag (the SHA-256 of the exact bytes),
 * `Cache-Control: public, max-age=30, stale-while-revalidate=300`. It varies with the reader's
 * language, or with what `headers.vary` names where it is given (a page: the cookie and the language).
 */
export function publicAnswer(digest: Digest, body: string, headers: Record<string, string>): Rendered {
  const vary = headers.vary ?? "Accept-Language";
  return { status: 200, body, headers: { ...headers, etag: `"${digest(body)}"`, "cache-control": PUBLIC_CACHE_CONTROL, vary } };
}

/** An answer that is not to be kept anywhere (a 404, a refusal). */
export async function privateAnswer(response: Response): Promise<Rendered> {
  return { status: response.status, body: await response.text(), headers: { ...Object.fromEntries(response.headers), "cache-control": "no-store" } };
}

/** The headers a 304 repeats: its tag and caching, and the CORS grant a page needs to read it. */
const KEPT_BY_304 = ["etag", "cache-control", "vary", "access-control-allow-origin", "access-control-expose-headers"];

/** The answer to this request: 304 without a body when the client already holds these bytes (If-None-Match). */
export function respond(request: Request, answer: Rendered): Response {
  const etag = answer.headers.etag;
  if (answer.status === 200 && etag && matches(request.headers.get("if-none-match"), etag)) {
    const kept = Object.entries(answer.headers).filter(([name]) => KEPT_BY_304.includes(name));
    return new Response(null, { status: 304, headers: Object.fromEntries(kept) });
  }
  return new Response(answer.status === 304 ? null : answer.body, { status: answer.status, headers: answer.headers });
}
