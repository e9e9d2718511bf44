import { isFeedbackKey } from "../../core/feedback/key.ts";
import type { Services } from "../../core/services.ts";
import type { Catalog } from "./catalog/en.ts";
import { textFor } from "./catalog/text.ts";
import { type Html, html, page } from "./html.ts";
import { requestLanguage } from "./language.ts";
import { appPage } from "./web/layout.ts";
import type { WebRequest } from "./cookies.ts";
import { visit } from "./web/visitor.ts";

/** Addresses only programs ask for: a wrong one there is answered `{error, code}`, whatever the client accepts. */
const API_PATHS = /^\/(v1|mcp|oauth|\.well-known)(\/|$)/;

/** A portal's, a hosted form's and a tracking link's addresses: their readers are not the team's. */
const PUBLIC_PATHS = /^\/(p|s|f)\//;

/** A feedback's sub-address (/inbox/DEMO-7/tracker): the key of the feedback whose page it belongs to. */
const FEEDBACK_SUB_ADDRESS = /^\/inbox\/([^/]+)\/./;

/**
 * Where a reader of a mistyped address goes on: the team to its inbox, or from a feedback's form
 * address (a refused form's page reloaded, a bookmark) back to that feedback, where the form was. A
 * portal's visitor and a reporter (a form or a tracking link) are led nowhere: whether the portal
 * there is open is the portal's pages to say, and a reporter's pages lead nowhere else.
 */
function wayOut(path: string, w: Catalog["pageNotFound"], formOnly: boolean): Html | "" {
  if (PUBLIC_PATHS.test(path)) return "";
  const key = formOnly ? FEEDBACK_SUB_ADDRESS.exec(path)?.[1] : undefined;
  if (key && isFeedbackKey(key)) return html`<p><a href="/inbox/${key}">${w.backTo(key)}</a></p>`;
  return html`<p><a href="/inbox">${w.home}</a></p>`;
}

/**
 * The page a browser shows for an address of no page (a mistyped link, an old bookmark), in the
 * reader's language, or null where the answer stays the JSON error body: a request that does not
 * ask for HTML (curl, the API's clients), one other than GET or HEAD, or one under the API's paths.
 * A member signed in reads it in the application's frame, its navigation and account at hand.
 * Where the address takes other methods (a form's, visited), the page says so: 405 with `Allow`.
 */
export async function pageNotFound(services: Services, web: WebRequest, allowed: readonly string[] = []): Promise<Response | null> {
  const { request } = web;
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (!request.headers.get("accept")?.includes("text/html")) return null;
  const path = new URL(request.url).pathname;
  if (API_PATHS.test(path)) return null;
  const visited = PUBLIC_PATHS.test(path) ? null : await visit(services, web);
  const language = visited?.state === "member" ? visited.language : requestLanguage(request);
  const w = textFor(language).pageNotFound;
  const [title, text, status] = allowed.length > 0 ? [w.formOnlyTitle, w.formOnlyText, 405] : [w.title, w.text, 404];
  const body = html`<h1>${title}</h1><p>${text}</p>${wayOut(path, w, allowed.length > 0)}`;
  // No page of the navigation is the one shown ("/inboxx" is not the inbox).
  const response =
    visited?.state === "member"
      ? appPage(visited, "", title, body, status)
      : page(title, html`<div class="narrow">${body}</div>`, { language, status });
  if (allowed.length > 0) response.headers.set("allow", allowed.join(", "));
  return response;
}
