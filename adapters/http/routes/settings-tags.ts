import { Elysia } from "elysia";
import { can } from "../../../core/authorization.ts";
import type { Failure } from "../../../core/errors.ts";
import type { Language } from "../../../core/language.ts";
import type { Services } from "../../../core/services.ts";
import { renameTag } from "../../../core/triage/rename-tag.ts";
import { setTagColor } from "../../../core/triage/set-tag-color.ts";
import { isTagColor, TAG_COLORS } from "../../../core/triage/tag-colors.ts";
import { listTags } from "../../../core/triage/list-tags.ts";
import { withoutReordering } from "../../../core/schemas/text.ts";
import { describeFieldProblem, reorderingRemoved, textFor } from "../catalog/text.ts";
import { STATUS_OF } from "../error-status.ts";
import { type Html, html, redirect } from "../html.ts";
import { outcome, refusedField } from "../web/notices.ts";
import { redirectWithFlash, takeNotice } from "../web/flash.ts";
import { actsOn, settingsPage } from "../web/settings-page.ts";
import { asMember, asMemberPosting } from "../web/layout.ts";
import { tagChip } from "../web/tag-chips.ts";
import type { Visitor } from "../web/visitor.ts";
import { formatNumber, wordsFor } from "../web/words.ts";

const PATH = "/settings/tags";
const RENAME_PATH = `${PATH}/rename`;

/** A rename refused for its new name: the tag, what was typed, and why, said under that tag's field. */
interface RenameDraft {
  readonly from: string;
  readonly to: string;
  readonly error: string;
}

interface Notice {
  readonly saved?: boolean;
  /** What the last POST did (a rename), kept across its redirect. */
  readonly done?: string;
  readonly error?: string;
  readonly status?: number;
  readonly draft?: RenameDraft;
}

/** A tag's rename form: its new name, as typed when refused, with the refusal under it. */
function renameForm(visitor: Visitor, name: string, index: number, draft: RenameDraft | undefined): Html {
  const w = wordsFor(visitor.language, "tags");
  const refused = draft?.from === name ? draft : undefined;
  const id = `tag-name-${index}`;
  const error = refusedField(`${id}-error`, refused?.error);
  return html`<form method="post" action="${RENAME_PATH}"><input type="hidden" name="csrf" value="${visitor.csrf}"><input type="hidden" name="from" value="${name}">
<div class="search-row"><label class="visually-hidden" for="${id}">${w.newName} — ${name}</label><input id="${id}" name="to" required value="${refused?.to ?? name}"${error.marks}> <button type="submit" class="secondary">${w.rename}${actsOn(w.tagNamed(name))}</button></div>${error.said}</form>`;
}

/** Settings → Tags: the organization's tags as chips; Admins and Members choose each one's colour from the palette and rename it, Readers read. */
async function tagsPage(services: Services, visitor: Visitor, notice: Notice = {}) {
  const w = wordsFor(visitor.language, "tags");
  const listed = await listTags(services, visitor.grant);
  const tags = listed.ok ? listed.value.data : [];
  const editable = can(visitor.grant, "feedbacks.update");
  const colourName = (color: string | undefined): string => (color && isTagColor(color) ? w.colours[color] : w.noColour);
  const picker = (name: string, color: string | undefined, index: number): Html =>
    html`<form method="post" action="${PATH}" class="search-row"><input type="hidden" name="csrf" value="${visitor.csrf}"><input type="hidden" name="name" value="${name}">
<label class="visually-hidden" for="tag-colour-${index}">${w.colour} — ${name}</label><select id="tag-colour-${index}" name="color"><option value="">${w.noColour}</option>${TAG_COLORS.map(
      (c) => html`<option value="${c}"${c === color ? html` selected` : ""}>${w.colours[c]}</option>`,
    )}</select> <button type="submit" class="secondary">${w.save}${actsOn(w.colourOf(name))}</button></form>`;
  const rows = tags.map(
    (t, index) =>
      html`<tr><td data-label="${w.tag}">${tagChip(t.name, t.color)}</td><td data-label="${w.colour}">${editable ? picker(t.name, t.color, index) : colourName(t.color)}</td>${
        // On a phone's card the field and its Rename button say it: no label beside them, which would leave the name no room.
        editable ? html`<td data-label="">${renameForm(visitor, t.name, index, notice.draft)}</td>` : ""
      }</tr>`,
  );
  const renameHead = editable ? html`<th scope="col">${w.rename}</th>` : "";
  const table =
    tags.length > 0
      ? html`<div class="scroll"><table class="cards edit tags"><thead><tr><th scope="col">${w.tag}</th><th scope="col">${w.colour}</th>${renameHead}</tr></thead><tbody>${rows}</tbody></table></div>`
      : html`<p class="muted">${w.noTags}</p>`;
  const said = notice.done ?? (notice.saved ? w.colourSaved : undefined);
  const shown = html`${notice.error ? outcome(notice.error, { role: "alert" }) : ""}${said ? outcome(said) : ""}`;
  const intro =
    editable && tags.length > 0 ? html`<p class="muted">${w.intro}</p><p class="muted">${w.renameIntro}</p>` : html`<p class="muted">${w.intro}</p>`;
  return settingsPage(
    visitor,
    PATH,
    w.pageTitle,
    html`${shown}${intro}${editable ? "" : html`<p class="muted">${w.readersRead}</p>`}${table}`,
    notice.status,
  );
}

/** What a rename did, in a sentence. */
function renameDone(language: Language, done: { from: string; to: string; merged: boolean; feedbacks: number }): string {
  const w = wordsFor(language, "tags");
  if (done.from === done.to) return w.unchanged(done.to);
  const feedbacks = w.feedbacks(done.feedbacks, formatNumber(language, done.feedbacks));
  return (done.merged ? w.merged : w.renamed)(done.from, done.to, feedbacks);
}

/** A refused rename: its new name said under its field; the tag gone, or the role, above the list. */
function renameRefused(services: Services, visitor: Visitor, from: string, to: string, refused: Failure) {
  const w = wordsFor(visitor.language, "tags");
  const status = STATUS_OF[refused.code];
  // Characters no one can see are taken out of what comes back, and the refusal says so.
  if (refused.problem?.reason === "reordering")
    return tagsPage(services, visitor, { status, draft: { from, to: withoutReordering(to), error: reorderingRemoved(visitor.language, w.newName) } });
  if (refused.problem) {
    const error = describeFieldProblem(refused.problem, visitor.language, { to: w.newName });
    return tagsPage(services, visitor, { status, draft: { from, to, error } });
  }
  const error = refused.code === "not_found" ? w.gone : textFor(visitor.language).errors[refused.code];
  return tagsPage(services, visitor, { status, error });
}

/** Settings → Tags. */
export function settingsTagRoutes(services: Services) {
  return new Elysia({ name: "routes/settings-tags" })
    .get(
      PATH,
      ({ request, cookie }) =>
        asMember(services, { request, cookie }, async (visitor) => {
          const done = await takeNotice(services, { request, cookie });
          return tagsPage(services, visitor, { saved: new URL(request.url).searchParams.has("saved"), ...(done && { done }) });
        }),
      { detail: { hide: true } },
    )
    .post(
      PATH,
      ({ request, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const chosen = field("color");
          if (chosen !== "" && !isTagColor(chosen))
            return tagsPage(services, visitor, { error: textFor(visitor.language).errors.invalid_body, status: 400 });
          const set = await setTagColor(services, visitor.grant, { name: field("name"), color: chosen === "" ? null : chosen });
          if (!set.ok) return tagsPage(services, visitor, { error: textFor(visitor.language).errors[set.code], status: STATUS_OF[set.code] });
          return redirect(`${PATH}?saved`);
        }),
      { detail: { hide: true } },
    )
    .post(
      RENAME_PATH,
      ({ request, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const [from, to] = [field("from"), field("to")];
          const renamed = await renameTag(services, visitor.grant, { from, to });
          if (!renamed.ok) return renameRefused(services, visitor, from, to, renamed);
          return redirectWithFlash(services, cookie, { kind: "notice", text: renameDone(visitor.language, renamed.value) }, PATH);
        }),
      { detail: { hide: true } },
    );
}
