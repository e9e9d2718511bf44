import type { SignedIn } from "../../../core/sessions/resume-session.ts";
import { Elysia } from "elysia";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { approveAuthorization } from "../../../core/oauth/approve-authorization.ts";
import { type AuthorizationRequest, deny } from "../../../core/oauth/authorization-request.ts";
import { checkAuthorizationRequest } from "../../../core/oauth/check-authorization-request.ts";
import { oauthError } from "../../../core/oauth/errors.ts";
import { AGENT_SCOPES } from "../../../core/authorization.ts";
import { grantableScopes } from "../../../core/oauth/permissions.ts";
import { textFor } from "../catalog/text.ts";
import { ClientMetadata, registerClient } from "../../../core/oauth/register-client.ts";
import { addressFor, resourcesOf } from "../../../core/oauth/resources.ts";
import { revokeToken } from "../../../core/oauth/revoke.ts";
import { exchangeToken } from "../../../core/oauth/token.ts";
import type { Services } from "../../../core/services.ts";
import { html, page, redirect } from "../html.ts";
import { failureResponse, json } from "../reply.ts";
import { checkRateLimit } from "../../../core/rate-limits/check-rate-limit.ts";
import { REGISTRATION_WINDOW_MS } from "../../../core/oauth/lifetimes.ts";
import type { WebRequest } from "../cookies.ts";
import { postedFromOwnSite } from "../same-origin.ts";
import { csrfToken, csrfValid, signedInUser } from "../web-session.ts";

const clientMetadata = TypeCompiler.Compile(ClientMetadata);
const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };
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

/** Only string fields of a parsed form or query; anything else is dropped. */
const stringFields = (value: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries((value ?? {}) as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === "string"));

/** The OAuth 2.0 authorization server: metadata, registration, authorization with consent, tokens, revocation. */
export function oauthRoutes(services: Services, registrationsPerHour: number, clientAddress: (request: Request) => string) {
  const resources = resourcesOf(services.baseUrl, services.addressAliases);
  /** The address the client used, when it is one of the service's own: the metadata then names that one. */
  const baseOf = (request: Request) => addressFor(resources, new URL(request.url).origin);

  // The consent screen is in English, as the authorization server's other pages.
  const SCOPES = textFor("en").scopes;
  const errorPage = (message: string, status = 400) =>
    page("Authorization error", html`<h1>This authorization cannot go on</h1><p class="error">${message}</p>`, { status });

  async function consentPage({ request, cookie }: WebRequest, authorization: AuthorizationRequest, user: SignedIn): Promise<Response> {
    const memberships = user.memberships;
    if (memberships.length === 0) return errorPage("You are not a member of any organization.", 403);
    const csrf = await csrfToken(services, cookie);
    const hidden = AUTHORIZE_PARAMS.map((name) => {
      const value = name === "scope" ? authorization.scopes.join(" ") : new URL(request.url).searchParams.get(name);
      return value === null ? "" : html`<input type="hidden" name="${name}" value="${value}">`;
    });
    const options = memberships.map((m) => {
      const allowed = grantableScopes(authorization.scopes, m.role);
      const names =
        AGENT_SCOPES.filter((s) => allowed.includes(s))
          .map((s) => SCOPES[s].name)
          .join(", ") || "nothing";
      return html`<option value="${m.orgId}">${m.orgName} — as ${m.role}: ${names}</option>`;
    });
    const single = memberships.length === 1 ? memberships[0]! : null;
    const allowed = single ? grantableScopes(authorization.scopes, single.role) : authorization.scopes;
    const body = html`<h1>Allow ${authorization.client.name}?</h1>
<p><strong>${authorization.client.name}</strong> (declared by the application) asks to act in your name, ${user.email}, with your rights.</p>
<p class="muted">It will be sent back to <code>${authorization.redirectUri}</code>.</p>
<form method="post" action="/oauth/authorize">
${hidden}<input type="hidden" name="csrf" value="${csrf}">
${
  single
    ? html`<input type="hidden" name="org" value="${single.orgId}"><p>Organization: <strong>${single.orgName}</strong></p>`
    : html`<label for="org">Organization</label><select id="org" name="org">${options}</select>`
}
<p>It will be able to:</p>
<ul>${AGENT_SCOPES.filter((s) => allowed.includes(s)).map((s) => html`<li><strong>${SCOPES[s].name}</strong>: ${SCOPES[s].description}</li>`)}</ul>
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</form>`;
    return page(`Allow ${authorization.client.name}`, body, { formTargets: [new URL(authorization.redirectUri).origin] });
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
        grant_types_supported: ["authorization_code", "refresh_token"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["none"],
        revocation_endpoint_auth_methods_supported: ["none"],
      });
    })
    .get("/.well-known/oauth-protected-resource/mcp", ({ request }) =>
      json({
        resource: `${baseOf(request)}/mcp`,
        authorization_servers: [baseOf(request)],
        scopes_supported: AGENT_SCOPES,
        bearer_methods_supported: ["header"],
        resource_name: "Retour MCP server",
      }),
    )
    .get("/.well-known/oauth-protected-resource", ({ request }) =>
      json({
        resource: `${baseOf(request)}/v1`,
        authorization_servers: [baseOf(request)],
        scopes_supported: AGENT_SCOPES,
        bearer_methods_supported: ["header"],
        resource_name: "Retour REST API",
      }),
    )
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
        if (!limited.ok) return failureResponse(request, limited);
        // Read here, not by the REST routes' parser: a registration client expects RFC 7591's errors, not {error, code}.
        let body: unknown;
        try {
          body = JSON.parse(await request.text());
        } catch {
          return json(oauthError("invalid_client_metadata", "the body must be a JSON object of client metadata"), 400, NO_STORE);
        }
        if (!clientMetadata.Check(body))
          return json(oauthError("invalid_client_metadata", "redirect_uris (a non-empty array of strings) is required"), 400, NO_STORE);
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
        (await revokeToken(services, stringFields(body))) === "revoked"
          ? new Response(null, { status: 200, headers: NO_STORE })
          : json(oauthError("invalid_request", "token and client_id are required"), 400, NO_STORE),
      { detail: { hide: true } },
    )
    .get(
      "/oauth/authorize",
      async ({ request, cookie }) => {
        const checked = await checkAuthorizationRequest(services, Object.fromEntries(new URL(request.url).searchParams));
        if (checked.kind === "refuse") return errorPage(checked.error.error_description);
        if (checked.kind === "redirect") return redirect(checked.location);
        const user = await signedInUser(services, cookie);
        if (!user) {
          const url = new URL(request.url);
          return redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
        }
        return consentPage({ request, cookie }, checked.request, user);
      },
      { detail: { hide: true } },
    )
    .post(
      "/oauth/authorize",
      async ({ request, body, cookie }) => {
        const form = stringFields(body);
        if (!postedFromOwnSite(request, new URL(services.baseUrl).origin)) return errorPage("This form can only be sent from its own page.", 403);
        const user = await signedInUser(services, cookie);
        if (!user) return errorPage("Your session has ended. Start the connection again from the application.", 401);
        if (!(await csrfValid(services, cookie, form.csrf)))
          return errorPage("This form has expired. Start the connection again from the application.", 403);
        // The hidden fields come back from the browser: check the whole request again.
        const checked = await checkAuthorizationRequest(services, form);
        if (checked.kind === "refuse") return errorPage(checked.error.error_description);
        if (checked.kind === "redirect") return redirect(checked.location);
        if (form.decision !== "allow") return redirect(deny(checked.request));
        const membership = user.memberships.find((m) => m.orgId === form.org);
        if (!membership) return errorPage("Choose one of your organizations.", 403);
        return redirect(
          await approveAuthorization(services, checked.request, { userId: user.userId, orgId: membership.orgId, role: membership.role }),
        );
      },
      { detail: { hide: true } },
    );
}
