/** The answers that redirect a request, as fetch follows them. */
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** How many redirects a tracker's request follows, its own origin's only, before it is given up. */
export const REDIRECT_LIMIT = 5;

/**
 * Where an answer to a request sent to `from` redirects, or null when it does not redirect. Only a
 * redirect on the origin of `from` is followed (GitHub's 301 and 307 for a renamed repository, on
 * its API host): the address an Admin saved is checked, where its server redirects is not, so
 * another origin (the cloud's metadata, this network) is refused, never followed.
 */
export function sameOriginRedirect(from: string, status: number, location: string | null | undefined): URL | null {
  if (!REDIRECTS.has(status) || !location) return null;
  const to = new URL(location, from);
  const origin = new URL(from).origin;
  if (to.origin !== origin) throw new Error(`the tracker at ${origin} redirected to another origin, ${to.origin}, which is not followed`);
  return to;
}
