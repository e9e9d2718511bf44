import { Elysia } from "elysia";
import { outcome, refusedField } from "../web/notices.ts";
import type { Failure } from "../../../core/errors.ts";
import { findOrganization } from "../../../core/organizations/find-organization.ts";
import { getPortal } from "../../../core/portal/get-portal.ts";
import { rotateSsoSecret } from "../../../core/portal/rotate-sso-secret.ts";
import { setPortal } from "../../../core/portal/set-portal.ts";
import { DEFAULT_STATUS_LABELS } from "../../../core/portal/status-labels.ts";
import { type Status, STATUSES } from "../../../core/schemas/feedback.ts";
import {
  PORTAL_TITLE_MAX_LENGTH,
  POSTING_MODES,
  type Portal,
  PortalUpdate,
  SIGN_IN_URL_MAX_LENGTH,
  STATUS_LABEL_MAX_LENGTH,
} from "../../../core/schemas/portal.ts";
import type { Services } from "../../../core/services.ts";
import { withoutReordering } from "../../../core/schemas/text.ts";
import { describeFieldProblem, reorderingRemoved, textFor } from "../catalog/text.ts";
import { type Html, html, redirect } from "../html.ts";
import { validator } from "../validate.ts";
import { asMember, asMemberPosting } from "../web/layout.ts";
import { portalTeamWords } from "../web/portal-words.ts";
import { valueName, wordsFor } from "../web/words.ts";
import { postButton, refusal, refusedPage, settingsPage, unconfirmed } from "../web/settings-page.ts";
import { redirectWithFlash, takeSecret } from "../web/flash.ts";
import type { Visitor } from "../web/visitor.ts";
import { changedFields, type FormFields, heldText, overtaken, shownFields, shownInputs } from "../web/shown-fields.ts";
import { copyable } from "../web/copy.ts";

const update = validator(PortalUpdate);
const PATH = "/settings/portal";

/** The form's fields: each status label is one, so that two people naming two statuses both stand. */
const FORM_FIELDS = [
  "enabled",
  "slug",
  "title",
  "posting",
  "indexing",
  "brandColor",
  "signInUrl",
  ...STATUSES.map((s) => `label-${s}` as const),
] as const;
type PortalField = (typeof FORM_FIELDS)[number];
const isPortalField = (name: string): name is PortalField => (FORM_FIELDS as readonly string[]).includes(name);
const labelField = (status: Status): PortalField => `label-${status}`;

/** What the form shows of the portal, field by field. */
const shownOf = (portal: Portal): FormFields<PortalField> => ({
  enabled: portal.enabled ? "yes" : "",
  slug: portal.slug,
  title: portal.title,
  posting: portal.posting,
  indexing: portal.indexing ? "yes" : "",
  brandColor: portal.brandColor ?? "",
  signInUrl: portal.signInUrl ?? "",
  ...(Object.fromEntries(STATUSES.map((s) => [labelField(s), portal.statusLabels[s] ?? ""])) as Record<`label-${Status}`, string>),
});

/** The form's fields as sent, as the portal stores them: the texts trimmed (the title by the use case), the slug and the colour in lower case. */
function typedFields(field: (name: string) => string): FormFields<PortalField> {
  const typed = Object.fromEntries(FORM_FIELDS.map((name) => [name, name === "title" ? field(name) : field(name).trim()])) as Record<
    PortalField,
    string
  >;
  return { ...typed, slug: typed.slug.toLowerCase(), brandColor: typed.brandColor.toLowerCase(), posting: typed.posting || "review" };
}

/**
 * The update the API takes for the fields named (empty is null for the colour and the sign-in
 * page); the labels are one setting, so those not named keep the value stored (`labels`).
 */
function updateOf(typed: FormFields<PortalField>, names: readonly PortalField[], labels: Portal["statusLabels"]): Record<string, unknown> {
  const value = (name: PortalField) =>
    name === "enabled" || name === "indexing"
      ? typed[name] === "yes"
      : name === "brandColor" || name === "signInUrl"
        ? typed[name] || null
        : typed[name];
  const settings = names.filter((name) => !name.startsWith("label-")).map((name) => [name, value(name)]);
  if (!names.some((name) => name.startsWith("label-"))) return Object.fromEntries(settings);
  const label = (s: Status) => (names.includes(labelField(s)) ? typed[labelField(s)] : (labels[s] ?? ""));
  const statusLabels = Object.fromEntries(STATUSES.map((s) => [s, label(s)]).filter(([, text]) => text));
  return { ...Object.fromEntries(settings), statusLabels };
}

/** What the last save did: saved, or held back fields someone else changed since the page was shown, writing the others (`partly`) or nothing. */
type LastSave = { readonly kind: "saved" } | { readonly kind: "partly" | "held"; readonly held: readonly PortalField[] };

/** The last save, from the address it came back to: `?saved`, or `?saved=partly&held=title,label-fixed` (`held`: nothing written). */
function lastSave(params: URLSearchParams): LastSave | undefined {
  const value = params.get("saved");
  if (value === null) return undefined;
  const held = (params.get("held") ?? "").split(",").filter(isPortalField);
  return (value === "partly" || value === "held") && held.length > 0 ? { kind: value, held } : { kind: "saved" };
}

/** A form refused: its fields as typed, and what the page first showed, so that a second save still writes only what was changed. */
interface Draft {
  readonly fields: FormFields<PortalField>;
  readonly was: FormFields<PortalField>;
}

interface Notice {
  readonly saved?: LastSave;
  readonly error?: string;
  /** The field the error is about, said beside it; none, the error is the page's. */
  readonly field?: TextField;
  readonly status?: number;
  readonly secret?: string;
  readonly draft?: Draft;
}

/** The form's fields by their labels, a status label by its status. */
function fieldLabels(visitor: Visitor): Record<PortalField, string> {
  const w = portalTeamWords(visitor.language);
  const labels = STATUSES.map((s) => [labelField(s), w.statusLabelOf.replace("{status}", valueName(visitor.language, s))]);
  const { enabled, slug, title, posting, indexing, brandColor, signInUrl } = w;
  return { enabled, slug, title, posting, indexing, brandColor, signInUrl, ...Object.fromEntries(labels) };
}

/** The notice of the last save: a status, or an alert naming the fields held back. */
function savedNotice(visitor: Visitor, saved: LastSave): Html {
  if (saved.kind === "saved") return outcome(portalTeamWords(visitor.language).saved);
  const common = wordsFor(visitor.language, "common");
  const labels = fieldLabels(visitor);
  const text = heldText(
    common,
    saved.kind === "partly",
    saved.held.map((f) => labels[f]),
  );
  return outcome(text, { role: "alert" });
}

/** The fields typed in, which a save may refuse for what was typed: each input's id and hint. */
type TextField = Exclude<PortalField, "enabled" | "posting" | "indexing">;
const TEXT_FIELDS: Record<TextField, { readonly id: string; readonly hint?: string }> = {
  slug: { id: "portal-slug", hint: "portal-slug-hint" },
  title: { id: "portal-title" },
  brandColor: { id: "portal-brand", hint: "portal-brand-hint" },
  signInUrl: { id: "portal-sign-in", hint: "portal-sign-in-hint" },
  ...(Object.fromEntries(STATUSES.map((s) => [labelField(s), { id: `label-${s}` }])) as Record<`label-${Status}`, { id: string }>),
};
const isTextField = (name: string): name is TextField => Object.hasOwn(TEXT_FIELDS, name);

function form(visitor: Visitor, portal: Portal, notice: Notice): Html {
  const w = portalTeamWords(visitor.language);
  const draft = notice.draft;
  const refused = (name: TextField) => {
    const { id, hint } = TEXT_FIELDS[name];
    return refusedField(`${id}-error`, notice.field === name ? notice.error : undefined, hint);
  };
  const [slug, title, brand, signIn] = [refused("slug"), refused("title"), refused("brandColor"), refused("signInUrl")];
  const defaults = DEFAULT_STATUS_LABELS[visitor.language];
  // Refused, the form shows what was typed; else what the portal holds. Beside it, what the page
  // first showed: only the fields changed from it are written, so another Admin's save stands.
  const shown = draft?.fields ?? shownOf(portal);
  const checked = (on: boolean) => (on ? html` checked` : "");
  return html`<form method="post" action="${PATH}" class="narrow"><input type="hidden" name="csrf" value="${visitor.csrf}">${shownInputs(draft?.was ?? shownOf(portal))}
<label><input type="checkbox" name="enabled" value="yes"${checked(shown.enabled === "yes")}> ${w.enabled}</label>
<label for="portal-slug">${w.slug}</label>${slug.said}<input id="portal-slug" name="slug" value="${shown.slug}" required maxlength="40" pattern="[a-z0-9](?:[a-z0-9\\-]{0,38}[a-z0-9])?"${slug.marks}>
<p class="muted" id="portal-slug-hint">${portal.url.slice(0, portal.url.length - portal.slug.length)}… — ${w.slugHint}</p>
<label for="portal-title">${w.title}</label>${title.said}<input id="portal-title" name="title" value="${shown.title}" required maxlength="${PORTAL_TITLE_MAX_LENGTH}"${title.marks}>
<fieldset><legend>${w.posting}</legend>${POSTING_MODES.map(
    (m) => html`<label class="choice"><input type="radio" name="posting" value="${m}"${checked(shown.posting === m)}> ${w.postingModes[m]}</label>`,
  )}</fieldset>
<label><input type="checkbox" name="indexing" value="yes"${checked(shown.indexing === "yes")}> ${w.indexing}</label>
<label for="portal-brand">${w.brandColor}</label>${brand.said}<input id="portal-brand" name="brandColor" value="${shown.brandColor}" maxlength="7" placeholder="#4f46e5"${brand.marks}>
<p class="muted" id="portal-brand-hint">${w.brandColorHint}</p>
<fieldset><legend>${w.statusLabels}</legend><p class="muted">${w.statusLabelHint}</p>${STATUSES.map((s) => {
    const label = refused(`label-${s}`);
    return html`<label for="label-${s}">${valueName(visitor.language, s)}</label>${label.said}<input id="label-${s}" name="label-${s}" value="${shown[labelField(s)]}" maxlength="${STATUS_LABEL_MAX_LENGTH}" placeholder="${defaults[s]}"${label.marks}>`;
  })}</fieldset>
<label for="portal-sign-in">${w.signInUrl}</label>${signIn.said}<input id="portal-sign-in" name="signInUrl" type="url" value="${shown.signInUrl}" maxlength="${SIGN_IN_URL_MAX_LENGTH}" placeholder="https://app.example.com/login"${signIn.marks}>
<p class="muted" id="portal-sign-in-hint">${w.signInUrlHint.replace("{address}", portal.url)}${portal.signInUrl && !portal.ssoSecretSet ? html` <strong>${w.signInUrlNoSecret}</strong>` : ""}</p>
<button type="submit">${w.save}</button></form>`;
}

/** Whether the portal has an SSO secret; one that no longer opens is said plainly, as it stops every sign-in through the organization's. */
const ssoState = (w: ReturnType<typeof portalTeamWords>, portal: Portal): Html =>
  portal.ssoSecretLost
    ? html`<p role="note"><strong>${w.ssoLost}</strong></p>`
    : html`<p class="muted">${portal.ssoSecretSet ? w.ssoSet : w.ssoNone}</p>`;

/**
 * Where the service sends no e-mail, people sign in to the portal by single sign-on alone: what
 * it still lacks (its address, its secret or both), the thing to do, is said in bold; once it has both, that it is ready,
 * or will be once the portal is on.
 */
function ssoOnly(visitor: Visitor, w: ReturnType<typeof portalTeamWords>, portal: Portal, keyPrefix: string): Html {
  const missing = portal.signInUrl ? (portal.ssoSecretSet ? null : "secret") : portal.ssoSecretSet ? "address" : "both";
  // Trying the portal as a visitor needs neither e-mail nor single sign-on: the operator's link opens it, whatever the notice says.
  // A command of its own block, as the other pages give theirs: it wraps whole and has its Copy button.
  const trial = html`<p class="muted">${w.tryAsVisitor}</p><pre class="command"${copyable(visitor.language, w.tryCommand)}><code>npm run cli -- portal sign-in-link ${keyPrefix} you@example.com</code></pre>`;
  return missing
    ? html`<p role="note">${w.noEmail} <strong>${w.ssoMissing[missing]}</strong></p>${trial}`
    : html`<p class="muted">${w.noEmail} ${w.ssoReady[portal.enabled ? "on" : "off"]}</p>${trial}`;
}

async function portalPage(services: Services, visitor: Visitor, notice: Notice = {}): Promise<Response> {
  const w = portalTeamWords(visitor.language);
  const read = await getPortal(services, visitor.grant);
  if (!read.ok) return refusedPage(visitor, PATH, w.portal, read, w.whoMay);
  const portal = read.value;
  // The secret is shown once, by the page the redirect after creating it lands on: its notice takes
  // the focus and so comes into view (a `#fragment` in that redirect would keep the focus off it).
  const sso = html`<h2>${w.sso}</h2><p>${w.ssoIntro.replace("{address}", portal.url)}</p>
${notice.secret ? outcome(html`<p>${w.ssoShown}</p><pre class="secret" id="secret"${copyable(visitor.language)}>${notice.secret}</pre>`, { block: true }) : ssoState(w, portal)}
${postButton(visitor, `${PATH}/sso-secret`, portal.ssoSecretSet ? w.ssoRotate : w.ssoCreate)}`;
  return settingsPage(
    visitor,
    PATH,
    w.portal,
    // What the last save did comes first, under the title, where the eye lands back from saving.
    html`${notice.saved ? savedNotice(visitor, notice.saved) : ""}${notice.error && !notice.field ? outcome(notice.error, { role: "alert" }) : ""}
<p>${w.settingsIntro}</p>${portal.enabled ? html`<p><a href="${portal.url}">${w.openPortal}</a></p>` : ""}
${services.notifier.delivers ? "" : ssoOnly(visitor, w, portal, (await findOrganization(services, visitor.grant.orgId))?.keyPrefix ?? "<org>")}
${form(visitor, portal, notice)}${sso}`,
    notice.status ?? 200,
  );
}

/** The portal's settings page (Admin): turning it on, its address, title, posting, indexing, colour, labels, the organization's sign-in page and the SSO secret. */
export function settingsPortalRoutes(services: Services) {
  const refused = (visitor: Visitor, failure: Failure, draft?: Draft) => {
    // A field refused is said by its label, in words, beside it; what was typed stays in the form.
    // The API names a status label `statusLabels.fixed`, the form `label-fixed`.
    const problem = failure.problem && { ...failure.problem, field: failure.problem.field.replace(/^statusLabels\./, "label-") };
    const known = problem !== undefined && isPortalField(problem.field);
    // The form takes an empty field where the API takes null: a colour or an address refused is said with that way out.
    const w = portalTeamWords(visitor.language);
    const problems = textFor(visitor.language).problems;
    // A title or label that would read as something else comes back without what made it so.
    const unreadable = known && problem.reason === "reordering" && isTextField(problem.field) ? problem.field : undefined;
    const said = unreadable
      ? reorderingRemoved(visitor.language, fieldLabels(visitor)[unreadable])
      : problem?.field === "brandColor"
        ? `${problems.says(w.brandColor, problems.expected(problems.color))} ${w.brandColorEmpty}`
        : problem?.field === "signInUrl"
          ? `${problems.says(w.signInUrl, problems.expected(problems.signInUrl))} ${w.signInUrlEmpty}`
          : known && describeFieldProblem(problem, visitor.language, fieldLabels(visitor));
    // Beside the field it is about where one is typed in; a choice refused (only a forged form can) is the page's.
    const beside = problem && isTextField(problem.field) ? { field: problem.field } : {};
    const notice = said ? { error: said, status: 400, ...beside } : refusal(visitor, failure);
    const kept = draft && unreadable ? { ...draft, fields: { ...draft.fields, [unreadable]: withoutReordering(draft.fields[unreadable]) } } : draft;
    return portalPage(services, visitor, { ...notice, ...(kept && { draft: kept }) });
  };
  return new Elysia({ name: "routes/settings-portal" })
    .get(
      PATH,
      ({ request, cookie }) =>
        asMember(services, { request, cookie }, async (visitor) =>
          portalPage(services, visitor, {
            saved: lastSave(new URL(request.url).searchParams),
            secret: (await takeSecret(services, { request, cookie }))?.value,
          }),
        ),
      { detail: { hide: true } },
    )
    .post(
      PATH,
      ({ request, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const typed = typedFields(field);
          // What the page showed, sent beside each field (`postingWas` is never empty when sent).
          const was = shownFields(FORM_FIELDS, field, "posting");
          const read = await getPortal(services, visitor.grant);
          if (!read.ok) return refused(visitor, read);
          const now = shownOf(read.value);
          // Only the fields changed on the page are written; a change refused is said before any is held back.
          const names = was ? changedFields(FORM_FIELDS, typed, was) : FORM_FIELDS;
          const asked = updateOf(typed, names, read.value.statusLabels);
          const draft = { fields: typed, was: was ?? now };
          if (!update.check(asked)) return refused(visitor, update.refuse("invalid_body", asked), draft);
          // A field someone else changed since the page was shown, to something else than typed, is held back.
          const held = was ? overtaken(names, typed, was, now) : [];
          const writing = names.filter((name) => !held.includes(name));
          const saved = writing.length > 0 ? await setPortal(services, visitor.grant, updateOf(typed, writing, read.value.statusLabels)) : null;
          if (saved && !saved.ok) return refused(visitor, saved, draft);
          return redirect(`${PATH}?saved${held.length === 0 ? "" : `=${writing.length > 0 ? "partly" : "held"}&held=${held.join(",")}`}`);
        }),
      { detail: { hide: true } },
    )
    .post(
      `${PATH}/sso-secret`,
      ({ request, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const w = portalTeamWords(visitor.language);
          const read = await getPortal(services, visitor.grant);
          // Rotating refuses at once the tokens signed with the current secret: it is asked once more.
          const ask = {
            action: `${PATH}/sso-secret`,
            question: w.ssoConfirmRotate,
            detail: html`<p>${w.ssoRotateHint}</p>`,
            label: w.ssoRotate,
            back: PATH,
          };
          const asking = read.ok && read.value.ssoSecretSet ? unconfirmed(visitor, field, ask) : null;
          if (asking) return asking;
          const rotated = await rotateSsoSecret(services, visitor.grant);
          if (!rotated.ok) return refused(visitor, rotated);
          // Shown once, by the page the POST redirects to (a reload makes no new secret), whose notice takes the focus.
          return redirectWithFlash(services, cookie, { kind: "secret", label: w.ssoShown, value: rotated.value.ssoSecret }, PATH);
        }),
      { detail: { hide: true } },
    );
}
