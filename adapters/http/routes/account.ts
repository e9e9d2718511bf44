import { Elysia } from "elysia";
import type { Services } from "../../../core/services.ts";
import { listAgents, removeAgent } from "../../../core/use-cases/agents.ts";
import { login } from "../../../core/use-cases/login.ts";
import { PERMISSIONS } from "../../../core/oauth/permissions.ts";
import type { AgentView } from "../../../core/store.ts";
import { clientAddress } from "../connection.ts";
import { html, page, redirect } from "../html.ts";
import { closeSession, csrfToken, csrfValid, openSession, signedInUser } from "../web-session.ts";

/** A same-site path to return to after login; anything else goes home. */
const safeNext = (next: unknown): string =>
  typeof next === "string" && next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\") ? next : "/settings/agents";

const describeScopes = (agent: AgentView): string =>
  PERMISSIONS.filter((p) => agent.scopes.includes(p.scope))
    .map((p) => p.name)
    .join(", ");

/** Sign-in pages and the Agents settings page. */
export function accountRoutes(services: Services) {
  function loginPage(request: Request, next: string, error?: string, status = 200): Response {
    const csrf = csrfToken(services, request);
    const response = page(
      "Sign in",
      html`<h1>Sign in to Retour</h1>
${error ? html`<p class="error" role="alert">${error}</p>` : ""}
<form method="post" action="/login">
<input type="hidden" name="csrf" value="${csrf.token}"><input type="hidden" name="next" value="${next}">
<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="username" required autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
      { status },
    );
    if (csrf.setCookie) response.headers.append("set-cookie", csrf.setCookie);
    return response;
  }

  async function agentsPage(request: Request, user: { userId: string; email: string }): Promise<Response> {
    const memberships = await services.store.listMemberships(user.userId);
    const csrf = csrfToken(services, request);
    const sections = await Promise.all(
      memberships.map(async (m) => {
        const agents = await listAgents(services, { orgId: m.orgId, userId: user.userId, role: m.role });
        const rows = agents.map(
          (a) => html`<tr><td>${a.clientName}</td><td>${m.role === "admin" ? a.email : ""}</td><td>${describeScopes(a)}</td>
<td>${new Date(a.lastUsedAt).toISOString().slice(0, 16).replace("T", " ")} UTC</td>
<td><form method="post" action="/settings/agents/${a.id}/remove"><input type="hidden" name="csrf" value="${csrf.token}"><input type="hidden" name="org" value="${m.orgId}">
<button type="submit" class="secondary">Remove</button></form></td></tr>`,
        );
        return html`<h2>${m.orgName}</h2>${
          agents.length === 0
            ? html`<p class="muted">No agent is connected.</p>`
            : html`<table><thead><tr><th>Application</th><th>${m.role === "admin" ? "Person" : ""}</th><th>Can</th><th>Last used</th><th></th></tr></thead><tbody>${rows}</tbody></table>`
        }`;
      }),
    );
    const response = page(
      "Agents",
      html`<h1>Agents</h1><p class="muted">Signed in as ${user.email}. Removing an agent cuts it off at once.</p>${sections}
<form method="post" action="/logout"><input type="hidden" name="csrf" value="${csrf.token}"><button type="submit" class="secondary">Sign out</button></form>`,
    );
    if (csrf.setCookie) response.headers.append("set-cookie", csrf.setCookie);
    return response;
  }

  return new Elysia({ name: "routes/account" })
    .get("/login", ({ request }) => loginPage(request, safeNext(new URL(request.url).searchParams.get("next"))), { detail: { hide: true } })
    .post(
      "/login",
      async ({ request, body }) => {
        const form = (body ?? {}) as Record<string, unknown>;
        const next = safeNext(form.next);
        if (!csrfValid(request, form.csrf)) return loginPage(request, next, "This form has expired. Please try again.", 403);
        const result = await login(services, {
          email: String(form.email ?? ""),
          password: String(form.password ?? ""),
          clientAddress: clientAddress(request),
        });
        if (!result.ok) {
          const message = result.code === "rate_limited" ? "Too many attempts. Wait a minute and try again." : "Wrong e-mail or password.";
          return loginPage(request, next, message, result.code === "rate_limited" ? 429 : 401);
        }
        return redirect(next, { "set-cookie": await openSession(services, result.value.userId) });
      },
      { detail: { hide: true } },
    )
    .post(
      "/logout",
      async ({ request, body }) => {
        if (!csrfValid(request, (body as Record<string, unknown> | undefined)?.csrf)) return redirect("/login");
        return redirect("/login", { "set-cookie": await closeSession(services, request) });
      },
      { detail: { hide: true } },
    )
    .get(
      "/settings/agents",
      async ({ request }) => {
        const user = await signedInUser(services, request);
        return user ? agentsPage(request, user) : redirect(`/login?next=${encodeURIComponent("/settings/agents")}`);
      },
      { detail: { hide: true } },
    )
    .post(
      "/settings/agents/:id/remove",
      async ({ request, params, body }) => {
        const user = await signedInUser(services, request);
        const form = (body ?? {}) as Record<string, unknown>;
        if (!user) return redirect("/login");
        if (!csrfValid(request, form.csrf)) return redirect("/settings/agents");
        const membership = (await services.store.listMemberships(user.userId)).find((m) => m.orgId === form.org);
        if (membership) await removeAgent(services, { orgId: membership.orgId, userId: user.userId, role: membership.role }, params.id);
        return redirect("/settings/agents");
      },
      { detail: { hide: true } },
    );
}
