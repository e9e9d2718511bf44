const LOOPBACK = new Set(["127.0.0.1", "[::1]", "localhost"]);

/**
 * A registered redirect URI is https, or http on a loopback address (native apps, RFC 8252).
 * No fragment, no credentials.
 */
export function isAllowedRedirectUri(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.hash || url.username || url.password) return false;
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && LOOPBACK.has(url.hostname);
}
