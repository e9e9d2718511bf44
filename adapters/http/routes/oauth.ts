import type { SignedIn } from "../../../core/sessions/resume-session.ts";
import { Elysia } from "elysia";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { approveAuthorization } from "../../../core/oauth/approve-authorization.ts";
import { alreadyConnectedIn } from "../../../core/oauth/already-connected.ts";
import { type AuthorizationRequest, deny } from "../../../core/oauth/authorization-request.ts";
import { type AuthorizationCheck, checkAuthorizationRequest } from "../../../core/oauth/check-authorization-request.ts";
import { oauthError } from "../../../core/oauth/errors.ts";
import { AGENT_SCOPES, scopesWithin } from "../../../core/authorization.ts";
import { describeProblem, failureBody, textFor } from "../catalog/text.ts";
import { firstProblem } from "../../../core/schemas/field-problem.ts";
import { ClientMetadata, REDIRECT_URI_MAX, registerClient } from "../../../core/oauth/register-client.ts";
import { formTarget } from "../../../core/oauth/redirect-uri.ts";
import { addressFor, reachOf, resourcesOf } from "../../../core/oauth/resources.ts";
import { revokeClientToken } from "../../../core/oauth/revoke-client-token.ts";
import { exchangeToken } from "../../../core/oauth/exchange-token.ts";
import type { Services } from "../../../core/services.ts";
import { html, page, redirect } from "../html.ts";
import { json } from "../reply.ts";
import { acceptedLanguage } from "../language.ts";
import { checkRateLimit } from "../../../core/rate-limits/check-rate-limit.ts";
import { REGISTRATION_WINDOW_MS } from "../../../core/oauth/lifetimes.ts";
import type { WebRequest } from "../cookies.ts";
import { postedFromOwnSite } from "../same-origin.ts";
import { csrfToken, csrfValid, signedInUser } from "../web-session.ts";
import { flash, takeHandover } from "../web/flash.ts";
import { pageLanguage } from "../web/visitor.ts";
import { valueName, type Words, wordsFor } from "../web/words.ts";

const clientMetadata = TypeCompiler.Compile(ClientMetadata);
const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };
/** The page an authorization handed over to an application with its own scheme says so on, once. */
const HANDED_OVER = "/oauth/handed-over";
const AUTHORIZE_PARAMS = [
  "response_type",
  "client_id",
  "redirect_uri",
  "state",
  "scope",
  "code_challenge",
  "code_challenge_method",
  "resource",
] as const;

/** The consent page's words for an authorization request it refuses, by the core's reason. */
const REFUSED = { unknown_client: "unknownClient", unregistered_redirect: "unregisteredRedirect", repeated_client: "repeatedClient" } as const;

/**
 * The parameters of an authorization request its address gives more than once. Only the request's
 * own: RFC 6749 §3.1 has a server ignore a parameter it does not know, however often it is given.
 */
const repeatedIn = (params: URLSearchParams): string[] => AUTHORIZE_PARAMS.filter((name) => params.getAll(name).length > 1);

/** What is wrong with refused client metadata, naming the field at fault (RFC 7591 §3.2.2's error_description). */
function metadataProblem(body: unknown): string {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "the body must be a JSON object of client metadata";
  const problem = firstProblem(ClientMetadata, body);
  if (!problem || problem.field.split(".")[0] === "redirect_uris")
    return `redirect_uris (a non-empty array of at most 10 addresses, each of at most ${REDIRECT_URI_MAX} characters) is required`;
  // RFC 7591's description is for the developer: in English, in the REST API's words, without its final stop.
  return describeProblem(problem, "en").replace(/\.$/, "");
}

/** Only string fields of a parsed form or query; anything else is dropped. */
const stringFields = (value: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries((value ?? {}) as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === "string"));

/** The OAuth 2.0 authorization server: metadata, registration, authorization with consent, tokens, revocation. */
export function oauthRoutes(services: Services, registrationsPerHour: number, clientAddress: (request: Request) => string) {
  const resources = resourcesOf(services.baseUrl, services.addressAliases);
  /** The address the client used, when it is one of the service's own: the metadata then names that one. */
  const baseOf = (request: Request) => addressFor(resources, new URL(request.url).origin);
  /**
   * The protected resource metadata (RFC 9728) of one of this server's resources. It is served at
   * the well-known path followed by the resource's own path, and names that resource (§3.1): the
   * bare path names the service itself, the resource a token is bound to when the client names none,
   * which reads the REST API and opens /mcp (as DESIGN.md places the REST API's metadata there).
   */
  const resourceMetadata = (request: Request, path: "" | "/mcp" | "/v1", name: string) =>
    json({
      resource: `${baseOf(request)}${path}`,
      authorization_servers: [baseOf(request)],
      scopes_supported: AGENT_SCOPES,
      bearer_methods_supported: ["header"],
      resource_name: name,
    });

  /** The consent pages speak the person's language, as the sign-in page before them does. */
  const wordsOf = (web: WebRequest) => {
    const language = pageLanguage(services, web);
    return { language, w: wordsFor(language, "consent"), scopes: textFor(language).scopes };
  };
  /**
   * Where an application the consent form cannot redirect to gets its answer. Given its own scheme,
   * the browser hands the address to the application and would stay on the consent page, its Allow
   * live for a second code; at an IPv6 address, the form's CSP cannot name it. The POST redirects
   * here instead (post-redirect-get), and this page, shown once, goes to the address at once and
   * keeps a link to it; shown again (a reload), it has no code left to give.
   */
  const handedOver = async (web: WebRequest) => {
    const { language, w } = wordsOf(web);
    const handover = await takeHandover(services, web);
    if (!handover) return page(w.nothingLeft, html`<h1>${w.nothingLeft}</h1><p>${w.closeTab}</p>`, { language });
    return handingOver(web, handover.client, handover.location);
  };
  const handingOver = (web: WebRequest, client: string, location: string) => {
    const { language, w } = wordsOf(web);
    const body = html`<h1>${w.handedOver(client)}</h1><p>${w.closeTab}</p><p><a href="${location}">${w.openAgain(client)}</a></p>`;
    return page(w.handedOver(client), body, { language, goTo: location });
  };
  /**
   * After the consent form: back to the application, by a redirect where the form's CSP names its
   * address, else by the page above. An address longer than the cookie that keeps it for that page
   * holds (a state of some thousand characters) is handed over by this answer itself: redirected,
   * the person would read that the application has its answer, which it never got.
   */
  const sendBack = async (web: WebRequest, client: string, location: string): Promise<Response> => {
    if (formTarget(location) !== null) return redirect(location);
    if (await flash(services, web.cookie, { kind: "handover", client, location }, HANDED_OVER)) return redirect(HANDED_OVER);
    return handingOver(web, client, location);
  };
  /**
   * A request the application sent wrong, said to the person, with a link that takes the error
   * back: a redirect at once would let anyone, who may register a client sending people anywhere,
   * use this service's address to send them there (RFC 9700 §4.11.2).
   */
  const wrongRequest = (web: WebRequest, wrong: Extract<AuthorizationCheck, { kind: "redirect" }>) => {
    const { language, w } = wordsOf(web);
    const client = wrong.client.name;
    const body = html`<h1>${w.cannotGoOn}</h1><p class="error">${w.wrongRequest(client)}${w.colon}<code>${wrong.error.error_description}</code></p>
<p><a href="${wrong.location}">${w.backWithError(client)}</a></p><p class="muted">${w.sentBack} <code>${wrong.redirectUri}</code>.</p>`;
    return page(w.cannotGoOn, body, { status: 400, language });
  };
  /**
   * A refusal: what is wrong (the OAuth checks' own words, or the page's), and, for a request the
   * application sent wrong, what to do (the page's own refusals say it themselves).
   */
  const errorPage = (web: WebRequest, message: (w: Words<"consent">) => string, status = 400, { fromApplication = false } = {}) => {
    const { language, w } = wordsOf(web);
    return page(
      w.cannotGoOn,
      html`<h1>${w.cannotGoOn}</h1><p class="error">${message(w)}</p>${fromApplication ? html`<p>${w.startAgain}</p>` : ""}`,
      {
        status,
        language,
      },
    );
  };

  /**
   * The consent page of a request checked from `asked`: its form sends back that same reading, so that
   * a parameter repeated in the address cannot have the page name one client and Allow approve another.
   */
  async function consentPage(
    web: WebRequest,
    asked: Readonly<Record<string, string>>,
    authorization: AuthorizationRequest,
    user: SignedIn,
  ): Promise<Response> {
    const { cookie } = web;
    const { language, w, scopes } = wordsOf(web);
    const memberships = user.memberships;
    if (memberships.length === 0) return errorPage(web, (w) => w.noOrganization, 403);
    const csrf = await csrfToken(services, cookie);
    const hidden = AUTHORIZE_PARAMS.map((name) => {
      const value = name === "scope" ? authorization.scopes.join(" ") : asked[name];
      return value === undefined ? "" : html`<input type="hidden" name="${name}" value="${value}">`;
    });
    const options = memberships.map((m) => {
      const allowed = scopesWithin(m.role, authorization.scopes);
      const names =
        AGENT_SCOPES.filter((s) => allowed.includes(s))
          .map((s) => scopes[s].name)
          .join(", ") || w.nothing;
      return html`<option value="${m.orgId}">${m.orgName} — ${w.asRole(valueName(language, m.role), names)}</option>`;
    });
    const single = memberships.length === 1 ? memberships[0]! : null;
    const allowed = single ? scopesWithin(single.role, authorization.scopes) : authorization.scopes;
    // Said only to someone this application already acts for on this resource, naming where: allowing it again there replaces that access.
    const connected = (await alreadyConnectedIn(services, user, authorization.client.id, authorization.resource)).map((m) => m.orgName);
    const client = authorization.client.name;
    const body = html`<h1>${w.title(client)}</h1>
<p>${w.asks(client, user.email)}</p>
<p class="muted">${w.sentBack} <code>${authorization.redirectUri}</code>.</p>
<form method="post" action="/oauth/authorize">
${hidden}<input type="hidden" name="csrf" value="${csrf}">
${
  single
    ? html`<input type="hidden" name="org" value="${single.orgId}"><p>${w.organization}${w.colon}<strong>${single.orgName}</strong></p>`
    : html`<label for="org">${w.organization}</label><select id="org" name="org">${options}</select>`
}
<p>${w.ableTo}</p>
<ul>${AGENT_SCOPES.filter((s) => allowed.includes(s)).map((s) => html`<li><strong>${scopes[s].name}</strong>${w.colon}${scopes[s].description}</li>`)}</ul>
${connected.length > 0 ? html`<p class="muted">${w.replaces(client, connected.join(", "), connected.length > 1, w.reach[reachOf(resources, [authorization.resource])])}</p>` : ""}
<button type="submit" name="decision" value="allow">${w.allow}</button>
<button type="submit" name="decision" value="deny" class="secondary">${w.deny}</button>
</form>`;
    const target = formTarget(authorization.redirectUri);
    return page(w.title(client), body, { language, formTargets: target === null ? [] : [target] });
  }

  return new Elysia({ name: "routes/oauth" })
    .get("/.well-known/oauth-authorization-server", ({ request }) => {
      const base = baseOf(request);
      return json({
        issuer: base,
        authorization_endpoint: `${base}/oauth/authorize`,
        token_endpoint: `${base}/oauth/token`,
        registration_endpoint: `${base}/oauth/register`,
        revocation_endpoint: `${base}/oauth/revoke`,
        scopes_supported: AGENT_SCOPES,
        response_types_supported: ["code"],
        response_modes_supported: ["query"],
        // Every authorization response names this issuer in iss (RFC 9207), as redirectWith writes it.
        authorization_response_iss_parameter_supported: true,
        grant_types_supported: ["authorization_code", "refresh_token"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["none"],
        revocation_endpoint_auth_methods_supported: ["none"],
      });
    })
    .get("/.well-known/oauth-protected-resource", ({ request }) => resourceMetadata(request, "", "Retour REST API and MCP server"))
    .get("/.well-known/oauth-protected-resource/mcp", ({ request }) => resourceMetadata(request, "/mcp", "Retour MCP server"))
    .get("/.well-known/oauth-protected-resource/v1", ({ request }) => resourceMetadata(request, "/v1", "Retour REST API"))
    .post(
      "/oauth/register",
      async ({ request }) => {
        // Registration needs no credentials: each address may register a few clients an hour.
        const limited = await checkRateLimit(
          services.store,
          services.clock,
          `register:${clientAddress(request)}`,
          registrationsPerHour,
          REGISTRATION_WINDOW_MS,
        );
        // Said in OAuth's words, which a registration client reads (its code kept as the API's other refusals give it).
        if (!limited.ok) {
          const said = { ...oauthError("too_many_requests", failureBody(limited, acceptedLanguage(request)).error), code: limited.code };
          return json(said, 429, { ...NO_STORE, "retry-after": String(limited.retryAfter) });
        }
        // Read here, not by the REST routes' parser: a registration client expects RFC 7591's errors, not {error, code}.
        let body: unknown;
        try {
          body = JSON.parse(await request.text());
        } catch {
          return json(oauthError("invalid_client_metadata", "the body must be a JSON object of client metadata"), 400, NO_STORE);
        }
        if (!clientMetadata.Check(body)) return json(oauthError("invalid_client_metadata", metadataProblem(body)), 400, NO_STORE);
        const result = await registerClient(services, body);
        return result.ok ? json(result.value, 201, NO_STORE) : json(result.error, 400, NO_STORE);
      },
      { parse: "none", detail: { hide: true } },
    )
    .post(
      "/oauth/token",
      async ({ body }) => {
        const result = await exchangeToken(services, stringFields(body));
        return result.ok ? json(result.value, 200, NO_STORE) : json(result.error, result.error.error === "invalid_client" ? 401 : 400, NO_STORE);
      },
      { detail: { hide: true } },
    )
    .post(
      "/oauth/revoke",
      async ({ body }) =>
        (await revokeClientToken(services, stringFields(body))) === "revoked"
          ? new Response(null, { status: 200, headers: NO_STORE })
          : json(oauthError("invalid_request", "token and client_id are required"), 400, NO_STORE),
      { detail: { hide: true } },
    )
    .get(
      "/oauth/authorize",
      async ({ request, cookie }) => {
        const query = new URL(request.url).searchParams;
        const asked = Object.fromEntries(query);
        const checked = await checkAuthorizationRequest(services, asked, baseOf(request), repeatedIn(query));
        if (checked.kind === "refuse") return errorPage({ request, cookie }, (w) => w[REFUSED[checked.reason]], 400, { fromApplication: true });
        if (checked.kind === "redirect") return wrongRequest({ request, cookie }, checked);
        const user = await signedInUser(services, cookie);
        if (!user) {
          const url = new URL(request.url);
          return redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
        }
        return consentPage({ request, cookie }, asked, checked.request, user);
      },
      { detail: { hide: true } },
    )
    .get(HANDED_OVER, ({ request, cookie }) => handedOver({ request, cookie }), { detail: { hide: true } })
    .post(
      "/oauth/authorize",
      async ({ request, body, cookie }) => {
        const form = stringFields(body);
        const web = { request, cookie };
        if (!postedFromOwnSite(request, new URL(services.baseUrl).origin)) return errorPage(web, (w) => w.otherSite, 403);
        const user = await signedInUser(services, cookie);
        if (!user) return errorPage(web, (w) => w.sessionEnded, 401);
        if (!(await csrfValid(services, cookie, form.csrf))) return errorPage(web, (w) => w.consentExpired, 403);
        // The hidden fields come back from the browser: check the whole request again.
        const checked = await checkAuthorizationRequest(services, form, baseOf(request));
        if (checked.kind === "refuse") return errorPage(web, (w) => w[REFUSED[checked.reason]], 400, { fromApplication: true });
        if (checked.kind === "redirect") return sendBack(web, checked.client.name, checked.location);
        if (form.decision !== "allow") return sendBack(web, checked.request.client.name, deny(checked.request));
        const membership = user.memberships.find((m) => m.orgId === form.org);
        if (!membership) return errorPage(web, (w) => w.chooseOrganization, 403);
        const location = await approveAuthorization(services, checked.request, {
          userId: user.userId,
          orgId: membership.orgId,
          role: membership.role,
        });
        return sendBack(web, checked.request.client.name, location);
      },
      { detail: { hide: true } },
    );
}
