import { Elysia } from "elysia";
import { outcome } from "../web/notices.ts";
import { AGENT_SCOPES, can } from "../../../core/authorization.ts";
import type { Services } from "../../../core/services.ts";
import { listAgents } from "../../../core/oauth/list-agents.ts";
import { isLoopback } from "../../../core/oauth/redirect-uri.ts";
import { reachOf, resourcesOf } from "../../../core/oauth/resources.ts";
import { removeAgent } from "../../../core/oauth/remove-agent.ts";
import { login } from "../../../core/sessions/login.ts";
import type { Language } from "../../../core/language.ts";
import { textFor } from "../catalog/text.ts";
import type { ConnectedApplication } from "../../../core/oauth/list-agents.ts";
import type { WebRequest } from "../cookies.ts";
import { type Html, html, page, redirect } from "../html.ts";
import { postedFromOwnSite, reachedThroughProxy } from "../same-origin.ts";
import { closeSession, csrfToken, csrfValid, openSession } from "../web-session.ts";
import { redirectWithFlash, takeNotice } from "../web/flash.ts";
import { asMember, asMemberPosting, languageSwitch } from "../web/layout.ts";
import { postButton, settingsPage, unconfirmed } from "../web/settings-page.ts";
import { chooseLanguage, pageLanguage, type Visitor } from "../web/visitor.ts";
import { formatTime, type Words, wordsFor } from "../web/words.ts";

/** A same-site path to return to after login; anything else goes home. */
const SITE = "http://retour.invalid";

/**
 * Where to go after signing in or switching language: a path that, once the URL parser has read
 * it as a browser would (dropping tabs and line breaks, reading `\\` as `/`), stays on this site;
 * anything else goes to the inbox. The path it resolves to is read once more, as the browser reads
 * the Location it is sent: dot segments can resolve to `//host` (`/.//evil.example`), another site.
 */
function safeNext(next: unknown): string {
  if (typeof next !== "string" || !next.startsWith("/") || !URL.canParse(next, SITE)) return "/inbox";
  const url = new URL(next, SITE);
  const path = url.pathname + url.search + url.hash;
  return url.origin === SITE && new URL(path, SITE).origin === SITE ? path : "/inbox";
}

const describeScopes = (agent: ConnectedApplication, language: Language): string =>
  AGENT_SCOPES.filter((s) => agent.scopes.includes(s))
    .map((s) => textFor(language).scopes[s].name)
    .join(", ");

/**
 * One address an agent's application is sent back to, as people tell it: a site by its host; an
 * application listening on the computer it was connected from (a loopback address) by its port
 * there, when it names one; an application of a scheme of its own by that scheme and its host
 * (cursor://anysphere.cursor-retrieval), or the scheme alone where it has none (com.example.app:).
 */
function placeOf(uri: string, w: Words<"agents">): string {
  if (!URL.canParse(uri)) return uri;
  const url = new URL(uri);
  if (url.protocol !== "http:" && url.protocol !== "https:") return url.host ? `${url.protocol}//${url.host}` : url.protocol;
  return isLoopback(url) ? w.localApp(url.port) : url.host;
}

/**
 * A place that may wrap after its scheme's "//" and after each dot of its host: unbroken, a long one
 * (com.example.editor:) pushed the table past a laptop's width in French.
 */
const breakable = (place: string): Html => html`${place.split(/(?<=\/\/|\.)/).map((part, i) => (i > 0 ? html`<wbr>${part}` : part))}`;

/** Where an agent's application is sent back to, each place once. */
const placesOf = (agent: ConnectedApplication, w: Words<"agents">): string[] => [...new Set(agent.redirectUris.map((uri) => placeOf(uri, w)))];

/**
 * Where an agent's application is sent back to (placesOf), which tells apart two agents of one
 * name (two machines' "Claude"): a dot between the places.
 */
const sentBackTo = (places: readonly string[]): Html => html`${places.map((place, i) => html`${i > 0 ? " · " : ""}${breakable(place)}`)}`;

/** Sign-in pages and the Agents settings page. */
export function accountRoutes(services: Services, clientAddress: (request: Request) => string) {
  const ownOrigin = new URL(services.baseUrl).origin;
  const resources = resourcesOf(services.baseUrl, services.addressAliases);

  async function loginPage(
    web: WebRequest,
    next: string,
    said: {
      readonly error?: keyof Pick<Words<"signIn">, "wrongPassword" | "tooManyAttempts" | "formExpired" | "otherSite" | "unsent">;
      readonly status?: number;
      readonly retryAfter?: number;
      // The address typed, kept when the sign-in is refused: only the password is typed again.
      readonly email?: string;
      // What the last action did (signing out), said once: the notice takes the focus, not the e-mail field (one autofocus a page).
      readonly done?: string;
    } = {},
  ): Promise<Response> {
    const { error, status = 200, retryAfter, email = "", done } = said;
    const csrf = await csrfToken(services, web.cookie);
    const language = pageLanguage(services, web);
    const w = wordsFor(language, "signIn");
    const refused = error && w[error];
    // Refused from its own host under another scheme: the operator's setting to change, said where they first meet it.
    const proxied = error === "otherSite" ? reachedThroughProxy(web.request) : null;
    // The field that takes the focus reads the refusal as its description: an alert present at load is announced by no one.
    // It names neither field as the wrong one, so it says nothing of which accounts exist.
    const refusal = refused ? html` aria-describedby="sign-in-error"` : "";
    const response = page(
      w.signIn,
      html`${languageSwitch(language, web.request)}<h1>${w.signInTitle}</h1>${done ? outcome(done) : ""}
${
  proxied
    ? html`<div class="error" role="alert" id="sign-in-error"><p>${refused}</p><p>${w.behindProxy(proxied, ownOrigin)}</p></div>`
    : refused
      ? html`<p class="error" role="alert" id="sign-in-error">${refused}</p>`
      : ""
}
<form method="post" action="/login">
<input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="next" value="${next}">
<label for="email">${w.email}</label><input id="email" name="email" type="email" autocomplete="username" required${email ? html` value="${email}"` : done ? "" : html` autofocus${refusal}`}>
<label for="password">${w.password}</label><input id="password" name="password" type="password" autocomplete="current-password" required${email ? html` autofocus${refusal}` : ""}>
<button type="submit">${w.signIn}</button>
</form>
<p><a href="/forgot-password">${w.forgotPassword}</a></p>`,
      { status, language },
    );
    if (retryAfter !== undefined) response.headers.set("retry-after", String(retryAfter));
    return response;
  }

  async function agentsPage(visitor: Visitor, done?: string): Promise<Response> {
    const w = wordsFor(visitor.language, "agents");
    const admin = can(visitor.grant, "organization.manage");
    const listed = await listAgents(services, visitor.grant);
    const agents = listed.ok ? listed.value : [];
    const rows = agents.map((a) => {
      const places = placesOf(a, w);
      return html`<tr><td data-label="${w.application}">${a.clientName}<span class="where muted">${w.through[reachOf(resources, a.resources)]}</span></td><td data-label="${w.sentBackTo}">${sentBackTo(places)}</td>${admin ? html`<td data-label="${w.person}">${a.email}</td>` : ""}<td data-label="${w.can}">${describeScopes(a, visitor.language)}</td>
<td data-label="${w.connected}">${formatTime(visitor.language, a.createdAt)}</td><td data-label="${w.lastUsed}">${formatTime(visitor.language, a.lastUsedAt)}</td>
<td>${postButton(visitor, `/settings/agents/${a.id}/remove`, w.remove, { of: w.agentNamed(a.clientName, places.join(", "), admin ? a.email : undefined) })}</td></tr>`;
    });
    return settingsPage(
      visitor,
      "/settings/agents",
      w.agents,
      html`${done ? outcome(done) : ""}${
        agents.length === 0
          ? html`<p class="empty">${w.noAgents} ${w.connectAt} <code>${services.baseUrl}/mcp</code>.</p>`
          : html`<p>${w.connectAt} <code>${services.baseUrl}/mcp</code>.</p><p class="muted">${w.removeAgentHint}</p><div class="scroll"><table class="cards"><thead><tr><th scope="col">${w.application}</th><th scope="col">${w.sentBackTo}</th>${admin ? html`<th scope="col">${w.person}</th>` : ""}<th scope="col">${w.can}</th><th scope="col">${w.connected}</th><th scope="col">${w.lastUsed}</th><th scope="col"></th></tr></thead><tbody>${rows}</tbody></table></div>`
      }`,
    );
  }

  return new Elysia({ name: "routes/account" })
    .get(
      "/login",
      async ({ request, cookie }) => {
        const asked = new URL(request.url).searchParams;
        const done = await takeNotice(services, { request, cookie });
        return loginPage({ request, cookie }, safeNext(asked.get("next")), {
          ...(asked.get("unsent") === "1" && { error: "unsent" as const }),
          ...(done && { done }),
        });
      },
      { detail: { hide: true } },
    )
    .post(
      "/login",
      async ({ request, body, cookie }) => {
        const web = { request, cookie };
        const form = (body ?? {}) as Record<string, unknown>;
        const next = safeNext(form.next);
        if (!postedFromOwnSite(request, ownOrigin)) return loginPage(web, next, { error: "otherSite", status: 403 });
        if (!(await csrfValid(services, cookie, form.csrf))) return loginPage(web, next, { error: "formExpired", status: 403 });
        const result = await login(services, {
          email: String(form.email ?? ""),
          password: String(form.password ?? ""),
          clientAddress: clientAddress(request),
        });
        if (!result.ok) {
          const typed = String(form.email ?? "").slice(0, 254);
          if (result.code === "rate_limited")
            return loginPage(web, next, { error: "tooManyAttempts", status: 429, retryAfter: result.retryAfter ?? 60, email: typed });
          return loginPage(web, next, { error: "wrongPassword", status: 401, email: typed });
        }
        await openSession(services, cookie, result.value.userId);
        return redirect(next);
      },
      { detail: { hide: true } },
    )
    .post(
      "/logout",
      async ({ request, body, cookie }) => {
        if (!postedFromOwnSite(request, ownOrigin) || !(await csrfValid(services, cookie, (body as Record<string, unknown> | undefined)?.csrf)))
          return redirect("/login");
        await closeSession(services, cookie);
        const w = wordsFor(pageLanguage(services, { request, cookie }), "signIn");
        return redirectWithFlash(services, cookie, { kind: "notice", text: w.signedOut }, "/login");
      },
      { detail: { hide: true } },
    )
    .get(
      "/language",
      ({ request, cookie }) => {
        const url = new URL(request.url);
        chooseLanguage(services, cookie, url.searchParams.get("to") === "fr" ? "fr" : "en");
        return redirect(safeNext(url.searchParams.get("next")));
      },
      { detail: { hide: true } },
    )
    .get(
      "/settings/agents",
      ({ request, cookie }) =>
        asMember(services, { request, cookie }, async (visitor) => agentsPage(visitor, await takeNotice(services, { request, cookie }))),
      { detail: { hide: true } },
    )
    .post(
      "/settings/agents/:id/remove",
      ({ request, params, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const w = wordsFor(visitor.language, "agents");
          // Named, as two agents of one name are told apart on the page: by who connected them, and when.
          const listed = await listAgents(services, visitor.grant);
          const agent = listed.ok ? listed.value.find((a) => a.id === params.id) : undefined;
          const question = agent
            ? w.confirmRemoveNamed(agent.clientName, agent.email, formatTime(visitor.language, agent.createdAt))
            : w.confirmRemoveAgent;
          const ask = { action: `/settings/agents/${params.id}/remove`, question, label: w.remove, back: "/settings/agents" };
          const asking = unconfirmed(visitor, field, ask);
          if (asking) return asking;
          const removed = await removeAgent(services, visitor.grant, params.id);
          if (removed.ok && agent)
            return redirectWithFlash(services, cookie, { kind: "notice", text: w.removed(agent.clientName) }, "/settings/agents");
          return redirect("/settings/agents");
        }),
      { detail: { hide: true } },
    );
}
