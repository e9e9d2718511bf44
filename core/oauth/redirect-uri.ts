const LOOPBACK = new Set(["127.0.0.1", "[::1]", "localhost"]);

/** Whether an address is the machine's own: where an application on the person's computer listens for its code (RFC 8252). */
export const isLoopback = (url: URL): boolean => LOOPBACK.has(url.hostname);

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
  return url.protocol === "http:" && isLoopback(url);
}
