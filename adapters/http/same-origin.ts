/**
 * Whether a form was posted from this site's own pages, as the browser tells it: by `Origin` when it
 * sends one, else by `Sec-Fetch-Site` (pages that send no referrer make browsers post `Origin: null`).
 * The own origin is the configured address, or the one the browser reached (before BASE_URL is set).
 * A client that sends neither header is not a browser that a forged page could drive; the CSRF
 * token still guards what it posts.
 */
export function postedFromOwnSite(request: Request, ownOrigin: string): boolean {
  const sent = request.headers.get("origin");
  const origin = sent === "null" ? null : sent;
  if (origin !== null) return origin === ownOrigin || origin === new URL(request.url).origin;
  const site = request.headers.get("sec-fetch-site");
  return site === null || site === "same-origin" || site === "none";
}

/**
 * The origin the browser posted from, when it is this very host under another scheme: a proxy in
 * front ends TLS, and BASE_URL does not say the https address (so the service reads its requests as
 * http). Null otherwise; never another host, so a page elsewhere cannot have its own address named.
 */
export function reachedThroughProxy(request: Request): string | null {
  const origin = URL.parse(request.headers.get("origin") ?? "");
  const reached = new URL(request.url);
  return origin && origin.host === reached.host && origin.protocol !== reached.protocol ? origin.origin : null;
}
