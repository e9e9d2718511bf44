import { can } from "../../../core/authorization.ts";
import { ROLES } from "../../../core/model.ts";
import type { Services } from "../../../core/services.ts";
import { listInvitations } from "../../../core/team/list-invitations.ts";
import type { Failure } from "../../../core/errors.ts";
import type { Language } from "../../../core/language.ts";
import { describeFieldProblem, textFor } from "../catalog/text.ts";
import { type Html, html } from "../html.ts";
import { postButton } from "./settings-page.ts";
import { refusedField } from "./notices.ts";
import type { Visitor } from "./visitor.ts";
import { formatTime, valueName, wordsFor } from "./words.ts";

/** An invitation refused: why, said beside the form, and what was typed, kept in it. */
export interface InviteDraft {
  readonly error: string;
  readonly email: string;
  readonly role: string;
}

/** Why an invitation was refused: of the form's field by its label, else the refusal naming the address typed. */
export function invitationRefusal(language: Language, failure: Failure, email: string): string {
  const w = wordsFor(language, "invitations");
  if (failure.problem) return describeFieldProblem(failure.problem, language, { role: w.role, email: w.email });
  // A person reads no Retry-After: the page says when, in minutes.
  if (failure.code === "rate_limited") return w.tooMany(email, Math.max(1, Math.ceil((failure.retryAfter ?? 60) / 60)));
  return `${textFor(language).errors[failure.code]} (${email})`;
}

/** On the members page, for Admins: the form that invites by e-mail, and the pending invitations, each revocable. */
export async function invitationsPanel(services: Services, visitor: Visitor, draft?: InviteDraft): Promise<Html> {
  if (!can(visitor.grant, "members.invite")) return html``;
  const w = wordsFor(visitor.language, "invitations");
  const listed = await listInvitations(services, visitor.grant);
  const pending = listed.ok ? listed.value : [];
  const rows = pending.map(
    (i) => html`<tr><td data-label="${w.email}">${i.email}</td><td data-label="${w.role}">${valueName(visitor.language, i.role)}</td>
<td data-label="${w.expires}">${formatTime(visitor.language, Date.parse(i.expiresAt))}${i.expired ? html` <span class="muted">(${w.expiredLabel})</span>` : ""}</td>
<td>${postButton(visitor, `/settings/invitations/${encodeURIComponent(i.id)}/revoke`, w.revoke, { of: w.invitationFor(i.email) })}</td></tr>`,
  );
  const email = refusedField("invite-error", draft?.error);
  return html`<h2>${w.invite}</h2><p class="muted">${services.notifier.delivers ? w.inviteHint : w.inviteHintNoEmail}</p>
<form method="post" action="/settings/invitations"><input type="hidden" name="csrf" value="${visitor.csrf}">
${email.said}
<label for="invite-email">${w.email}</label><input id="invite-email" name="email" type="email" required maxlength="254"${draft ? html` value="${draft.email}"` : ""}${email.marks}>
<label for="invite-role">${w.role}</label><select id="invite-role" name="role">${ROLES.map((r) => html`<option value="${r}"${r === (draft?.role ?? "member") ? html` selected` : ""}>${valueName(visitor.language, r)}</option>`)}</select>
<button type="submit">${services.notifier.delivers ? w.sendInvitation : w.makeInvitation}</button></form>
<h2>${w.pending}</h2>${
    pending.length === 0
      ? html`<p class="muted">${w.noPending}</p>`
      : html`<div class="scroll"><table class="cards"><thead><tr><th scope="col">${w.email}</th><th scope="col">${w.role}</th><th scope="col">${w.expires}</th><th scope="col"></th></tr></thead><tbody>${rows}</tbody></table></div>`
  }`;
}
