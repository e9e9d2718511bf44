import { Elysia } from "elysia";
import { outcome, refusedField } from "../web/notices.ts";
import { API_KEY_NAME_MAX_LENGTH, createApiKey } from "../../../core/api-keys/create-api-key.ts";
import { listApiKeys } from "../../../core/api-keys/list-api-keys.ts";
import { revokeApiKey } from "../../../core/api-keys/revoke-api-key.ts";
import { AGENT_SCOPES } from "../../../core/authorization.ts";
import type { Services } from "../../../core/services.ts";
import { withoutReordering } from "../../../core/schemas/text.ts";
import { describeFieldProblem, failureBody, reorderingRemoved } from "../catalog/text.ts";
import { STATUS_OF } from "../error-status.ts";
import { type Html, html, redirect } from "../html.ts";
import { redirectWithFlash, takeSecret } from "../web/flash.ts";
import { asMember, asMemberPosting } from "../web/layout.ts";
import { postButton, refusedPage, settingsPage, unconfirmed } from "../web/settings-page.ts";
import type { Visitor } from "../web/visitor.ts";
import { formatTime, wordsFor } from "../web/words.ts";
import { copyable } from "../web/copy.ts";

const PATH = "/settings/api-keys";

/** The organization's API keys: listed with when each was last used, created (the key shown once), revoked. Admins only. */
async function apiKeysPage(
  services: Services,
  visitor: Visitor,
  notice: {
    readonly error?: string;
    /** The error is the name's, said beside its field; else the page's. */
    readonly ofName?: boolean;
    readonly status?: number;
    readonly secret?: { label: string; value: string };
    /** What the refused form held, shown in it again: the name typed and the scopes ticked. */
    readonly typed?: { readonly name: string; readonly scopes: readonly string[] };
  } = {},
): Promise<Response> {
  const w = wordsFor(visitor.language, "apiKeys");
  const title = w.pageTitle;
  const listed = await listApiKeys(services, visitor.grant);
  if (!listed.ok) return refusedPage(visitor, PATH, title, listed, w.whoMay);
  const keys = listed.value.data;
  const lang = visitor.language;
  const rows = keys.map(
    (
      k,
    ) => html`<tr><td data-label="${w.name}">${k.name}</td><td data-label="${w.scopes}">${k.scopes.join(" ")}</td><td data-label="${w.created}">${formatTime(lang, Date.parse(k.createdAt))}</td>
<td data-label="${w.lastUsed}">${k.lastUsedAt ? formatTime(lang, Date.parse(k.lastUsedAt)) : w.neverUsed}</td><td>${postButton(visitor, `${PATH}/${k.id}/revoke`, w.revokeKey, { of: w.keyNamed(k.name) })}</td></tr>`,
  );
  const table: Html =
    keys.length > 0
      ? html`<div class="scroll"><table class="cards"><thead><tr><th scope="col">${w.name}</th><th scope="col">${w.scopes}</th><th scope="col">${w.created}</th><th scope="col">${w.lastUsed}</th><th scope="col"></th></tr></thead><tbody>${rows}</tbody></table></div>`
      : html`<p class="muted">${w.noKeys}</p>`;
  const name = refusedField("key-name-error", notice.ofName ? notice.error : undefined);
  const form = html`<h2>${w.createKey}</h2><form method="post" action="${PATH}"><input type="hidden" name="csrf" value="${visitor.csrf}">
<label for="key-name">${w.name}</label>${name.said}<input id="key-name" name="name" required maxlength="${API_KEY_NAME_MAX_LENGTH}" placeholder="ci-script" value="${notice.typed?.name ?? ""}"${name.marks}>
<fieldset><legend>${w.scopes}</legend>${AGENT_SCOPES.map(
    (s) =>
      html`<label><input type="checkbox" name="scope.${s}" value="yes"${(notice.typed ? notice.typed.scopes.includes(s) : s === "feedbacks:read") ? html` checked` : ""}> ${s}</label>`,
  )}</fieldset>
<button type="submit">${w.create}</button></form>`;
  const shown = html`${notice.error && !notice.ofName ? outcome(notice.error, { role: "alert" }) : ""}${
    notice.secret
      ? outcome(html`<p>${notice.secret.label}</p><pre class="secret" id="secret"${copyable(visitor.language)}>${notice.secret.value}</pre>`, {
          block: true,
        })
      : ""
  }`;
  return settingsPage(visitor, PATH, title, html`${shown}${table}${form}`, notice.status);
}

/** Settings → API keys. */
export function settingsApiKeyRoutes(services: Services) {
  return new Elysia({ name: "routes/settings-api-keys" })
    .get(
      PATH,
      ({ request, cookie }) =>
        asMember(services, { request, cookie }, async (visitor) =>
          apiKeysPage(services, visitor, { secret: await takeSecret(services, { request, cookie }) }),
        ),
      { detail: { hide: true } },
    )
    .post(
      PATH,
      ({ request, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const scopes = AGENT_SCOPES.filter((s) => field(`scope.${s}`) === "yes");
          const name = field("name").trim();
          const w = wordsFor(visitor.language, "apiKeys");
          const typed = { name: field("name"), scopes };
          if (!name) return apiKeysPage(services, visitor, { error: w.nameNeeded, ofName: true, status: 400, typed });
          if (scopes.length === 0) return apiKeysPage(services, visitor, { error: w.scopesNeeded, status: 400, typed });
          const created = await createApiKey(services, visitor.grant, { name, scopes });
          const status = created.ok ? 200 : STATUS_OF[created.code];
          // The name refused is said beside it, by its label (one that would read as something else
          // back without what made it so); any other refusal, above the keys.
          if (!created.ok && created.problem?.reason === "reordering")
            return apiKeysPage(services, visitor, {
              error: reorderingRemoved(visitor.language, w.name),
              ofName: true,
              status,
              typed: { ...typed, name: withoutReordering(typed.name) },
            });
          if (!created.ok && created.problem?.field === "name")
            return apiKeysPage(services, visitor, {
              error: describeFieldProblem(created.problem, visitor.language, { name: w.name }),
              ofName: true,
              status,
              typed,
            });
          if (!created.ok) return apiKeysPage(services, visitor, { error: failureBody(created, visitor.language).error, status, typed });
          return redirectWithFlash(services, cookie, { kind: "secret", label: w.keyOnce, value: created.value.key }, PATH);
        }),
      { detail: { hide: true } },
    )
    .post(
      `${PATH}/:id/revoke`,
      ({ request, body, params, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const w = wordsFor(visitor.language, "apiKeys");
          const asking = unconfirmed(visitor, field, {
            action: `${PATH}/${params.id}/revoke`,
            question: w.confirmRevokeKey,
            label: w.revokeKey,
            back: PATH,
          });
          if (asking) return asking;
          await revokeApiKey(services, visitor.grant, params.id);
          return redirect(PATH);
        }),
      { detail: { hide: true } },
    );
}
