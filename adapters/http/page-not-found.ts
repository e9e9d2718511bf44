import { textFor } from "./catalog/text.ts";
import { html, page } from "./html.ts";
import { requestLanguage } from "./language.ts";

/** Addresses only programs ask for: a wrong one there is answered `{error, code}`, whatever the client accepts. */
const API_PATHS = /^\/(v1|mcp|oauth|\.well-known)(\/|$)/;

/**
 * The page a browser shows for an address of no page (a mistyped link, an old bookmark), in the
 * reader's language, or null where the answer stays the JSON error body: a request that does not
 * ask for HTML (curl, the API's clients), one other than GET or HEAD, or one under the API's paths.
 */
export function pageNotFound(request: Request): Response | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (!request.headers.get("accept")?.includes("text/html")) return null;
  if (API_PATHS.test(new URL(request.url).pathname)) return null;
  const language = requestLanguage(request);
  const w = textFor(language).pageNotFound;
  return page(w.title, html`<div class="narrow"><h1>${w.title}</h1><p>${w.text}</p><p><a href="/inbox">${w.home}</a></p></div>`, {
    language,
    status: 404,
  });
}
