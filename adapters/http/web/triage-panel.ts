import { isFeedbackKey } from "../../../core/feedback/key.ts";
import { mayOwn } from "../../../core/authorization.ts";
import { memberNames } from "../../../core/members/member-names.ts";
import { listFeatures } from "../../../core/catalog/list-features.ts";
import type { Language } from "../../../core/language.ts";
import { listMembers } from "../../../core/members/list-members.ts";
import { type Feedback, KINDS, SEVERITIES, STATUSES } from "../../../core/schemas/feedback.ts";
import { DUE_FILTERS, type ListQuery } from "../../../core/feedback/list-filter.ts";
import { BULK_MAX_KEYS, MAX_TAGS, TAG_NAME_MAX_LENGTH, TITLE_MAX_LENGTH } from "../../../core/schemas/triage.ts";
import type { Services } from "../../../core/services.ts";
import type { CompanyEntry } from "../../../core/triage/companies.ts";
import { listTags } from "../../../core/triage/list-tags.ts";
import type { FieldProblem } from "../../../core/schemas/field-problem.ts";
import { withoutReordering } from "../../../core/schemas/text.ts";
import { describeFieldProblem, describeProblem, reorderingRemoved, textFor } from "../catalog/text.ts";
import { type Html, html } from "../html.ts";
import { outcome, refusedField } from "./notices.ts";
import { tagChips, tagColors } from "./tag-chips.ts";
import { heldText, shownInputs } from "./shown-fields.ts";
import type { Visitor } from "./visitor.ts";
import { formatDueDay, formatNumber, valueName, wordsFor } from "./words.ts";

const selected = (yes: boolean): Html | string => (yes ? html` selected` : "");

/** The day of an ISO time, as a date field shows it. */
const dayOf = (iso: string | undefined): string => iso?.slice(0, 10) ?? "";

/** Who the organization's members are, to pick an owner from (empty for one who may not read the members). */
export async function ownerChoices(services: Services, visitor: Visitor): Promise<OwnerChoice[]> {
  const [members, names] = await Promise.all([listMembers(services, visitor.grant), memberNames(services, visitor.grant)]);
  if (!members.ok) return [];
  const nameOf = (email: string) => (names.ok ? names.value.get(email) : undefined);
  const bearers = new Map<string, number>();
  for (const m of members.value) {
    const name = nameOf(m.email);
    if (name) bearers.set(name, (bearers.get(name) ?? 0) + 1);
  }
  return members.value
    .map((m) => {
      const name = nameOf(m.email);
      // A member by name (a narrow menu keeps it whole); the e-mail only tells apart two of one name.
      const label = name ? (bearers.get(name)! > 1 ? `${name} (${m.email})` : name) : m.email;
      return { email: m.email, ...(name && { name }), label, mayOwn: mayOwn(m.role) };
    })
    .sort((a, b) => a.email.localeCompare(b.email));
}

/** A member an owner field offers: the e-mail it sends, the name and e-mail it shows; whether their role may own one. */
interface OwnerChoice {
  readonly email: string;
  readonly name?: string;
  readonly label: string;
  readonly mayOwn: boolean;
}

/** The members an owner menu offers (mayOwn); `current`, the owner already chosen, stays offered whoever it is. */
const assignable = (choices: readonly OwnerChoice[], current: string | undefined): OwnerChoice[] =>
  choices.filter((c) => c.mayOwn || c.email === current);

/** The names of the members offered, by e-mail, for the pages that show an owner by name. */
export const ownerNames = (choices: readonly OwnerChoice[]): ReadonlyMap<string, string> =>
  new Map(choices.flatMap((c) => (c.name ? [[c.email, c.name] as const] : [])));

/** The tag a refused field names (`tags.N`), by the form's label and the tag itself; null for another field. */
function namedTag(language: Language, field: string, tags: readonly string[]): string | null {
  const tag = /^tags\.(\d+)$/.exec(field);
  return tag ? `${wordsFor(language, "triage").tags} (${tags[Number(tag[1])] ?? ""})` : null;
}

/** Why a triage was refused, said of the form's field by its label; a tag, by its label and the tag itself. */
export function triageRefusal(language: Language, problem: FieldProblem, tags: readonly string[]): string {
  const tag = namedTag(language, problem.field, tags);
  if (tag) return describeProblem({ ...problem, field: tag }, language);
  return describeFieldProblem(problem, language, fieldLabels(language));
}

/** A new tag refused for characters that reorder or hide it, said of the tag as put back, without them. */
export function unreadableTagRefusal(language: Language, problem: FieldProblem, tags: readonly string[]): string {
  const tag = namedTag(language, problem.field, tags.map(withoutReordering));
  return reorderingRemoved(language, tag ?? wordsFor(language, "triage").tags);
}

/** The form's fields by their labels. */
function fieldLabels(language: Language): Record<TriageField, string> {
  const w = wordsFor(language, "triage");
  return { title: w.title, dueAt: w.dueAt, owner: w.owner, severity: w.severity, kind: w.kind, featureId: w.feature, tags: w.tags };
}

/** The fields of the triage form. */
const TRIAGE_FIELDS = ["title", "owner", "dueAt", "severity", "kind", "featureId", "tags"] as const;
export type TriageField = (typeof TRIAGE_FIELDS)[number];
export const isTriageField = (name: string): name is TriageField => (TRIAGE_FIELDS as readonly string[]).includes(name);

/**
 * What the last save of the form did: wrote it, found nothing changed, found the feedback merged
 * into this one (nothing written), or held back fields someone else changed since the page was
 * shown (`held`), writing the others (`partly`) or nothing.
 */
export type TriageSaved =
  | { readonly kind: "saved" | "unchanged" | "moved" }
  | { readonly kind: "partly" | "held"; readonly held: readonly TriageField[] };

/** The notice of the last save: a status, or an alert naming the fields held back. */
function savedNotice(language: Language, saved: TriageSaved): Html {
  const w = wordsFor(language, "triage");
  if (saved.kind === "moved") return outcome(w.triageMoved, { role: "alert" });
  if (!("held" in saved)) return outcome(saved.kind === "saved" ? w.triageSaved : w.triageUnchanged);
  const labels = fieldLabels(language);
  const common = wordsFor(language, "common");
  const text = heldText(
    common,
    saved.kind === "partly",
    saved.held.map((f) => labels[f]),
  );
  return outcome(text, { role: "alert" });
}

/**
 * Where a tag chip of a feedback's page leads: the inbox's open feedbacks with that tag, and no other
 * filter (those of the list the page was opened from are out of sight here).
 */
const tagList = (tag: string): string => `/inbox?${new URLSearchParams({ tag })}`;

/** What the form shows of a feedback, field by field. */
export function heldFields(feedback: Feedback): TriageDraft["fields"] {
  return {
    title: feedback.title,
    owner: feedback.owner ?? "",
    dueAt: dayOf(feedback.dueAt),
    severity: feedback.severity ?? "",
    kind: feedback.kind,
    featureId: feedback.feature?.id ?? "",
    tags: (feedback.tags ?? []).join(", "),
  };
}

/** A triage refused: why, said in the form, and the fields as they were typed, kept in it. */
export interface TriageDraft {
  readonly error: string;
  /** The field at fault, focused (the page may be long on a phone) and marked; none for a refusal of the whole. */
  readonly at?: string;
  readonly fields: Readonly<Record<TriageField, string>>;
  /** What the page showed when it was first filled in (the fields a save writes are those changed from it); absent when the form sent none. */
  readonly was?: TriageDraft["fields"];
}

/**
 * A feedback's triage on its page: owner, due date, severity, kind, feature, title and tags, edited
 * in place with a form that works without JavaScript; read only for a Reader.
 */
export async function triageSection(
  services: Services,
  visitor: Visitor,
  feedback: Feedback,
  canUpdate: boolean,
  saved: TriageSaved | null,
  members: readonly OwnerChoice[],
  draft?: TriageDraft,
): Promise<Html> {
  const w = wordsFor(visitor.language, "triage");
  const lang = visitor.language;
  const tags = feedback.tags ?? [];
  const known = await listTags(services, visitor.grant);
  const colors = tagColors(known.ok ? known.value.data : []);
  if (!canUpdate) {
    return html`<h2>${w.triage}</h2><dl>
<dt>${w.owner}</dt><dd>${feedback.owner ?? w.noOwner}</dd>
<dt>${w.dueAt}</dt><dd>${feedback.dueAt ? formatDueDay(lang, feedback.dueAt, services.clock()) : "—"}</dd>
<dt>${w.tags}</dt><dd>${tags.length > 0 ? tagChips(lang, tags, colors, tagList) : "—"}</dd>
</dl>`;
  }
  const features = await listFeatures(services, visitor.grant, feedback.app.id);
  // An owner who left the organization is still shown, until someone else is picked.
  const offered = assignable(members, feedback.owner);
  const owners =
    feedback.owner && !offered.some((m) => m.email === feedback.owner) ? [{ email: feedback.owner, label: feedback.owner }, ...offered] : offered;
  const action = `/inbox/${encodeURIComponent(feedback.key)}/triage`;
  const held = heldFields(feedback);
  // Refused, the form shows what was typed; else what the feedback holds.
  const shown = draft?.fields ?? held;
  // What the feedback held when the form was shown: only the fields changed from it are written, so
  // saving leaves alone what someone else (or the assistant) set meanwhile.
  const was = shownInputs(draft?.was ?? held);
  // The refusal is said under the field at fault, which the browser scrolls to and focuses; a
  // refusal of the whole, above the form, focused as any action's outcome is (it is far down the page).
  const at = (name: string, hint?: string) => refusedField("triage-error", draft?.at === name ? draft.error : undefined, hint);
  const [title, due, tagsField] = [at("title"), at("dueAt"), at("tags", "triage-tags-hint")];
  const atField = draft?.at !== undefined && (FIELDS_SAYING_REFUSALS as readonly string[]).includes(draft.at);
  const whole = draft && !atField ? outcome(draft.error, { role: "alert" }) : "";
  return html`<h2 id="triage">${w.triage}</h2>
${saved ? savedNotice(lang, saved) : ""}
${tags.length > 0 ? html`<p class="tags">${tagChips(lang, tags, colors, tagList)}</p>` : ""}
<form method="post" action="${action}" class="triage"><input type="hidden" name="csrf" value="${visitor.csrf}">${was}
${whole}
<label for="triage-title">${w.title}</label><input id="triage-title" name="title" required maxlength="${TITLE_MAX_LENGTH}" value="${shown.title}"${title.marks}>${title.said}
<label for="triage-owner">${w.owner}</label><select id="triage-owner" name="owner"><option value="">${w.noOwner}</option>${owners.map(
    (m) => html`<option value="${m.email}"${selected(m.email === shown.owner)}>${m.label}</option>`,
  )}</select>
<label for="triage-due">${w.dueAt}</label><input id="triage-due" name="dueAt" type="date" value="${shown.dueAt}"${due.marks}>${due.said}
<label for="triage-severity">${w.severity}</label><select id="triage-severity" name="severity"><option value="">${w.noSeverity}</option>${SEVERITIES.map(
    (s) => html`<option value="${s}"${selected(s === shown.severity)}>${s}</option>`,
  )}</select>
<label for="triage-kind">${w.kind}</label><select id="triage-kind" name="kind">${KINDS.map(
    (k) => html`<option value="${k}"${selected(k === shown.kind)}>${valueName(lang, k)}</option>`,
  )}</select>
<label for="triage-feature">${w.feature}</label><select id="triage-feature" name="featureId"><option value="">${w.noFeature}</option>${(
    features.ok ? features.value.data : []
  ).map((f) => html`<option value="${f.id}"${selected(f.id === shown.featureId)}>${f.path}</option>`)}</select>
<label for="triage-tags">${w.tags}</label><input id="triage-tags" name="tags" list="known-tags" value="${shown.tags}" maxlength="${MAX_TAGS * (TAG_NAME_MAX_LENGTH + 2)}"${tagsField.marks}>
${tagsField.said}<p class="muted" id="triage-tags-hint">${w.tagsHint}</p>
<datalist id="known-tags">${(known.ok ? known.value.data : []).map((t) => html`<option value="${t.name}"></option>`)}</datalist>
<button type="submit">${w.saveTriage}</button></form>`;
}

/** The fields of the triage form a refusal can name: it is said under them. */
const FIELDS_SAYING_REFUSALS = ["title", "dueAt", "tags"] as const;

/** The companies behind a feedback's reports, the highest spend first. */
export function companiesSection(language: Language, companies: readonly CompanyEntry[] | undefined): Html {
  const w = wordsFor(language, "triage");
  const spend = (c: CompanyEntry) => (c.monthlySpend === undefined ? "" : ` · ${formatNumber(language, c.monthlySpend)} ${w.perMonth}`);
  return html`<h2>${w.companies}</h2>${
    companies?.length
      ? html`<ul class="companies">${companies.map((c) => html`<li>${c.name}<span class="muted">${spend(c)} · ${c.reports === 1 ? w.oneReport : w.manyReports.replace("{n}", String(c.reports))}</span></li>`)}</ul>`
      : html`<p class="muted">${w.noCompanies}</p>`
  }`;
}

/** The checkbox of a row of the inbox, tied to the bulk form below the list (it works without JavaScript). */
export const rowCheckbox = (language: Language, key: string, ticked = false): Html =>
  html`<input type="checkbox" name="keys" value="${key}" form="bulk" aria-label="${wordsFor(language, "triage").select} ${key}"${ticked ? html` checked` : ""}>`;

/**
 * The head of the inbox's key column, for those who may change feedbacks: a checkbox that ticks every
 * row of the page, or none. The page's script shows it (`hidden` until then), since without the
 * script it could tick nothing, and each row's own checkbox works alike either way. On a phone,
 * where the list is cards without their head, it stands above them with its words.
 */
export const selectAllHead = (language: Language, key: string): Html => {
  const w = wordsFor(language, "triage");
  return html`<label class="select-all" hidden><input type="checkbox" data-select-all aria-label="${w.selectAll}"><span class="on-cards">${w.selectAll}</span></label><span class="key-head">${key}</span>`;
};

/**
 * A list longer than its page, for the bulk form to apply to as a whole: its address (filters and
 * order, no page position) and how many it holds.
 */
interface WholeList {
  readonly address: string;
  readonly count: number;
}

/** What a change of the whole list reaches: all of it, or the first that one bulk change takes, in its order. */
const reached = (list: WholeList): number => Math.min(list.count, BULK_MAX_KEYS);

/**
 * The line above the list, once select all has ticked the whole page: a button to tick the whole list
 * instead (its first 100, past that), and, pressed, what is ticked. The page's script shows it (`hidden`
 * until then): without it there is no select all.
 */
export function listScopeOffer(language: Language, onPage: number, list: WholeList): Html {
  const w = wordsFor(language, "triage");
  const past = list.count > BULK_MAX_KEYS;
  const [offer, ticked] = past ? [w.tickFirst, w.firstTicked] : [w.tickList, w.listTicked];
  const say = (text: string) => text.replace("{n}", String(list.count)).replace("{max}", String(BULK_MAX_KEYS));
  return html`<p class="list-scope" hidden><span data-page-ticked>${w.pageTicked.replace("{n}", String(onPage))} <button type="button" class="secondary" data-tick-list>${say(offer)}</button></span><span data-list-ticked tabindex="-1" hidden>${say(ticked)}</span></p>`;
}

/** A bulk change refused before anything was changed: why, what was ticked and what was typed, all kept on the page. */
export interface BulkDraft {
  /**
   * No feedback or no change; a tag or comment too long; a due date on no calendar; a due date both
   * given and removed; a new tag that would read as something else; a new tag past the organization's bound.
   */
  readonly refusal: "none" | "invalid" | "dueDate" | "dueBoth" | "tagUnreadable" | "tagLimit";
  readonly keys: readonly string[];
  readonly fields: Readonly<Record<"status" | "comment" | "owner" | "dueAt" | "noDue" | "addTag" | "removeTag", string>>;
}

/**
 * Why a bulk change was refused: at the top of the bulk form, where the refusal lands (`#bulk-title`),
 * in a row of its own above the fields, which keep their places. The fields it blames take the focus;
 * blaming none (nothing ticked, a comment too long), it takes the focus itself, as the outcome of the action.
 */
const bulkRefusal = (language: Language, draft: BulkDraft | undefined): { said: Html; marks: Html } => {
  if (draft && BLAMED[draft.refusal].length === 0) return { said: bulkRefusalNotice(language, draft), marks: html`` };
  return refusedField("bulk-refused", draft && bulkRefusalWords(language, draft));
};

/** Why a bulk change was refused, said as the action's outcome: above the list when no form is shown (a list emptied meanwhile). */
export const bulkRefusalNotice = (language: Language, draft: BulkDraft): Html => outcome(bulkRefusalWords(language, draft), { role: "alert" });

const bulkRefusalWords = (language: Language, draft: BulkDraft): string => {
  const w = wordsFor(language, "triage");
  const words: Record<BulkDraft["refusal"], string> = {
    none: w.bulkNone,
    invalid: w.bulkInvalid,
    dueDate: w.bulkDueDate,
    dueBoth: w.bulkDueBoth,
    tagUnreadable: w.bulkTagUnreadable,
    tagLimit: w.bulkTagLimit,
  };
  return words[draft.refusal];
};

/** The fields a refusal names, by their names in the form. */
const BLAMED: Readonly<Record<BulkDraft["refusal"], readonly string[]>> = {
  none: [],
  invalid: [],
  dueDate: ["dueAt"],
  dueBoth: ["dueAt", "noDue"],
  tagUnreadable: ["addTag"],
  tagLimit: ["addTag"],
};

/** A link above the list to the bulk form below it, which a long list (a phone's cards) puts far down. */
export function bulkJump(language: Language): Html {
  const w = wordsFor(language, "triage");
  // How many are ticked, here too (the script says it): the form's own count is a page of rows below.
  return html`<p class="bulk-jump"><a href="#bulk-title">${w.bulkTitle} <span class="nowrap"><span class="muted bulk-count" data-one="${w.tickedOne}" data-many="${w.tickedMany}"></span> ↓</span></a></p>`;
}

/** The same change to the feedbacks ticked in the list: status with a comment, owner, due date (set or removed), a tag added or removed. */
export function bulkForm(visitor: Visitor, back: string, members: readonly OwnerChoice[], draft?: BulkDraft, list?: WholeList): Html {
  const w = wordsFor(visitor.language, "triage");
  const typed = draft?.fields;
  const refused = bulkRefusal(visitor.language, draft);
  const blamed = (name: string) => (draft && BLAMED[draft.refusal].includes(name) ? refused.marks : "");
  // How many are ticked, said by the keyboard script as rows are ticked (nothing without it).
  const count = html`<span class="muted bulk-count" aria-live="polite" data-one="${w.tickedOne}" data-many="${w.tickedMany}"></span>`;
  return html`<h2 id="bulk-title" tabindex="-1">${w.bulkTitle} ${count}</h2><form id="bulk" method="post" action="/inbox/bulk" class="filters" aria-labelledby="bulk-title"><input type="hidden" name="csrf" value="${visitor.csrf}"><input type="hidden" name="back" value="${back}">${refused.said}
<div><label for="bulk-status">${w.newStatus}</label><select id="bulk-status" name="status"><option value="">${w.unchanged}</option>${STATUSES.map(
    (s) => html`<option value="${s}"${selected(typed?.status === s)}>${valueName(visitor.language, s)}</option>`,
  )}</select></div>
<div><label for="bulk-comment">${w.bulkComment}</label><input id="bulk-comment" name="comment" value="${typed?.comment ?? ""}"></div>
<div><label for="bulk-owner">${w.newOwner}</label><select id="bulk-owner" name="owner"><option value="">${w.unchanged}</option><option value="none"${selected(typed?.owner === "none")}>${w.noOwner}</option>${assignable(
    members,
    typed?.owner,
  ).map((m) => html`<option value="${m.email}"${selected(typed?.owner === m.email)}>${m.label}</option>`)}</select></div>
<div class="due-pair"><div><label for="bulk-due">${w.newDueAt}</label><input id="bulk-due" name="dueAt" type="date" value="${typed?.dueAt ?? ""}"${blamed("dueAt")}></div>
<label><input type="checkbox" name="noDue" value="yes"${typed?.noDue ? html` checked` : ""}${blamed("noDue")}> ${w.noDueAt}</label></div>
<div><label for="bulk-add">${w.addTag}</label><input id="bulk-add" name="addTag" maxlength="${MAX_TAGS * (TAG_NAME_MAX_LENGTH + 2)}" value="${typed?.addTag ?? ""}"${blamed("addTag")}></div>
<div><label for="bulk-remove">${w.removeTag}</label><input id="bulk-remove" name="removeTag" maxlength="${MAX_TAGS * (TAG_NAME_MAX_LENGTH + 2)}" value="${typed?.removeTag ?? ""}"></div>
<div><button type="submit">${w.applyBulk}</button>${list ? wholeListField(visitor.language, list) : ""}</div></form>`;
}

/**
 * The list's address the bulk form sends instead of the ticked keys, once the whole list is ticked, and
 * the words beside the button saying so: both off (`disabled`, `hidden`) until the page's script turns them on.
 */
const wholeListField = (language: Language, list: WholeList): Html =>
  html` <input type="hidden" name="list" value="${list.address}" disabled><span class="muted list-scope-note" data-reached="${reached(list)}" hidden>${wordsFor(language, "triage").appliesToList.replace("{n}", String(reached(list)))}</span>`;

/** The parameters of the address a bulk change comes back to that make its notice, and nothing of the list. */
export const BULK_NOTICE_PARAMS = ["bulk", "noted", "merged", "beyond"] as const;

/** What the last bulk change did, from the address it came back to (`bulk=3.1.not_found`). */
export function bulkNotice(language: Language, params: URLSearchParams): Html | string {
  const done = params.get("bulk");
  if (!done) return "";
  const w = wordsFor(language, "triage");
  const [changed = "", failed = "", left = ""] = done.split(".");
  // Counts read from the address are numbers, or the notice says nothing.
  if (!/^\d{1,3}$/.test(changed) || !/^\d{1,3}$/.test(failed)) return "";
  // "DEMO-5:DEMO-2": a key merged since the list was shown; the feedback that holds it was changed.
  const merged = (params.get("merged") ?? "")
    .split(",")
    .map((pair) => pair.split(":"))
    .filter((pair): pair is [string, string] => pair.length === 2 && pair.every(isFeedbackKey))
    .map(([key, into]) => w.bulkMerged.replace("{key}", key).replaceAll("{into}", into))
    .join(" ");
  const also = `${merged ? ` ${merged}` : ""}${params.has("beyond") ? ` ${w.bulkBeyond}` : ""}`;
  if (failed === "0") return outcome(html`${(params.has("noted") ? w.bulkNoted : w.bulkAllDone)(Number(changed))}${also}`);
  // "DEMO-3:not_found,DEMO-4:forbidden": each key left as it was, and why, in words.
  const errors: Readonly<Record<string, string>> = textFor(language).errors;
  // Only feedback keys are read from the address: a link cannot have the notice, which takes the focus, say words of its own.
  const which = left
    .split(",")
    .map((entry) => entry.split(":"))
    .filter(([key = ""]) => isFeedbackKey(key))
    .map(([key, code = ""]) => (Object.hasOwn(errors, code) ? `${key} (${errors[code]!.replace(/\.$/, "")})` : key))
    .join(", ");
  return outcome(html`${w.bulkAllDone(Number(changed))} ${w.bulkLeft(Number(failed), which)}${also}`, { role: "alert" });
}

/** The export links of the list as filtered: the same filters and order, every page. */
export function exportLinks(language: Language, query: ListQuery): Html {
  const w = wordsFor(language, "triage");
  const { cursor: _, limit: __, ...filters } = query;
  const params = (format: string) => new URLSearchParams({ ...Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, String(v)])), format });
  return html`<p class="exports"><a href="/inbox/export?${params("csv")}" download>${w.exportCsv}</a> · <a href="/inbox/export?${params("jsonl")}" download>${w.exportJsonl}</a></p>`;
}

/** The inbox's filters by owner (anyone, me, no one, or a member by e-mail), by tag and by due date, beside the others. */
export function triageFilters(language: Language, query: ListQuery, tags: readonly string[], members: readonly OwnerChoice[]): Html {
  const w = wordsFor(language, "triage");
  // An address given in the address bar that is no member's is kept, so the filter shown is the one applied.
  const typed = query.owner && query.owner !== "me" && query.owner !== "none" && !members.some((m) => m.email === query.owner) ? [query.owner] : [];
  const owners: ReadonlyArray<readonly [string, string]> = [
    ["me", w.ownerMe],
    ["none", w.noOwner],
    // Every member, Readers too: a feedback owned by one (through the API, or before a change of role) is found here.
    ...members.map((m) => [m.email, m.label] as const),
    ...typed.map((email) => [email, email] as const),
  ];
  // long-choices: a person's name may be 100 characters; the filter takes its share of the row, not that width.
  return html`<div class="long-choices"><label for="owner">${w.owner}</label><select id="owner" name="owner"><option value="">${w.anyOwner}</option>${owners.map(
    ([value, label]) => html`<option value="${value}"${selected(query.owner === value)}>${label}</option>`,
  )}</select></div>
${
  tags.length > 0 || query.tag
    ? html`<div class="long-choices"><label for="tag">${w.tag}</label><select id="tag" name="tag"><option value="">${w.anyTag}</option>${[
        ...new Set([...tags, ...(query.tag ? [query.tag] : [])]),
      ].map((t) => html`<option value="${t}"${selected(t === query.tag)}>${t}</option>`)}</select></div>`
    : ""
}
<div><label for="due">${w.dueAt}</label><select id="due" name="due"><option value="">${w.anyDue}</option>${DUE_FILTERS.map(
    (d) => html`<option value="${d}"${selected(d === query.due)}>${w.dueChoices[d]}</option>`,
  )}</select></div>`;
}
