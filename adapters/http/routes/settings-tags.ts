import { Elysia } from "elysia";
import { can } from "../../../core/authorization.ts";
import type { Services } from "../../../core/services.ts";
import { setTagColor } from "../../../core/triage/set-tag-color.ts";
import { isTagColor, TAG_COLORS } from "../../../core/triage/tag-colors.ts";
import { listTags } from "../../../core/triage/list-tags.ts";
import { textFor } from "../catalog/text.ts";
import { STATUS_OF } from "../error-status.ts";
import { type Html, html, redirect } from "../html.ts";
import { settingsPage } from "../web/settings-page.ts";
import { asMember, asMemberPosting } from "../web/layout.ts";
import { tagChip } from "../web/tag-chips.ts";
import type { Visitor } from "../web/visitor.ts";
import { wordsFor } from "../web/words.ts";

const PATH = "/settings/tags";

/** Settings → Tags: the organization's tags as chips; Admins and Members choose each one's colour from the palette, Readers read. */
async function tagsPage(
  services: Services,
  visitor: Visitor,
  notice: { readonly saved?: boolean; readonly error?: string; readonly status?: number } = {},
) {
  const w = wordsFor(visitor.language, "tagColors");
  const listed = await listTags(services, visitor.grant);
  const tags = listed.ok ? listed.value.data : [];
  const editable = can(visitor.grant, "feedbacks.update");
  const colourName = (color: string | undefined): string => (color && isTagColor(color) ? w.colours[color] : w.noColour);
  const picker = (name: string, color: string | undefined, index: number): Html =>
    html`<form method="post" action="${PATH}" class="search-row"><input type="hidden" name="csrf" value="${visitor.csrf}"><input type="hidden" name="name" value="${name}">
<label class="visually-hidden" for="tag-colour-${index}">${w.colour} — ${name}</label><select id="tag-colour-${index}" name="color"><option value="">${w.noColour}</option>${TAG_COLORS.map(
      (c) => html`<option value="${c}"${c === color ? html` selected` : ""}>${w.colours[c]}</option>`,
    )}</select> <button type="submit" class="secondary">${w.save}</button></form>`;
  const rows = tags.map(
    (t, index) =>
      html`<tr><td data-label="${w.tag}">${tagChip(t.name, t.color)}</td><td data-label="${w.colour}">${editable ? picker(t.name, t.color, index) : colourName(t.color)}</td></tr>`,
  );
  const table =
    tags.length > 0
      ? html`<div class="scroll"><table class="cards edit"><thead><tr><th scope="col">${w.tag}</th><th scope="col">${w.colour}</th></tr></thead><tbody>${rows}</tbody></table></div>`
      : html`<p class="muted">${w.noTags}</p>`;
  const shown = html`${notice.error ? html`<p class="error" role="alert">${notice.error}</p>` : ""}${
    notice.saved ? html`<p class="notice" role="status">${w.colourSaved}</p>` : ""
  }`;
  return settingsPage(
    visitor,
    PATH,
    w.pageTitle,
    html`${shown}<p class="muted">${w.intro}</p>${editable ? "" : html`<p class="muted">${w.readersRead}</p>`}${table}`,
    notice.status,
  );
}

/** Settings → Tags. */
export function settingsTagRoutes(services: Services) {
  return new Elysia({ name: "routes/settings-tags" })
    .get(
      PATH,
      ({ request, cookie }) =>
        asMember(services, { request, cookie }, (visitor) => tagsPage(services, visitor, { saved: new URL(request.url).searchParams.has("saved") })),
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
    );
}
