import type { Digest } from "../../../core/ports.ts";

/** How long a shared cache may serve an anonymous portal page or public JSON, and serve it stale while it fetches a new one. */
const PUBLIC_CACHE_CONTROL = "public, max-age=30, stale-while-revalidate=300";

/** Whether an If-None-Match header names this entity tag (or is `*`). */
function matches(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag;
  });
}

/**
 * An anonymous portal answer, cacheable by anyone: a strong ETag (the SHA-256 of the exact bytes),
 * `Cache-Control: public, max-age=30, stale-while-revalidate=300`, and 304 without a body when the
 * client already holds these bytes. It varies with the reader's language.
 */
export function publicResponse(digest: Digest, request: Request, body: string, headers: Record<string, string>, status = 200): Response {
  const etag = `"${digest(body)}"`;
  const caching = { etag, "cache-control": PUBLIC_CACHE_CONTROL, vary: "Accept-Language" };
  if (status === 200 && matches(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers: caching });
  return new Response(body, { status, headers: { ...headers, ...caching } });
}
