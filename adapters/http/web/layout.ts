import type { Services } from "../../../core/services.ts";
import { type Html, html, page, redirect } from "../html.ts";
import type { WebRequest } from "../cookies.ts";
import { postedFromOwnSite } from "../same-origin.ts";
import { csrfValid } from "../web-session.ts";
import { type Visitor, visit } from "./visitor.ts";
import { wordsFor } from "./words.ts";

/** A page of the signed-in application: the header (organization, navigation, language, sign out) and the body. */
export function appPage(visitor: Visitor, path: string, title: string, body: Html, status = 200, scripts: readonly string[] = []): Response {
  const w = wordsFor(visitor.language, "layout");
  const nav = [
    { href: "/inbox", label: w.inbox },
    { href: "/duplicates", label: w.possibleDuplicates },
    { href: "/trends", label: w.trends },
    { href: "/settings", label: w.settings },
    { href: "/settings/agents", label: w.agents },
  ];
  const current = (href: string) => (href === "/settings" ? path.startsWith("/settings") && path !== "/settings/agents" : path.startsWith(href));
  const header = html`<a class="skip" href="#main">${w.skip}</a><header>
${
  visitor.memberships.length > 1
    ? html`<form method="get" action="/inbox"><label class="visually-hidden" for="org">${w.organization}</label>
<select id="org" name="org">${visitor.memberships.map((m) => html`<option value="${m.orgId}"${m.orgId === visitor.membership.orgId ? html` selected` : ""}>${m.orgName}</option>`)}</select>
<button type="submit" class="secondary">${w.switchOrganization}</button></form>`
    : html`<span class="org">${visitor.membership.orgName}</span>`
}
<nav aria-label="Retour"><ul class="tabs">${nav.map((n) => html`<li><a href="${n.href}"${current(n.href) ? html` aria-current="page"` : ""}>${n.label}</a></li>`)}</ul></nav>
<a href="/language?to=${w.languageCode}&amp;next=${encodeURIComponent(path)}" lang="${w.languageCode}">${w.language}</a>
<span class="muted wide-only">${w.signedInAs} <a href="/account"${path === "/account" ? html` aria-current="page"` : ""}>${visitor.email}</a></span>
<form method="post" action="/logout"><input type="hidden" name="csrf" value="${visitor.csrf}"><button type="submit" class="secondary">${w.signOut}</button></form>
</header>`;
  return page(title, body, { status, language: visitor.language, header, scripts });
}

/** Runs a page handler for a signed-in member; others are sent to sign in. */
export async function asMember(services: Services, web: WebRequest, handler: (visitor: Visitor) => Promise<Response> | Response): Promise<Response> {
  const { request } = web;
  const visited = await visit(services, web);
  if (visited.state === "anonymous") {
    const url = new URL(request.url);
    return redirect(`/login?next=${encodeURIComponent(request.method === "GET" ? url.pathname + url.search : "/inbox")}`);
  }
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
