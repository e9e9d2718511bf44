import { Elysia } from "elysia";
import { outcome, refusedField } from "../web/notices.ts";
import { can } from "../../../core/authorization.ts";
import { createEntry } from "../../../core/changelog/create-entry.ts";
import { deleteEntry } from "../../../core/changelog/delete-entry.ts";
import { getEntry } from "../../../core/changelog/get-entry.ts";
import { listEntries } from "../../../core/changelog/list-entries.ts";
import { changelogSlug } from "../../../core/changelog/public-changelog.ts";
import { entryAudience } from "../../../core/changelog/entry-audience.ts";
import { lookupKey } from "../../../core/feedback/find-feedback.ts";
import { publishEntry } from "../../../core/changelog/publish-entry.ts";
import { updateEntry } from "../../../core/changelog/update-entry.ts";
import type { Failure } from "../../../core/errors.ts";
import { getFeedback } from "../../../core/feedback/get-feedback.ts";
import { listFeedbacks } from "../../../core/feedback/list-feedbacks.ts";
import {
  CHANGELOG_BODY_MAX_LENGTH,
  CHANGELOG_TITLE_MAX_LENGTH,
  ChangelogCreate,
  type ChangelogEntry,
  ChangelogPatch,
} from "../../../core/schemas/changelog.ts";
import type { FeedbackSummary } from "../../../core/schemas/feedback.ts";
import type { Services } from "../../../core/services.ts";
import { describeFieldProblem, failureBody, textFor } from "../catalog/text.ts";
import { type Html, html, redirect } from "../html.ts";
import { keyLink, keyText } from "../web/key-text.ts";
import { validator } from "../validate.ts";
import { statusBadge } from "../web/badges.ts";
import { appPage, asMember, asMemberPosting } from "../web/layout.ts";
import { renderMarkdown } from "../web/markdown.ts";
import type { Visitor } from "../web/visitor.ts";
import { formatTime, type Words, wordsFor } from "../web/words.ts";
import { actsOn, hidden, unconfirmed } from "../web/settings-page.ts";

/** What the editor shows: the entry as typed (saved or not), and what the last action asked to see. */
interface Editing {
  readonly id?: string;
  readonly title: string;
  readonly body: string;
  readonly feedbacks: readonly string[];
  readonly keys?: string;
  readonly query?: string;
  readonly found?: readonly FeedbackSummary[];
  readonly preview?: boolean;
  readonly error?: string;
  /** The field the error is about, said beside it; none, the error is the page's. */
  readonly at?: EntryField;
  /** The save was refused for a key naming no feedback: with several, the page counts them (the core names the first). */
  readonly unknownKeys?: boolean;
  /** Shown from what was posted (a preview, a search, a refusal), not from the store: said under the title. */
  readonly unsaved?: boolean;
  /** When the draft the page was opened on was saved (its `updatedAt`): a save over a later one is held back. */
  readonly was?: string;
}

const NOTICES = ["saved", "published", "deleted"] as const;
/** The form's entry is checked as the REST API checks its body. */
const entryBody = validator(ChangelogCreate);
/** A published entry's correction, checked as the REST API checks a PATCH. */
const entryPatch = validator(ChangelogPatch);

/** The keys a person typed, split at spaces and commas. */
const typedKeys = (text: string): string[] => text.split(/[\s,]+/).filter(Boolean);

/**
 * The page of a refusal a person can act on: what the core said, in their language; for a field,
 * the field's problem alone (a form has no "request body").
 */
function said(visitor: Visitor, failure: Failure): string {
  if (!failure.problem) return failureBody(failure, visitor.language).error;
  // A field by the label the form gives it ("Title"), not by the API's name for it ("title").
  const w = wordsFor(visitor.language, "changelog");
  const problem = { ...failure.problem, field: failure.problem.field.split(".")[0]! };
  return describeFieldProblem(problem, visitor.language, { title: w.entryTitle, body: w.body, feedbacks: w.linked });
}

/** The address of the organization's public changelog. */
async function publicAddress(services: Services, visitor: Visitor): Promise<string | null> {
  const slug = await changelogSlug(services, visitor.membership.orgId);
  return slug && `/p/${slug}/changelog`;
}

/** The list: drafts, then published entries, newest first, and the way to a new one. */
async function listPage(services: Services, visitor: Visitor, request: Request): Promise<Response> {
  const w = wordsFor(visitor.language, "changelog");
  const listed = await listEntries(services, visitor.grant);
  if (!listed.ok) return appPage(visitor, "/changelog", w.changelog, html`<h1>${w.changelog}</h1><p class="error">${said(visitor, listed)}</p>`, 403);
  const done = new URL(request.url).searchParams.get("done");
  const notice = NOTICES.find((n) => n === done);
  const row = (e: ChangelogEntry) => html`<li><p><a href="/changelog/${encodeURIComponent(e.id)}">${e.title}</a></p>
<p class="muted">${e.status === "draft" ? w.draft : w.publishedOn(formatTime(visitor.language, Date.parse(e.publishedAt!)))} · ${e.feedbacks.length === 0 ? w.noLinked : e.feedbacks.map((key, i) => html`${i > 0 ? ", " : ""}${keyText(key)}`)}</p></li>`;
  const drafts = listed.value.data.filter((e) => e.status === "draft");
  const published = listed.value.data.filter((e) => e.status === "published");
  const address = await publicAddress(services, visitor);
  return appPage(
    visitor,
    "/changelog",
    w.changelog,
    html`<h1>${w.changelog}</h1><p class="muted">${w.intro(services.notifier.delivers)}</p>
${notice === "deleted" ? outcome(w.deleted) : ""}
<p><a class="button primary" href="/changelog/new">${w.newEntry}</a>${address ? html` <a class="button" href="${address}">${w.publicPage}</a>` : ""}</p>
<h2>${w.drafts}</h2>${drafts.length === 0 ? html`<p class="muted">${w.noDrafts}</p>` : html`<ul class="plain">${drafts.map(row)}</ul>`}
<h2>${w.published}</h2>${published.length === 0 ? html`<p class="muted">${w.noPublished}</p>` : html`<ul class="plain">${published.map(row)}</ul>`}`,
  );
}

/** A feedback an entry links, as the team's pages show it; an unknown key has no status. */
interface Linked {
  readonly key: string;
  readonly title: string;
  readonly status?: FeedbackSummary["status"];
  readonly published?: boolean;
}

/** Beside a linked feedback the portal does not show: the public changelog leaves it out. */
const offPortal = (w: Words<"changelog">, f: Linked): Html | "" =>
  f.published === false ? html` <span class="muted">(${w.notOnPortal})</span>` : "";

/** The feedbacks of an entry, each with its title and status, read as the person may read them. */
async function linkedSummaries(services: Services, visitor: Visitor, keys: readonly string[]): Promise<Linked[]> {
  const linked = await Promise.all(
    keys.map(async (key) => {
      const found = await getFeedback(services, visitor.grant, key);
      return found.ok
        ? { key: found.value.key, title: found.value.title, status: found.value.status, published: found.value.published }
        : { key, title: "" };
    }),
  );
  // A merged key reads as the feedback it was merged into, which may be linked already: listed once.
  return linked.filter((f, i) => linked.findIndex((other) => other.key === f.key) === i);
}

/** How many people publishing would e-mail: none for one who may not publish (the page offers them no Publish). */
async function audienceOf(services: Services, visitor: Visitor, keys: readonly string[]): Promise<number> {
  const audience = await entryAudience(services, visitor.grant, keys);
  return audience.ok ? audience.value : 0;
}

/** The fields of an entry a person types in, which a save may refuse for what was typed. */
type EntryField = "title" | "body";

/** The field of the form a refusal is about, if it is one typed in: the API's `title`, `body`. */
const fieldOf = (failure: Failure): EntryField | undefined => (["title", "body"] as const).find((f) => f === failure.problem?.field.split(".")[0]);

/**
 * An entry's title and Markdown text, as the editor and the correction of a published entry show
 * them; `error` said beside the field `at`, if it is about one.
 */
function entryFields(
  w: Words<"changelog">,
  entry: { readonly title: string; readonly body: string; readonly error?: string; readonly at?: EntryField },
): Html {
  const refused = (f: EntryField, hint?: string) => refusedField(`${f}-error`, entry.at === f ? entry.error : undefined, hint);
  const [title, body] = [refused("title"), refused("body", "body-hint")];
  return html`<label for="title">${w.entryTitle}</label>${title.said}<input id="title" name="title" required maxlength="${CHANGELOG_TITLE_MAX_LENGTH}" value="${entry.title}"${title.marks}>
<label for="body">${w.body}</label>${body.said}<textarea id="body" name="body" rows="12" maxlength="${CHANGELOG_BODY_MAX_LENGTH}"${body.marks}>${entry.body}</textarea>
<p class="muted" id="body-hint">${w.bodyHint}</p>`;
}

/**
 * The editor of a draft (or of a new entry): title, Markdown text, feedbacks linked by key or found
 * by a search, preview, publish. "Save draft" is the form's first button: Enter in a field saves.
 */
async function editorPage(services: Services, visitor: Visitor, editing: Editing, notice: string | null = null, status = 200): Promise<Response> {
  const w = wordsFor(visitor.language, "changelog");
  const linked = await linkedSummaries(services, visitor, editing.feedbacks);
  const action = editing.id ? `/changelog/${encodeURIComponent(editing.id)}` : "/changelog";
  const title = editing.title || w.newEntry;
  // A key typed that names no feedback is said at once, not only when the entry is saved.
  const feedbackItem = (f: Linked) =>
    html`<li><input type="hidden" name="feedbacks" value="${f.key}"><p>${
      f.status
        ? html`${keyLink(f.key)} ${f.title} ${statusBadge(visitor.language, f.status)}${offPortal(w, f)}`
        : html`<span class="error">${textFor(visitor.language).problems.unknownKey(f.key)}</span>`
    }
<button type="submit" name="unlink" value="${f.key}" class="secondary">${w.unlink}${actsOn(f.key)}</button></p></li>`;
  const foundItem = (f: FeedbackSummary) =>
    html`<li><p>${keyLink(f.key)} ${f.title} ${statusBadge(visitor.language, f.status)}
<button type="submit" name="link" value="${f.key}" class="secondary">${w.link}${actsOn(f.key)}</button></p></li>`;
  const found = editing.found?.filter((f) => !linked.some((l) => l.key === f.key));
  const unknown = linked.filter((f) => !f.status).length;
  const error = editing.unknownKeys && unknown > 1 ? w.unknownKeys(unknown) : editing.at ? undefined : editing.error;
  const delivers = services.notifier.delivers;
  // Counted where no e-mail goes out too: a trial run without SMTP_URL sees who would have been told.
  const people = await audienceOf(services, visitor, editing.feedbacks);
  return appPage(
    visitor,
    "/changelog",
    title,
    html`<p><a href="/changelog">${w.allEntries}</a></p><h1>${title}</h1><div class="editor-notes">${editing.unsaved ? html`<p class="muted">${w.unsaved}</p>` : ""}
${notice ? outcome(notice) : ""}
${error ? outcome(error, { role: "alert" }) : ""}</div>
<form method="post" action="${action}" class="editor"><input type="hidden" name="csrf" value="${visitor.csrf}">${editing.was ? html`<input type="hidden" name="was" value="${editing.was}">` : ""}
<button type="submit" name="action" value="enter" class="visually-hidden" tabindex="-1" aria-hidden="true">${w.saveDraft}</button>
${entryFields(w, editing)}
<p class="actions"><button type="submit" name="action" value="save">${w.saveDraft}</button><button type="submit" name="action" value="preview" class="secondary" formaction="${action}#preview">${w.preview}</button></p>
${editing.preview ? html`<section aria-labelledby="preview" class="preview"><h2 id="preview">${w.previewTitle}</h2><article class="entry"><h3>${editing.title}</h3><div class="markdown">${renderMarkdown(services.markdown, editing.body)}</div></article></section>` : ""}
<h2>${w.linked}</h2>${linked.length === 0 ? html`<p class="muted">${w.noLinked}</p>` : html`<ul class="plain linked">${linked.map(feedbackItem)}</ul>`}
<label for="keys">${w.keys}</label><div class="search-row"><input id="keys" name="keys" value="${editing.keys ?? ""}" aria-describedby="keys-hint" autocomplete="off"><button type="submit" name="action" value="save" class="secondary">${w.link}</button></div>
<p class="muted" id="keys-hint">${w.keysHint}</p>
<label for="query">${w.find}</label><div class="search-row"><input id="query" name="query" type="search" value="${editing.query ?? ""}" maxlength="200"><button type="submit" name="action" value="search" class="secondary">${w.search}</button></div>
<input type="hidden" name="searched" value="${editing.found ? (editing.query ?? "") : ""}">
${found && found.length > 0 ? html`<h3>${w.found}</h3><ul class="plain linked">${found.map(foundItem)}</ul>` : ""}
<h2>${w.publish}</h2><p class="muted">${w.publishTells(linked.length, people, delivers)}</p>
<p class="actions"><button type="submit" name="action" value="publish">${delivers && people > 0 ? w.publishAndTell(people) : w.publish}</button>${editing.id ? html`<button type="submit" name="action" value="delete" class="danger">${w.deleteDraft}</button>` : ""}</p>
</form>`,
    status,
  );
}

/**
 * Publish, asked once more: the entry as it will read, the feedbacks it moves to Delivered, and
 * who will be e-mailed. Confirmed, the draft is published as saved then (`was`).
 */
async function publishQuestion(services: Services, visitor: Visitor, entry: ChangelogEntry): Promise<Response> {
  const w = wordsFor(visitor.language, "changelog");
  if (entry.status === "published") return redirect(`/changelog/${encodeURIComponent(entry.id)}`);
  const at = `/changelog/${encodeURIComponent(entry.id)}`;
  const delivers = services.notifier.delivers;
  const [linked, people] = await Promise.all([linkedSummaries(services, visitor, entry.feedbacks), audienceOf(services, visitor, entry.feedbacks)]);
  const question = w.publishQuestion(entry.title);
  const item = (f: Linked) =>
    html`<li><p>${keyLink(f.key)} ${f.title} ${f.status ? statusBadge(visitor.language, f.status) : ""}${offPortal(w, f)}</p></li>`;
  return appPage(
    visitor,
    "/changelog",
    question,
    html`<p><a href="${at}">${w.backToDraft}</a></p><h1>${question}</h1>
${linked.length === 0 ? "" : html`<p>${w.publishTells(linked.length, people, delivers)}</p>`}
<h2>${w.linked}</h2>${linked.length === 0 ? html`<p class="error" role="alert">${w.nothingLinked}</p>` : html`<ul class="plain linked">${linked.map(item)}</ul>`}
<section aria-labelledby="as-published" class="preview"><h2 id="as-published">${w.asPublished}</h2><article class="entry"><h3>${entry.title}</h3><div class="markdown">${renderMarkdown(services.markdown, entry.body)}</div></article></section>
<form method="post" action="${at}"><input type="hidden" name="csrf" value="${visitor.csrf}">${hidden("action", "publish-asked")}${hidden("was", entry.updatedAt)}
<p class="actions"><button type="submit">${delivers && people > 0 ? w.publishAndTell(people) : w.publish}</button> <a href="${at}" class="nowrap">${w.backToDraft}</a></p></form>`,
  );
}

/**
 * A published entry: what was sent, as the public page shows it, and the feedbacks it shipped; for
 * those who write the changelog, a form that corrects its title and text (the feedbacks it shipped
 * stay). `correcting` is a refused correction, shown as it was typed.
 */
async function publishedPage(
  services: Services,
  visitor: Visitor,
  entry: ChangelogEntry,
  done: string | null,
  correcting?: { readonly title: string; readonly body: string; readonly error: string; readonly at?: EntryField },
): Promise<Response> {
  const w = wordsFor(visitor.language, "changelog");
  const linked = await linkedSummaries(services, visitor, entry.feedbacks);
  const notices: Readonly<Record<string, () => Promise<string>>> = {
    // Published, it tells the followers of its feedbacks, each once; where none follows, no one is told, and it says so.
    published: async () => {
      const people = await audienceOf(services, visitor, entry.feedbacks);
      return people === 0 ? w.publishedToNoOne : services.notifier.delivers ? w.publishedNotice(people) : w.publishedUnsent(people);
    },
    corrected: async () => w.correctedNotice,
    kept: async () => w.publishedMeanwhile,
  };
  const notice = done !== null && Object.hasOwn(notices, done) ? await notices[done]!() : null;
  const address = await publicAddress(services, visitor);
  const typed = correcting ?? entry;
  const correction = can(visitor.grant, "changelog.manage")
    ? html`<details class="correction"${correcting ? html` open` : ""}><summary>${w.correct}</summary>
${correcting && !correcting.at ? outcome(correcting.error, { role: "alert" }) : ""}
<form method="post" action="/changelog/${encodeURIComponent(entry.id)}" class="editor"><input type="hidden" name="csrf" value="${visitor.csrf}">
<p class="muted">${w.correctHint}</p>
${entryFields(w, typed)}
<p class="actions"><button type="submit" name="action" value="correct">${w.saveCorrection}</button></p></form></details>`
    : "";
  return appPage(
    visitor,
    "/changelog",
    entry.title,
    html`<p><a href="/changelog">${w.allEntries}</a>${address ? html` · <a href="${address}">${w.publicPage}</a>` : ""}</p><h1>${entry.title}</h1>
${notice ? outcome(notice) : ""}
<p class="muted">${w.publishedOn(formatTime(visitor.language, Date.parse(entry.publishedAt!)))}</p>
<article class="entry"><div class="markdown">${renderMarkdown(services.markdown, entry.body)}</div></article>
<h2>${w.linked}</h2>${linked.length === 0 ? html`<p class="muted">${w.noLinked}</p>` : html`<ul class="plain">${linked.map((f) => html`<li><p>${keyLink(f.key)} ${f.title} ${f.status ? statusBadge(visitor.language, f.status) : ""}${offPortal(w, f)}</p></li>`)}</ul>`}
${correction}`,
    correcting ? 400 : 200,
  );
}

/**
 * Enter in a field sends the form's first button, a hidden one (`enter`, or none from a client that
 * sends no button): with words in the search field not yet searched for, Enter means the search;
 * otherwise it saves the draft. (`searched` holds the words the results shown were found by.)
 */
const searchTyped = (field: (name: string) => string): boolean =>
  (field("action") === "enter" || !field("action")) && field("query").trim() !== "" && field("query").trim() !== field("searched").trim();

/** What the posted form says: the entry as typed, its feedbacks after the link or unlink asked. */
function typed(field: (name: string) => string, all: (name: string) => string[]): Editing & { action: string } {
  const unlink = field("unlink");
  const link = field("link");
  const feedbacks = [...all("feedbacks"), ...typedKeys(field("keys")), ...(link ? [link] : [])].filter((k) => k !== unlink);
  return {
    title: field("title"),
    body: field("body"),
    // A key in any case is the key (demo-4 is DEMO-4); anything else stays as typed, to be named so.
    feedbacks: [...new Set(feedbacks.map(lookupKey))],
    query: field("query"),
    ...(field("was") && { was: field("was") }),
    action: link || unlink ? "save" : searchTyped(field) ? "search" : field("action") === "enter" ? "save" : field("action") || "save",
  };
}

/** Line breaks as one: a form's come as LF (form-line-breaks.ts), but a draft saved from this page before that holds CRLF. */
const lines = (text: string) => text.replace(/\r\n/g, "\n");

/** Whether the entry as posted is the draft as stored: a preview or a search of it has nothing unsaved to say. */
function sameAsStored(stored: { readonly title: string; readonly body: string; readonly feedbacks: readonly string[] }, posted: Editing): boolean {
  const { title, body, feedbacks } = stored;
  return (
    title === posted.title &&
    lines(body) === lines(posted.body) &&
    feedbacks.length === posted.feedbacks.length &&
    feedbacks.every((key, i) => key === posted.feedbacks[i])
  );
}

/** The inbox's Changelog: entries listed, written, previewed, linked to feedbacks, published and deleted; no JavaScript needed. */
export function changelogPageRoutes(services: Services) {
  /** Handles the editor's form: search and preview show the entry as typed; save, publish and delete act. */
  async function posted(visitor: Visitor, field: (name: string) => string, all: (name: string) => string[], id: string | null): Promise<Response> {
    const w = wordsFor(visitor.language, "changelog");
    const { action, ...entry } = typed(field, all);
    // Only a search or a preview shows the page for what was posted as it is; a refused save is unsaved.
    const shown = action === "search" || action === "preview";
    const stored = shown && id ? await getEntry(services, visitor.grant, id) : null;
    const editing = { ...entry, unsaved: !(stored?.ok && sameAsStored(stored.value, entry)) };
    const here = { ...editing, ...(id && { id }) };
    if (action === "search") {
      const query = editing.query?.trim();
      const found = query ? await listFeedbacks(services, visitor.grant, { query, status: "all", limit: 10 }) : null;
      return editorPage(services, visitor, { ...here, found: found?.ok ? found.value.data : [] });
    }
    if (action === "preview") return editorPage(services, visitor, { ...here, preview: true });
    if (action === "correct" && id) return corrected(visitor, id, { title: editing.title, body: editing.body });
    if (action === "publish-asked" && id) return publishAsked(visitor, id, field("was"));
    if (action === "delete" && id) {
      const at = `/changelog/${encodeURIComponent(id)}`;
      const ask = { action: at, question: w.confirmDeleteDraft, label: w.deleteDraft, back: at, fields: hidden("action", "delete") };
      const asking = unconfirmed(visitor, field, ask);
      if (asking) return asking;
      const deleted = await deleteEntry(services, visitor.grant, id);
      // Refused once confirmed (published meanwhile, or already gone), the entry's own page says
      // how it is now: the confirmation carried none of the editor's fields to show again.
      if (deleted.ok) return redirect("/changelog?done=deleted");
      return redirect(deleted.code === "changelog_published" ? `${at}?done=kept` : at);
    }
    const input = { title: editing.title, body: editing.body, feedbacks: [...editing.feedbacks] };
    // Saved by someone else since this page was opened (another tab, a teammate): nothing is written
    // over theirs nor published. What was typed stays; saved again, it replaces theirs.
    const theirs = id && editing.was ? await getEntry(services, visitor.grant, id) : null;
    if (theirs?.ok && theirs.value.status === "draft" && theirs.value.updatedAt !== editing.was && !sameAsStored(theirs.value, editing))
      return editorPage(services, visitor, { ...here, was: theirs.value.updatedAt, error: w.savedMeanwhile }, null, 409);
    if (!entryBody.check(input)) {
      const refused = entryBody.refuse("invalid_body", input);
      return editorPage(services, visitor, { ...here, error: said(visitor, refused), at: fieldOf(refused) }, null, 400);
    }
    const saved = id ? await updateEntry(services, visitor.grant, id, input, { draft: true }) : await createEntry(services, visitor.grant, input);
    // A draft deleted meanwhile (in another tab): what was typed is kept, in a new entry's editor.
    if (!saved.ok && id && saved.code === "not_found") return editorPage(services, visitor, { ...editing, error: w.draftGone }, null, 409);
    // Published meanwhile (in another tab): nothing is written over it; its page offers a correction.
    if (!saved.ok && id && saved.code === "changelog_published")
      return editorPage(services, visitor, { ...here, error: w.publishedMeanwhile }, null, 409);
    // Refused, the keys typed are in the list, each unknown one marked there: the field is left empty.
    if (!saved.ok) {
      const unknownKeys = saved.problem?.reason === "unknown_feedback";
      return editorPage(services, visitor, { ...here, error: said(visitor, saved), at: fieldOf(saved), unknownKeys }, null, 400);
    }
    // Publishing e-mails people and cannot be undone: the draft, saved, is asked about on a page of
    // its own (an address, so that reloading it saves nothing again).
    const at = `/changelog/${encodeURIComponent(saved.value.id)}`;
    return redirect(action === "publish" ? `${at}/publish` : `${at}?done=saved`);
  }

  /**
   * The draft published as the question showed it. Saved by someone else since (`was` is older),
   * it is not published unseen: the editor shows their draft and says so.
   */
  async function publishAsked(visitor: Visitor, id: string, was: string): Promise<Response> {
    const at = `/changelog/${encodeURIComponent(id)}`;
    const stored = await getEntry(services, visitor.grant, id);
    if (!stored.ok) return redirect(at);
    const entry = stored.value;
    // Published already (the question answered twice, or from another tab): its page shows it as it is.
    if (entry.status === "published") return redirect(at);
    if (entry.updatedAt !== was) {
      const error = wordsFor(visitor.language, "changelog").changedSinceAsked;
      const theirs = { id, title: entry.title, body: entry.body, feedbacks: entry.feedbacks, was: entry.updatedAt, error };
      return editorPage(services, visitor, theirs, null, 409);
    }
    // Published with the words and feedbacks the question showed, not read again: a save landing
    // between this read and the commit cannot slip in unseen.
    const shown = { id, title: entry.title, body: entry.body, feedbacks: [...entry.feedbacks] };
    const published = await publishEntry(services, visitor.grant, shown);
    if (published.ok) return redirect(`${at}?done=published`);
    return editorPage(
      services,
      visitor,
      { id, title: entry.title, body: entry.body, feedbacks: entry.feedbacks, was, error: said(visitor, published), at: fieldOf(published) },
      null,
      409,
    );
  }

  /** A published entry's title and text corrected; the feedbacks it shipped are left as they are. */
  async function corrected(visitor: Visitor, id: string, correction: { title: string; body: string }): Promise<Response> {
    const refused = entryPatch.check(correction) ? null : entryPatch.refuse("invalid_body", correction);
    const saved = refused ? null : await updateEntry(services, visitor.grant, id, correction);
    if (saved?.ok) return redirect(`/changelog/${encodeURIComponent(id)}?done=corrected`);
    const found = await getEntry(services, visitor.grant, id);
    if (!found.ok) return redirect("/changelog");
    const failure = refused ?? (saved as Failure);
    return publishedPage(services, visitor, found.value, null, { ...correction, error: said(visitor, failure), at: fieldOf(failure) });
  }

  /** The fields of a form, each as a list (a repeated field gives several). */
  const listsOf = (body: unknown) => (name: string) => {
    const value = ((body ?? {}) as Record<string, unknown>)[name];
    return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string" && v !== "");
  };

  return new Elysia({ name: "routes/changelog-page" })
    .get("/changelog", ({ request, cookie }) => asMember(services, { request, cookie }, (visitor) => listPage(services, visitor, request)), {
      detail: { hide: true },
    })
    .get(
      "/changelog/new",
      ({ request, cookie }) =>
        asMember(services, { request, cookie }, (visitor) =>
          can(visitor.grant, "changelog.manage")
            ? editorPage(services, visitor, { title: "", body: "", feedbacks: [] })
            : listPage(services, visitor, request),
        ),
      { detail: { hide: true } },
    )
    .get(
      "/changelog/:id",
      ({ request, params, cookie }) =>
        asMember(services, { request, cookie }, async (visitor) => {
          const found = await getEntry(services, visitor.grant, params.id);
          const w = wordsFor(visitor.language, "changelog");
          if (!found.ok && found.code === "not_found")
            return appPage(visitor, "/changelog", w.noSuchEntry, html`<h1>${w.noSuchEntry}</h1><p><a href="/changelog">${w.allEntries}</a></p>`, 404);
          if (!found.ok) return listPage(services, visitor, request);
          const done = new URL(request.url).searchParams.get("done");
          const entry = found.value;
          if (entry.status === "published") return publishedPage(services, visitor, entry, done);
          return editorPage(
            services,
            visitor,
            { id: entry.id, title: entry.title, body: entry.body, feedbacks: entry.feedbacks, was: entry.updatedAt },
            done === "saved" ? w.saved : null,
          );
        }),
      { detail: { hide: true } },
    )
    .get(
      "/changelog/:id/publish",
      ({ request, params, cookie }) =>
        asMember(services, { request, cookie }, async (visitor) => {
          const found = await getEntry(services, visitor.grant, params.id);
          return found.ok && can(visitor.grant, "changelog.manage")
            ? publishQuestion(services, visitor, found.value)
            : redirect(`/changelog/${encodeURIComponent(params.id)}`);
        }),
      { detail: { hide: true } },
    )
    .post(
      "/changelog",
      ({ request, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, (visitor, field) => posted(visitor, field, listsOf(body), null)),
      { detail: { hide: true } },
    )
    .post(
      "/changelog/:id",
      ({ request, params, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, (visitor, field) => posted(visitor, field, listsOf(body), params.id)),
      { detail: { hide: true } },
    );
}
