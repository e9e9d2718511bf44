const LOOPBACK = new Set(["127.0.0.1", "[::1]", "localhost"]);

/**
 * Schemes a browser acts on by itself, or that name no application: never an application's own
 * scheme, whatever a client registers.
 */
const BROWSER_SCHEMES = new Set([
  "javascript:",
  "data:",
  "file:",
  "blob:",
  "about:",
  "vbscript:",
  "filesystem:",
  "view-source:",
  "ftp:",
  "ws:",
  "wss:",
]);

/** Whether an address is the machine's own: where an application on the person's computer listens for its code (RFC 8252). */
export const isLoopback = (url: URL): boolean => LOOPBACK.has(url.hostname);

/**
 * Whether an address is an application's own scheme (RFC 8252 §7.1), as desktop MCP clients
 * register them (Cursor's `cursor://anysphere.cursor-mcp/oauth/callback`): the operating system
 * hands the code to the application that claimed the scheme, and PKCE keeps it useless to another.
 */
const isAppScheme = (url: URL): boolean => !["http:", "https:"].includes(url.protocol) && !BROWSER_SCHEMES.has(url.protocol);

/**
 * A registered redirect URI is https, http on a loopback address, or an application's own scheme
 * (native apps, RFC 8252). No fragment, no credentials.
 */
export function isAllowedRedirectUri(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.hash || url.username || url.password) return false;
  if (url.protocol === "https:" || isAppScheme(url)) return true;
  return url.protocol === "http:" && isLoopback(url);
}

/**
 * Whether a redirect URI a request names is one the client registered: the same address, or, for
 * http on the machine itself, the same but for its port. A native application listens on the port
 * the system gives it when the person signs in, which RFC 8252 §7.3 says the server must accept.
 */
export function isRegisteredRedirect(registered: readonly string[], asked: string): boolean {
  if (registered.includes(asked)) return true;
  const withoutPort = (text: string): string | null => {
    const url = URL.parse(text);
    if (url?.protocol !== "http:" || !isLoopback(url)) return null;
    url.port = "";
    return url.href;
  };
  const loopback = withoutPort(asked);
  return loopback !== null && registered.some((uri) => withoutPort(uri) === loopback);
}

/** The characters a CSP source writes a host in (CSP3's host-char, and the dots between). */
const CSP_HOST = /^[a-z0-9.-]+$/;

/**
 * What a page's Content-Security-Policy names to let its form send the browser to this address:
 * its origin, where a source expression can name it. Null for an application's own scheme (whose
 * origin is opaque) and for a host a source cannot write (`[::1]`, `my_app.example`: Chromium drops
 * such a source, and with it the redirect): a form's page hands such an address over instead.
 */
export const formTarget = (redirectUri: string): string | null => {
  const url = new URL(redirectUri);
  return !isAppScheme(url) && CSP_HOST.test(url.hostname) ? url.origin : null;
};
