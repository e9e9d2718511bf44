import { can } from "../../../core/authorization.ts";
import { isFeedbackKey } from "../../../core/feedback/key.ts";
import type { Language } from "../../../core/language.ts";
import type { Services } from "../../../core/services.ts";
import { type Html, html, page, redirect } from "../html.ts";
import type { WebRequest } from "../cookies.ts";
import { postedFromOwnSite } from "../same-origin.ts";
import { csrfValid } from "../web-session.ts";
import { COPY_SCRIPT_PATH, showsCopyable } from "./copy.ts";
import { type Visitor, visit } from "./visitor.ts";
import { wordsFor } from "./words.ts";

/** The navigation's icons: 16-pixel strokes drawn in the text's colour, for the eye only (each link says its name). */
const ICONS: Readonly<Record<string, string>> = {
  inbox: "M2 9h3.5l1 2h3l1-2H14M2 9l2-6h8l2 6v4H2z",
  duplicates: "M5 5h8v8H5zM3 11V3h8",
  trends: "M2 13h12M3 10l3-3 3 2 4-5",
  changelog: "M3 2h7l3 3v9H3zM5.5 7h5M5.5 9.5h5M5.5 12h3",
  settings: "M8 5.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM8 1v2M8 13v2M1 8h2M13 8h2M3 3l1.5 1.5M11.5 11.5 13 13M3 13l1.5-1.5M11.5 4.5 13 3",
  agents: "M4 6h8v7H4zM8 3v3M6 9h0M10 9h0M6 11h4",
};

const icon = (name: string) =>
  html`<svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path d="${ICONS[name] ?? ""}"/></svg>`;

/**
 * A page of the signed-in application: a side bar on wide screens (the organization, the
 * navigation with icons, then the language and the account at its foot), a bar over the page on
 * narrow ones whose navigation wraps onto as many rows as it needs; no script needed for either.
 * On a phone the account's link stays, its address cut short where it is long. A value marked for
 * copying (`copyable`) brings the copy buttons' script.
 */
export function appPage(visitor: Visitor, path: string, title: string, body: Html, status = 200, scripts: readonly string[] = []): Response {
  const w = wordsFor(visitor.language, "layout");
  const nav = [
    { href: "/inbox", label: w.inbox, icon: "inbox" },
    ...(can(visitor.grant, "changelog.manage") ? [{ href: "/changelog", label: w.changelog, icon: "changelog" }] : []),
    { href: "/duplicates", label: w.possibleDuplicates, icon: "duplicates" },
    { href: "/trends", label: w.trends, icon: "trends" },
    { href: "/settings", label: w.settings, icon: "settings" },
    { href: "/settings/agents", label: w.agents, icon: "agents" },
  ];
  const current = (href: string) => (href === "/settings" ? path.startsWith("/settings") && path !== "/settings/agents" : path.startsWith(href));
  const header = html`<a class="skip" href="#main">${w.skip}</a><header class="app-bar">
<div class="org-line">${
    visitor.memberships.length > 1
      ? html`<form method="get" action="/inbox" class="org-switch"><label class="visually-hidden" for="org">${w.organization}</label>
<select id="org" name="org">${visitor.memberships.map((m) => html`<option value="${m.orgId}"${m.orgId === visitor.membership.orgId ? html` selected` : ""}>${m.orgName}</option>`)}</select>
<button type="submit" class="secondary">${w.switchOrganization}</button></form>`
      : html`<span class="org">${visitor.membership.orgName}</span>`
  }</div>
<nav aria-label="Retour"><ul class="nav">${nav.map(
    (n) => html`<li><a href="${n.href}"${current(n.href) ? html` aria-current="page"` : ""}>${icon(n.icon)}<span>${n.label}</span></a></li>`,
  )}</ul></nav>
<div class="account"><a href="/language?to=${w.languageCode}&amp;next=${encodeURIComponent(path)}" lang="${w.languageCode}">${w.language}</a>
<span class="muted who"><span>${w.signedInAs}</span> <a href="/account"${path === "/account" ? html` aria-current="page"` : ""}>${visitor.email}</a></span>
<form method="post" action="/logout"><input type="hidden" name="csrf" value="${visitor.csrf}"><button type="submit" class="secondary">${w.signOut}</button></form></div>
</header>`;
  // A value to copy gets its Copy button from a script, which the page loads whenever it shows one.
  const loaded = showsCopyable(body) ? [...scripts, COPY_SCRIPT_PATH] : scripts;
  return page(title, body, { status, language: visitor.language, header, scripts: loaded });
}

/**
 * The language link of a page read before signing in (sign-in, password reset, invitation), as the
 * app bar's: the choice is remembered, and the page asked is shown again in that language.
 */
export function languageSwitch(language: Language, request: Request): Html {
  const w = wordsFor(language, "layout");
  const { pathname, search } = new URL(request.url);
  return html`<p class="language-switch"><a href="/language?to=${w.languageCode}&amp;next=${encodeURIComponent(pathname + search)}" lang="${w.languageCode}">${w.language}</a></p>`;
}

/** The sections of the application whose first page a form of theirs leads back to. */
const SECTIONS = new Set(["inbox", "duplicates", "changelog", "settings", "account"]);

/**
 * The page a form posting to `path` was sent from, as this application's forms are laid out: a
 * feedback's own forms (a comment, its triage, its status) are on its page, the others in their
 * section. Pages send no Referer (no-referrer), so the form's address is what tells.
 */
function pageOfForm(path: string): string {
  const [section = "", second = ""] = path.split("/").slice(1);
  if (section === "inbox" && isFeedbackKey(second)) return `/inbox/${second}`;
  return SECTIONS.has(section) ? `/${section}` : "/inbox";
}

/**
 * Where a visitor without a session signs in, and is led back to: the page asked for; for a form sent
 * once the session had ended (a reply typed over lunch), the page it was sent from, and the sign-in
 * says that what was sent was not saved.
 */
function signInAgain(request: Request): string {
  const url = new URL(request.url);
  if (request.method === "GET") return `/login?next=${encodeURIComponent(url.pathname + url.search)}`;
  return `/login?next=${encodeURIComponent(pageOfForm(url.pathname))}&unsent=1`;
}

/** Runs a page handler for a signed-in member; others are sent to sign in. */
export async function asMember(services: Services, web: WebRequest, handler: (visitor: Visitor) => Promise<Response> | Response): Promise<Response> {
  const { request } = web;
  const visited = await visit(services, web);
  if (visited.state === "anonymous") return redirect(signInAgain(request));
  if (visited.state === "no_organization") {
    const w = wordsFor(visited.language, "layout");
    return page(
      w.inbox,
      html`<h1>Retour</h1><p>${w.noOrganization}</p><p>${w.noOrganizationNext}</p>
<pre><code>npm run cli -- member add &lt;org&gt; ${visited.email} member</code></pre>
<p class="muted">${w.signedInAs} ${visited.email}</p>
<form method="post" action="/logout"><input type="hidden" name="csrf" value="${visited.csrf}"><button type="submit" class="secondary">${w.signOut}</button></form>`,
      { language: visited.language, status: 403 },
    );
  }
  return handler(visited);
}

/**
 * Runs a form handler for a signed-in member, once the post is known to come from this site's own
 * pages (Origin, or Sec-Fetch-Site) and to carry the CSRF token of this member's session.
 */
export function asMemberPosting(
  services: Services,
  web: WebRequest & { readonly body: unknown },
  handler: (visitor: Visitor, field: (name: string) => string) => Promise<Response> | Response,
): Promise<Response> {
  const field = formFields(web.body);
  return asMember(services, web, async (visitor) => {
    const refused = (why: string) =>
      appPage(visitor, "/inbox", why, html`<h1>${why}</h1><p><a href="/inbox">${wordsFor(visitor.language, "layout").back}</a></p>`, 403);
    if (!postedFromOwnSite(web.request, new URL(services.baseUrl).origin)) return refused(wordsFor(visitor.language, "layout").otherSite);
    if (!(await csrfValid(services, web.cookie, field("csrf")))) return refused(wordsFor(visitor.language, "layout").formExpired);
    return handler(visitor, field);
  });
}

/** The fields of a submitted form, as strings. */
function formFields(body: unknown): (name: string) => string {
  const form = (body ?? {}) as Record<string, unknown>;
  return (name) => (typeof form[name] === "string" ? (form[name] as string) : "");
}
