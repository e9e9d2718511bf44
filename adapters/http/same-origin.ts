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
