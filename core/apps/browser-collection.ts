import type { AppRecord, BrowserCollection } from "../model.ts";

/** An app nobody has set up for browsers: no origin may send, no replay, no query values kept. */
const CLOSED_TO_BROWSERS: BrowserCollection = { origins: [], replay: false, queryParams: [] };

export const browserCollection = (app: AppRecord): BrowserCollection => app.browser ?? CLOSED_TO_BROWSERS;

/** A host name (labels of letters, digits, hyphens and underscores, as URL writes it after IDNA; a container's name may hold `_`), or an IP address. */
const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*|\[[0-9a-f:.]+\])$/;

/**
 * An origin as browsers send it: scheme, host and port only, lowercase, no trailing slash.
 * Anything else (a path, a wildcard, a missing scheme) would never equal an `Origin` header; URL
 * itself takes `https://*.example.com`, whose host no browser sends.
 */
export function exactOrigin(text: string): string | null {
  const trimmed = text.trim();
  if (!URL.canParse(trimmed)) return null;
  const url = new URL(trimmed);
  if ((url.protocol !== "https:" && url.protocol !== "http:") || !HOST.test(url.hostname)) return null;
  return url.origin === trimmed.toLowerCase() ? url.origin : null;
}

/** Whether a request from `origin` (its `Origin` header, if any) may send on the app's widget. */
export const originAllowed = (app: AppRecord, origin: string | null): boolean => origin !== null && browserCollection(app).origins.includes(origin);

/** An address without its query and fragment. */
export const bareAddress = (address: string): string => address.split(/[?#]/, 1)[0]!;

/**
 * A page address as the app lets it be kept: its query values are dropped (the names stay, so a
 * developer sees the page's shape) except for the parameters the app lists; the fragment goes too.
 */
export function keptAddress(address: string, keep: readonly string[]): string {
  if (!URL.canParse(address)) return bareAddress(address);
  const url = new URL(address);
  const kept = [...url.searchParams].map(([name, value]) => (keep.includes(name) ? [name, value] : [name, ""]));
  url.search =
    kept.length > 0 ? `?${kept.map(([n, v]) => (v ? `${encodeURIComponent(n!)}=${encodeURIComponent(v)}` : encodeURIComponent(n!))).join("&")}` : "";
  url.hash = "";
  return url.toString();
}
