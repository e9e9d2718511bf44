import { outcome, refusedField } from "../web/notices.ts";
import { redirectWithFlash, takeNotice, takeSecret } from "../web/flash.ts";
import { Elysia } from "elysia";
import { addressRefusal, describeFieldProblem, textFor } from "../catalog/text.ts";
import { STATUS_OF } from "../error-status.ts";
import { can, ROLE_SCOPES, scopesWithin } from "../../../core/authorization.ts";
import { EVENT_TYPES } from "../../../core/feedback/events.ts";
import { ROLES, type Role, SCOPES } from "../../../core/model.ts";
import type { Services } from "../../../core/services.ts";
import type { Failure } from "../../../core/errors.ts";
import { listMembers } from "../../../core/members/list-members.ts";
import { removeMember } from "../../../core/members/remove-member.ts";
import { setMemberRole } from "../../../core/members/set-member-role.ts";
import { listTokens } from "../../../core/tokens/list-tokens.ts";
import { revokeToken } from "../../../core/tokens/revoke-token.ts";
import { issueToken, TOKEN_LABEL_MAX_LENGTH } from "../../../core/tokens/issue-token.ts";
import { testWebhook } from "../../../core/webhooks/test-webhook.ts";
import { createWebhook } from "../../../core/webhooks/create-webhook.ts";
import { deleteWebhook } from "../../../core/webhooks/delete-webhook.ts";
import { listWebhooks } from "../../../core/webhooks/list-webhooks.ts";
import { rotateWebhookSecret } from "../../../core/webhooks/rotate-webhook-secret.ts";
import { MAX_WEBHOOKS_PER_ORGANIZATION } from "../../../core/webhooks/schemas.ts";
import { type Html, html, redirect } from "../html.ts";
import type { WebRequest } from "../cookies.ts";
import { asMember, asMemberPosting } from "../web/layout.ts";
import { actsOn, hidden, postButton, refusal, refusedPage, settingsPage, settingsPosting, unconfirmed } from "../web/settings-page.ts";
import type { Visitor } from "../web/visitor.ts";
import { formatTime, valueName, type Words, wordsFor } from "../web/words.ts";
import { type InviteDraft, invitationsPanel } from "../web/invitations-panel.ts";
import { copyable } from "../web/copy.ts";
import type { Language } from "../../../core/language.ts";

/** What a page says once above its content: an error, or a secret shown this one time. */
type Notice = {
  readonly error?: string;
  /** The error is the token label's, said beside its field; else the page's. */
  readonly ofLabel?: boolean;
  /** The error is the role's of the member with this user id, said beside their row's select; else the page's. */
  readonly ofRole?: string;
  readonly status?: number;
  readonly secret?: { readonly label: string; readonly value: string };
  readonly info?: string;
  /** What the refused token form held, shown in it again: the label typed and the scopes ticked. */
  readonly typed?: { readonly label: string; readonly scopes: readonly string[] };
};

function noticeHtml(language: Language, notice: Notice): Html {
  return html`${notice.error && !notice.ofLabel && !notice.ofRole ? outcome(notice.error, { role: "alert" }) : ""}${notice.info ? outcome(notice.info) : ""}${
    notice.secret
      ? outcome(html`<p>${notice.secret.label}</p><pre class="secret" id="secret"${copyable(language)}>${notice.secret.value}</pre>`, { block: true })
      : ""
  }`;
}

const MEMBERS_PATH = "/settings/members";
const ROLE_PATH = `${MEMBERS_PATH}/role`;

/**
 * A member's role as an Admin changes it, on the member's row: a select named for the person,
 * showing the role they have, and its button; a refusal of this member's change (the last Admin's)
 * said under it. The member is named by their id, which an e-mail changed meanwhile leaves the same.
 */
function roleForm(
  visitor: Visitor,
  member: { readonly userId: string; readonly email: string; readonly role: Role },
  index: number,
  refused?: string,
): Html {
  const w = wordsFor(visitor.language, "members");
  const id = `member-role-${index}`;
  const error = refusedField(`${id}-error`, refused);
  return html`<form method="post" action="${ROLE_PATH}"><input type="hidden" name="csrf" value="${visitor.csrf}">${hidden("user", member.userId)}
<div class="search-row"><label class="visually-hidden" for="${id}">${w.roleOf(member.email)}</label><select id="${id}" name="role"${error.marks}>${ROLES.map(
    (r) => html`<option value="${r}"${r === member.role ? html` selected` : ""}>${valueName(visitor.language, r)}</option>`,
  )}</select> <button type="submit" class="secondary">${w.save}${actsOn(w.saveRoleOf(member.email))}</button></div>${error.said}</form>`;
}

export async function membersPage(services: Services, visitor: Visitor, notice: Notice = {}, invite?: InviteDraft): Promise<Response> {
  const w = wordsFor(visitor.language, "members");
  const listed = await listMembers(services, visitor.grant);
  const members = listed.ok ? listed.value : [];
  const admin = can(visitor.grant, "organization.manage");
  const rows = members.map(
    (m, index) => html`<tr><td data-label="${w.email}">${m.email}</td><td data-label="${w.role}">${
      admin ? roleForm(visitor, m, index, notice.ofRole === m.userId ? notice.error : undefined) : valueName(visitor.language, m.role)
    }</td>
<td>${admin && m.userId !== visitor.grant.userId ? postButton(visitor, `${MEMBERS_PATH}/remove`, w.remove, { fields: hidden("user", m.userId), of: m.email }) : ""}</td></tr>`,
  );
  return settingsPage(
    visitor,
    MEMBERS_PATH,
    w.members,
    html`${noticeHtml(visitor.language, notice)}<div class="scroll"><table class="cards edit members"><thead><tr><th scope="col">${w.email}</th><th scope="col">${w.role}</th><th scope="col"></th></tr></thead><tbody>${rows}</tbody></table></div>${
      admin ? "" : html`<p class="muted">${w.adminsOnly}</p>`
    }${await invitationsPanel(services, visitor, invite)}`,
    notice.status,
  );
}

/** The scope a new personal token has unless more are ticked: reading, the least a token does. */
const DEFAULT_TOKEN_SCOPE = "feedbacks:read";

async function tokensPage(services: Services, visitor: Visitor, notice: Notice = {}): Promise<Response> {
  const w = wordsFor(visitor.language, "tokens");
  const lang = visitor.language;
  const listed = await listTokens(services, visitor.grant, "own");
  const tokens = listed.ok ? listed.value : [];
  const rows = tokens.map(
    (
      t,
    ) => html`<tr><td data-label="${w.label}">${t.label}</td><td data-label="${w.scopes}">${t.scopes.join(" ")}</td><td data-label="${w.expires}">${t.expiresAt ? formatTime(lang, t.expiresAt) : w.never}</td>
<td data-label="${w.lastUsed}">${t.lastUsedAt ? formatTime(lang, t.lastUsedAt) : w.never}</td><td>${postButton(visitor, `/settings/tokens/${t.id}/revoke`, w.revoke, { of: w.tokenNamed(t.label) })}</td></tr>`,
  );
  const scopes = ROLE_SCOPES[visitor.membership.role];
  const label = refusedField("token-label-error", notice.ofLabel ? notice.error : undefined);
  const form = html`<h2>${w.createToken}</h2><form method="post" action="/settings/tokens"><input type="hidden" name="csrf" value="${visitor.csrf}">
<label for="token-label">${w.label}</label>${label.said}<input id="token-label" name="label" required maxlength="${TOKEN_LABEL_MAX_LENGTH}" value="${notice.typed?.label ?? ""}"${label.marks}>
<fieldset><legend>${w.scopes}</legend>${scopes.map(
    (s) =>
      html`<label><input type="checkbox" name="scope.${s}" value="yes"${(notice.typed ? notice.typed.scopes.includes(s) : s === DEFAULT_TOKEN_SCOPE) ? html` checked` : ""}> ${s}</label>`,
  )}</fieldset>
<button type="submit">${w.create}</button></form>`;
  return settingsPage(
    visitor,
    "/settings/tokens",
    w.tokens,
    html`${noticeHtml(visitor.language, notice)}<div class="scroll"><table class="cards"><thead><tr><th scope="col">${w.label}</th><th scope="col">${w.scopes}</th><th scope="col">${w.expires}</th><th scope="col">${w.lastUsed}</th><th scope="col"></th></tr></thead><tbody>${rows}</tbody></table></div>${form}`,
    notice.status,
  );
}

/** What an Admin typed in the webhook form: given back with a refusal, so nothing is typed twice. */
interface WebhookDraft {
  readonly url: string;
  readonly events: readonly string[];
  /** Why its address was refused, said beside the field. */
  readonly addressError?: string;
}

async function webhooksPage(services: Services, visitor: Visitor, notice: Notice = {}, draft?: WebhookDraft): Promise<Response> {
  const w = wordsFor(visitor.language, "webhooks");
  const listed = await listWebhooks(services, visitor.grant);
  if (!listed.ok) return refusedPage(visitor, "/settings/webhooks", w.webhooks, listed, w.whoMay);
  const { data } = listed.value;
  const rows = data.map((hook) => {
    const last = hook.lastDelivery;
    const result = last ? `${formatTime(visitor.language, Date.parse(last.at))} — ${last.status ?? last.error} (${last.durationMs} ms)` : w.never;
    return html`<tr><td class="url" data-label="URL"><code>${hook.url}</code></td><td data-label="${w.events}">${hook.events.join(", ")}</td><td data-label="${w.lastDelivery}">${result}</td>
<td>${postButton(visitor, `/settings/webhooks/${hook.id}/test`, w.sendTest, { of: w.testTo(hook.url) })}${postButton(visitor, `/settings/webhooks/${hook.id}/rotate`, w.rotate, { of: w.secretOf(hook.url) })}${postButton(visitor, `/settings/webhooks/${hook.id}/delete`, w.delete, { of: w.webhookNamed(hook.url) })}</td></tr>`;
  });
  const address = refusedField("webhook-url-error", draft?.addressError);
  const form =
    data.length < MAX_WEBHOOKS_PER_ORGANIZATION
      ? html`<h2>${w.createWebhook}</h2><form method="post" action="/settings/webhooks"><input type="hidden" name="csrf" value="${visitor.csrf}">
<label for="webhook-url">URL</label>${address.said}<input id="webhook-url" name="url" type="url" required maxlength="2000" placeholder="https://" value="${draft?.url ?? ""}"${address.marks}>
<fieldset><legend>${w.events}</legend>${EVENT_TYPES.map(
          (e) =>
            html`<label><input type="checkbox" name="event.${e}" value="yes"${!draft || draft.events.includes(e) ? html` checked` : ""}> ${e}</label>`,
        )}</fieldset>
<button type="submit">${w.create}</button></form>`
      : html`<p class="muted">${textFor(visitor.language).errors.webhook_limit_reached}</p>`;
  return settingsPage(
    visitor,
    "/settings/webhooks",
    w.webhooks,
    html`${noticeHtml(visitor.language, notice)}${
      data.length === 0
        ? html`<p class="empty">${w.noWebhooks}</p>`
        : html`<div class="scroll"><table class="cards"><thead><tr><th scope="col">URL</th><th scope="col">${w.events}</th><th scope="col">${w.lastDelivery}</th><th scope="col"></th></tr></thead><tbody>${rows}</tbody></table></div>`
    }${signatureHint(w)}${form}`,
    notice.status,
  );
}

/** What a receiver does with the secret: the page is where it is copied, so it says how deliveries are signed with it. */
const signatureHint = (w: Words<"webhooks">): Html =>
  html`<p class="muted">${w.signatureCarries} <code>Service-Signature: t=&lt;${w.unixSeconds}&gt;,v1=&lt;hex&gt;</code>${w.colon}<code>v1</code> ${w.signatureIs} <code>&lt;t&gt;.&lt;${w.rawBody}&gt;</code>. ${w.signatureCheck}</p>`;

/** Settings: members and roles, personal access tokens, webhooks. */
export function settingsAccessRoutes(services: Services) {
  const posting = (
    web: WebRequest & { readonly body: unknown },
    page: (visitor: Visitor, notice: Notice) => Promise<Response>,
    handler: (visitor: Visitor, field: (name: string) => string) => Promise<Response | Failure>,
  ) => settingsPosting(services, web, page, handler);
  const members = (visitor: Visitor, notice: Notice) => membersPage(services, visitor, notice);
  const webhooks = (visitor: Visitor, notice: Notice) => webhooksPage(services, visitor, notice);

  return new Elysia({ name: "routes/settings-access" })
    .get(
      MEMBERS_PATH,
      ({ request, cookie }) =>
        asMember(services, { request, cookie }, async (visitor) =>
          membersPage(services, visitor, {
            secret: await takeSecret(services, { request, cookie }),
            info: await takeNotice(services, { request, cookie }),
          }),
        ),
      { detail: { hide: true } },
    )
    .post(
      ROLE_PATH,
      ({ request, body, cookie }) =>
        posting({ request, cookie, body }, members, async (visitor, field) => {
          const role = ROLES.find((r) => r === field("role"));
          if (!role) return membersPage(services, visitor, { error: textFor(visitor.language).errors.invalid_body, status: 400 });
          const set = await setMemberRole(services, visitor.grant, field("user"), role);
          // The last Admin's step down is refused on their own row, beside the select that asked it.
          if (!set.ok && set.code === "last_admin") return membersPage(services, visitor, { ...refusal(visitor, set), ofRole: field("user") });
          // Removed meanwhile, by another Admin: said on the list, which no longer shows them.
          if (!set.ok && set.code === "not_found")
            return membersPage(services, visitor, { error: wordsFor(visitor.language, "members").notAMember, status: 404 });
          if (!set.ok) return set;
          const text = wordsFor(visitor.language, "members").nowRole(set.value.email, valueName(visitor.language, role));
          return redirectWithFlash(services, cookie, { kind: "notice", text }, MEMBERS_PATH);
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/members/remove",
      ({ request, body, cookie }) =>
        posting({ request, cookie, body }, members, async (visitor, field) => {
          const w = wordsFor(visitor.language, "members");
          const ask = { action: "/settings/members/remove", question: w.confirmRemoveMember, label: w.remove, back: "/settings/members" };
          const asking = unconfirmed(visitor, field, { ...ask, fields: hidden("user", field("user")) });
          if (asking) return asking;
          // Leaving is not done from here: the page would be gone at the next click.
          if (field("user") === visitor.grant.userId) return redirect("/settings/members");
          const removed = await removeMember(services, visitor.grant, field("user"));
          // A member removed meanwhile is gone, as asked.
          return removed.ok || removed.code === "not_found" ? redirect("/settings/members") : removed;
        }),
      { detail: { hide: true } },
    )
    .get(
      "/settings/tokens",
      ({ request, cookie }) =>
        asMember(services, { request, cookie }, async (visitor) =>
          tokensPage(services, visitor, { secret: await takeSecret(services, { request, cookie }) }),
        ),
      { detail: { hide: true } },
    )
    .post(
      "/settings/tokens",
      ({ request, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const w = wordsFor(visitor.language, "tokens");
          const scopes = scopesWithin(
            visitor.membership.role,
            SCOPES.filter((s) => field(`scope.${s}`) === "yes"),
          );
          const issued = await issueToken(services, visitor.grant, { label: field("label"), scopes });
          if (!issued.ok) {
            // A label refused (blank, or spaces alone) is said beside its field, by its label, in words.
            const ofLabel = issued.problem?.field === "label";
            const error = ofLabel ? describeFieldProblem(issued.problem!, visitor.language, { label: w.label }) : `${w.label} / ${w.scopes}`;
            return tokensPage(services, visitor, { error, ofLabel, status: STATUS_OF[issued.code], typed: { label: field("label"), scopes } });
          }
          return redirectWithFlash(services, cookie, { kind: "secret", label: w.tokenOnce, value: issued.value.token }, "/settings/tokens");
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/tokens/:id/revoke",
      ({ request, body, params, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const w = wordsFor(visitor.language, "tokens");
          const ask = { action: `/settings/tokens/${params.id}/revoke`, question: w.confirmRevokeToken, label: w.revoke, back: "/settings/tokens" };
          const asking = unconfirmed(visitor, field, ask);
          if (asking) return asking;
          await revokeToken(services, visitor.grant, params.id);
          return redirect("/settings/tokens");
        }),
      { detail: { hide: true } },
    )
    .get(
      "/settings/webhooks",
      ({ request, cookie }) =>
        asMember(services, { request, cookie }, async (visitor) =>
          webhooksPage(services, visitor, { secret: await takeSecret(services, { request, cookie }) }),
        ),
      { detail: { hide: true } },
    )
    .post(
      "/settings/webhooks",
      ({ request, body, cookie }) =>
        posting({ request, cookie, body }, webhooks, async (visitor, field) => {
          const events = EVENT_TYPES.filter((e) => field(`event.${e}`) === "yes");
          const draft = { url: field("url").trim(), events };
          if (events.length === 0)
            return webhooksPage(services, visitor, { error: textFor(visitor.language).errors.invalid_body, status: 400 }, draft);
          const created = await createWebhook(services, services.webhooks, visitor.grant, { url: draft.url, events });
          if (!created.ok) {
            // An address refused is said beside its field, by the condition it failed alone (the events were fine).
            const said = addressRefusal(visitor.language, created);
            if (said) return webhooksPage(services, visitor, { status: 400 }, { ...draft, addressError: said });
            return webhooksPage(services, visitor, refusal(visitor, created), draft);
          }
          const label = wordsFor(visitor.language, "webhooks").secretOnce(created.value.url);
          return redirectWithFlash(services, cookie, { kind: "secret", label, value: created.value.secret }, "/settings/webhooks");
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/webhooks/:id/test",
      ({ request, body, params, cookie }) =>
        posting({ request, cookie, body }, webhooks, async (visitor) => {
          const tested = await testWebhook(services, services.webhooks, visitor.grant, params.id);
          if (!tested.ok) return tested;
          const { url, result } = tested.value;
          const w = wordsFor(visitor.language, "webhooks");
          const took = `(${result.durationMs} ms)`;
          if (result.status !== null && result.status >= 200 && result.status < 300) {
            return webhooksPage(services, visitor, { info: `${w.testDelivered} — ${url}${w.colon}${result.status} ${took}` });
          }
          // The runtime's own words for a failed connection are not for people: say what it means.
          const why = result.status === null ? w.testUnreachable : `${result.status} ${took}`;
          return webhooksPage(services, visitor, { error: `${w.testRefused} — ${url}${w.colon}${why}` });
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/webhooks/:id/rotate",
      ({ request, body, params, cookie }) =>
        posting({ request, cookie, body }, webhooks, async (visitor) => {
          const rotated = await rotateWebhookSecret(services, visitor.grant, params.id);
          if (!rotated.ok) return rotated;
          const label = wordsFor(visitor.language, "webhooks").rotatedOnce(rotated.value.url);
          return redirectWithFlash(services, cookie, { kind: "secret", label, value: rotated.value.secret }, "/settings/webhooks");
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/webhooks/:id/delete",
      ({ request, body, params, cookie }) =>
        posting({ request, cookie, body }, webhooks, async (visitor, field) => {
          const w = wordsFor(visitor.language, "webhooks");
          const ask = {
            action: `/settings/webhooks/${params.id}/delete`,
            question: w.confirmDeleteWebhook,
            label: w.delete,
            back: "/settings/webhooks",
          };
          const asking = unconfirmed(visitor, field, ask);
          if (asking) return asking;
          const deleted = await deleteWebhook(services, visitor.grant, params.id);
          // A webhook deleted meanwhile is gone, as asked.
          return deleted.ok || deleted.code === "not_found" ? redirect("/settings/webhooks") : deleted;
        }),
      { detail: { hide: true } },
    );
}
