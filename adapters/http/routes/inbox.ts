import { REPORT_SOURCES } from "../../../core/model.ts";
import { Elysia } from "elysia";
import type { EntryLink } from "../../../core/store/changelog.ts";
import { isEmailShaped } from "../../../core/email.ts";
import { type CookieJar, LIST_COOKIE, readCookie, writeCookie } from "../cookies.ts";
import { isSecure } from "../web-session.ts";
import { errorBody, reorderingRemoved, textFor } from "../catalog/text.ts";
import type { FieldProblem } from "../../../core/schemas/field-problem.ts";
import { withoutReordering } from "../../../core/schemas/text.ts";
import { STATUS_OF } from "../error-status.ts";
import { type Failure, fail } from "../../../core/errors.ts";
import { countIn } from "../../../core/feedback/status.ts";
import {
  type FeedbackSummary,
  KINDS,
  SEVERITIES,
  STATUS_FILTERS,
  STATUSES,
  FEEDBACK_ORDERS,
  type Status,
  QUERY_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  StatusChange,
  type ReportEntry,
} from "../../../core/schemas/feedback.ts";
import type { App } from "../../../core/schemas/catalog.ts";
import type { Services } from "../../../core/services.ts";
import { changeStatus } from "../../../core/feedback/change-status.ts";
import { setFollowing } from "../../../core/notify/set-following.ts";
import { countFeedbacks } from "../../../core/feedback/count-feedbacks.ts";
import { browseFeedbacks } from "../../../core/feedback/browse-feedbacks.ts";
import { listApps } from "../../../core/catalog/list-apps.ts";
import { addComment } from "../../../core/feedback/add-comment.ts";
import { getFeedback } from "../../../core/feedback/get-feedback.ts";
import { sessionGrant } from "../../../core/authorization.ts";
import { isFeedbackKey } from "../../../core/feedback/key.ts";
import { openFeedback } from "../../../core/feedback/open-feedback.ts";
import { lookupKey, mergedAway } from "../../../core/feedback/find-feedback.ts";
import { neighboursInList } from "../../../core/feedback/list-neighbours.ts";
import type { PreviousPage } from "../../../core/feedback/list-paging.ts";
import { DUE_FILTERS, type ListQuery } from "../../../core/feedback/list-filter.ts";
import { listAppSetup } from "../../../core/apps/list-app-setup.ts";
import { firstReport } from "../web/first-report.ts";
import { type Html, html, redirect } from "../html.ts";
import { appPage, asMember, asMemberPosting } from "../web/layout.ts";
import { keyText } from "../web/key-text.ts";
import { hidden, postButton, unconfirmed } from "../web/settings-page.ts";
import type { SavedView } from "../../../core/store/saved-views.ts";
import { saveView, VIEW_NAME_MAX_LENGTH } from "../../../core/views/save-view.ts";
import { listViews } from "../../../core/views/list-views.ts";
import { deleteView } from "../../../core/views/delete-view.ts";
import type { Visitor } from "../web/visitor.ts";
import { validator } from "../validate.ts";
import { kindLabel, severityBadge, statusBadge } from "../web/badges.ts";
import { activityTimeline, openingWords, reportText } from "../web/activity.ts";
import { capturedContext, diagnosticOf } from "../web/captured-context.ts";
import { groupingNotice, groupingPanel, groupingRefusal } from "../web/grouping-panel.ts";
import { COPY_SCRIPT_PATH, copyScript } from "../web/copy.ts";
import { KEYBOARD_SCRIPT_PATH, keyboardScript } from "../web/keyboard.ts";
import { scriptResponse } from "../browser-script.ts";
import type { WidgetScripts } from "./widget-assets.ts";
import { formatDueDay, formatNumber, formatTime, sourceName, valueName, type Words, wordsFor } from "../web/words.ts";
import { isOverdue } from "../../../core/triage/overdue.ts";
import { timeAgo } from "../web/relative-time.ts";
import { commentForm, heldComments, portalNotice, portalPanel } from "../web/portal-panel.ts";
import { portalTeamWords } from "../web/portal-words.ts";
import { readPortal } from "../../../core/portal/read-portal.ts";
import { portalUrl } from "../../../core/portal/portal-settings.ts";
import {
  bulkForm,
  type BulkDraft,
  bulkJump,
  BULK_NOTICE_PARAMS,
  bulkNotice,
  bulkRefusalNotice,
  companiesSection,
  exportLinks,
  ownerChoices,
  ownerNames,
  isTriageField,
  listScopeOffer,
  rowCheckbox,
  selectAllHead,
  type TriageDraft,
  type TriageSaved,
  triageFilters,
  triageSection,
} from "../web/triage-panel.ts";
import { tagChips, tagColors } from "../web/tag-chips.ts";
import { featureFilter, type FeatureGroup, featureGroups } from "../web/feature-filter.ts";
import { type RefusedVote, refusedVote, votesSection } from "../web/votes-section.ts";
import { type TrackerRefusal, trackerIssuePanel } from "../web/tracker-issue-panel.ts";
import { linkTracker } from "../../../core/trackers/link.ts";
import type { ServiceFailureLog } from "./feedbacks.ts";
import { listTags } from "../../../core/triage/list-tags.ts";
import { VoteRequest } from "../../../core/schemas/votes.ts";
import { listVoters } from "../../../core/votes/list-voters.ts";
import { relayVote } from "../../../core/votes/relay-vote.ts";
import { can } from "../../../core/authorization.ts";
import { outcome, refusedField } from "../web/notices.ts";
import { redirectWithFlash, takeBulkDraft, takeNotice, takeViewRefusal, type ViewRefusal } from "../web/flash.ts";

const statusForm = validator(StatusChange);
const voteForm = validator(VoteRequest);

/** A feature path that may wrap after each "/": a long one would otherwise widen the table past the page. */
const breakablePath = (path: string) => path.split("/").map((part, i) => (i === 0 ? part : [html`/<wbr>`, part]));
/** The inbox's "To review": feedbacks posted on the portal that no one has published yet. */
const TO_REVIEW = { published: false, source: "portal" } as const;

/**
 * The inbox filters held in the address with the API's names, and its own `due`, so that a view can
 * be shared; unknown values are ignored, on the list and in its export alike.
 */
export function inboxQuery(params: URLSearchParams): ListQuery {
  const one = <T extends string>(name: string, allowed: readonly T[]): T | undefined => {
    const value = params.get(name);
    return allowed.find((a) => a === value);
  };
  const text = (name: string) => params.get(name)?.trim() || undefined;
  const searched = text("query");
  const query = searched && Array.from(searched).slice(0, QUERY_MAX_LENGTH).join("");
  const status = one("status", STATUS_FILTERS);
  const kind = one("kind", KINDS);
  const severity = one("severity", SEVERITIES);
  const appId = text("appId");
  const featureId = text("featureId");
  const cursor = text("cursor");
  const sort = one("sort", FEEDBACK_ORDERS);
  const published = one("published", ["true", "false"]);
  const source = one("source", REPORT_SOURCES);
  // As the other filters, an owner the list would refuse is left out: me, none, or an e-mail.
  const given = text("owner");
  const owner = given === "me" || given === "none" || (given !== undefined && isEmailShaped(given)) ? given : undefined;
  const tag = text("tag");
  const due = one("due", DUE_FILTERS);
  return {
    ...(published && { published: published === "true" }),
    ...(source && { source }),
    ...(sort && sort !== "activity" && { sort }),
    ...(status && { status }),
    ...(kind && { kind }),
    ...(severity && { severity }),
    ...(appId && { appId }),
    ...(featureId && { featureId }),
    ...(query && { query }),
    ...(owner && { owner }),
    ...(tag && { tag }),
    ...(due && { due }),
    ...(cursor && { cursor }),
  };
}

function inboxHref(query: ListQuery, changes: Partial<Record<"status" | "cursor" | "tag", string | undefined>>): string {
  const merged: Record<string, string | undefined> = {
    status: query.status,
    kind: query.kind,
    severity: query.severity,
    appId: query.appId,
    featureId: query.featureId,
    query: query.query,
    sort: query.sort,
    published: query.published === undefined ? undefined : String(query.published),
    source: query.source,
    owner: query.owner,
    tag: query.tag,
    due: query.due,
    ...changes,
  };
  const params = new URLSearchParams(Object.entries(merged).filter((e): e is [string, string] => Boolean(e[1])));
  return params.size > 0 ? `/inbox?${params}` : "/inbox";
}

const options = (values: readonly string[], selected: string | undefined, label: (v: string) => string, anyLabel: string): Html =>
  html`<option value="">${anyLabel}</option>${values.map((v) => html`<option value="${v}"${v === selected ? html` selected` : ""}>${label(v)}</option>`)}`;

/** The query string of a list (no page position): what a saved view keeps, and the address it opens. */
const viewQuery = (query: ListQuery): string => new URL(inboxHref(query, { cursor: undefined }), "http://retour.invalid").search.slice(1);

/**
 * The way through the pages of the list: back to the page before (read back from this page's
 * cursor, so the address alone leads there), on to the next, and to the first from further down.
 */
function pagingLinks(language: Visitor["language"], query: ListQuery, previous: PreviousPage | null, next: string | null): Html | "" {
  const w = wordsFor(language, "inbox");
  // A cursor the list refused has no page before it that can be told: the first page is offered.
  const first = query.cursor && previous?.cursor !== null;
  if (!first && !previous && !next) return "";
  return html`<nav class="paging" aria-label="${w.pages}">${first ? html`<a href="${inboxHref(query, { cursor: undefined })}">${w.firstPage}</a>` : ""}${
    previous ? html`<a href="${inboxHref(query, { cursor: previous.cursor ?? undefined })}" rel="prev">← ${w.previous}</a>` : ""
  }${next ? html`<a href="${inboxHref(query, { cursor: next })}" rel="next">${w.next} →</a>` : ""}</nav>`;
}

/** The saved views: the person's own as chips above the list, the one on screen marked, and a form to save the list on screen. */
function viewsPanel(visitor: Visitor, views: readonly SavedView[], current: string, refused?: ViewRefusal): Html {
  const w = wordsFor(visitor.language, "views");
  const list =
    views.length === 0
      ? html`<p class="muted">${w.noViews}</p>`
      : html`<ul class="views">${views.map(
          (v) =>
            html`<li><a href="${v.query ? `/inbox?${v.query}` : "/inbox"}"${v.query === current ? html` aria-current="page"` : ""}>${v.name}</a> ${postButton(visitor, `/inbox/views/${encodeURIComponent(v.id)}/delete`, w.deleteView, { of: w.viewNamed(v.name) })}</li>`,
        )}</ul>`;
  const name = refusedField("view-refused", refused?.error);
  return html`<section class="views-row" aria-labelledby="views-title"><h2 id="views-title">${w.savedViews}</h2>${list}
<details${refused ? html` open` : ""}><summary>${w.saveView}</summary>${name.said}<form method="post" action="/inbox/views"><input type="hidden" name="csrf" value="${visitor.csrf}"><input type="hidden" name="query" value="${current}">
<label for="view-name">${w.viewName}</label><input id="view-name" name="name" required maxlength="${VIEW_NAME_MAX_LENGTH}"${refused ? html` value="${refused.name}"` : ""}${name.marks}>
<button type="submit" class="secondary">${w.saveView}</button></form></details></section>`;
}

/** The apps the inbox filters by, and the features its Feature filter offers: the chosen app's, or each app's. */
interface InboxCatalog {
  readonly apps: readonly App[];
  readonly features: readonly FeatureGroup[];
}

/** The organization's apps, as the inbox offers them. */
async function inboxApps(services: Services, visitor: Visitor): Promise<readonly App[]> {
  const listed = await listApps(services, visitor.grant);
  return listed.ok ? listed.value.data : [];
}

/** Reads the inbox's catalog for the app chosen (`appId`), if any; the apps are read here unless the page reads them anyway (`appsRead`). */
async function inboxCatalog(
  services: Services,
  visitor: Visitor,
  appId: string | undefined,
  appsRead = inboxApps(services, visitor),
): Promise<InboxCatalog> {
  const apps = await appsRead;
  return { apps, features: await featureGroups(services, visitor.grant, apps, appId) };
}

/**
 * The inbox's title: after a search or a filter (a status besides Open's too), which reloads the page where
 * the focus starts over, how many the list holds, as its tab counts them (all its pages), for a screen
 * reader to say first; the search named, as the portal's board names it. The list as it opens: Inbox.
 */
function inboxTitle(language: Visitor["language"], query: ListQuery, count: number): string {
  const w = wordsFor(language, "inbox");
  if (query.query) return w.searchedTitle(count, query.query);
  const narrowed = Object.keys(query).some((name) => !["status", "sort", "cursor"].includes(name)) || (query.status ?? "open") !== "open";
  return narrowed ? w.filteredTitle(count) : w.inbox;
}

/** The inbox's list; `catalog`, when the address's feature was checked against it already, is not read again. */
async function inboxPage(
  services: Services,
  visitor: Visitor,
  url: URL,
  notice: { bulk?: BulkDraft; view?: ViewRefusal; said?: string } = {},
  catalog?: InboxCatalog,
): Promise<Response> {
  const w = wordsFor(visitor.language, "inbox");
  const now = services.clock();
  const query = inboxQuery(url.searchParams);
  // The organization's tags and apps are read once: the list spells its tag filter with the tags and
  // names its rows' apps, the filters offer them.
  const tagsRead = listTags(services, visitor.grant).then((listed) => (listed.ok ? listed.value.data : []));
  const appsRead = catalog ? Promise.resolve(catalog.apps) : inboxApps(services, visitor);
  const [browsed, posted, { apps, features }, views, tags, choices] = await Promise.all([
    browseFeedbacks(services, visitor.grant, query, { tags: tagsRead, apps: appsRead }),
    // The portal's posts waiting for a person: what "To review" counts.
    countFeedbacks(services, visitor.grant, TO_REVIEW),
    catalog ?? inboxCatalog(services, visitor, query.appId, appsRead),
    listViews(services, visitor.grant),
    tagsRead,
    ownerChoices(services, visitor),
  ]);
  const owners = ownerNames(choices);
  const tagNames = tags.map((t) => t.name);
  const counts = browsed.ok ? browsed.value.counts : {};
  const page = browsed.ok && browsed.value.page.ok ? browsed.value.page.value : { data: [], nextCursor: null };
  const count = (filter: (typeof STATUS_FILTERS)[number]) => countIn(counts, filter);
  const label = (filter: string) =>
    filter === "open" ? w.open : filter === "closed" ? w.closed : filter === "all" ? w.all : valueName(visitor.language, filter as Status);
  const selectedStatus = query.status ?? "open";

  const reviewing = query.published === false && query.source === TO_REVIEW.source;
  const toReview = countIn(posted.ok ? posted.value : {}, "open");
  const tabs = html`<nav aria-label="${w.status}"><ul class="tabs">${STATUS_FILTERS.map(
    (f) =>
      html`<li><a href="${inboxHref(query, { status: f === "open" ? undefined : f, cursor: undefined })}"${f === selectedStatus && !reviewing ? html` aria-current="page"` : ""}>${label(f)} (${count(f)})</a></li>`,
  )}<li><a href="${inboxHref(TO_REVIEW, {})}" title="${portalTeamWords(visitor.language).toReviewHint}"${reviewing ? html` aria-current="page"` : ""}>${portalTeamWords(visitor.language).toReview} (${toReview})</a></li></ul></nav>`;

  // The filters besides the search, folded on a phone (where they took a screen before the list),
  // open there when one is in use; on a wider screen they stand in the row as before.
  const listedApp = apps.some((a) => a.id === query.appId);
  const narrowed = [query.kind, query.severity, listedApp, query.featureId, query.owner, query.tag, query.due, query.published !== undefined].filter(
    Boolean,
  ).length;
  // The tabs above choose the status; the form keeps the one chosen.
  const filters = html`<form method="get" action="/inbox" class="filters" role="search" aria-label="${w.filters}">
${query.source ? hidden("source", query.source) : ""}
<div><label for="query">${w.search}</label><input id="query" name="query" type="search" maxlength="${QUERY_MAX_LENGTH}" value="${query.query ?? ""}"></div>
${query.status ? html`<input type="hidden" name="status" value="${query.status}">` : ""}
<details class="more-filters"${narrowed > 0 || query.sort ? html` open` : ""}><summary>${w.filters}${narrowed > 0 ? ` (${narrowed})` : ""}</summary>
<div><label for="kind">${w.kind}</label><select id="kind" name="kind">${options(KINDS, query.kind, (k) => valueName(visitor.language, k as "problem"), w.any)}</select></div>
<div><label for="severity">${w.severity}</label><select id="severity" name="severity">${options(SEVERITIES, query.severity, (s) => s, w.anyFeminine)}</select></div>
<div><label for="app">${w.app}</label><select id="app" name="appId"><option value="">${w.anyFeminine}</option>${apps.map((a) => html`<option value="${a.id}"${a.id === query.appId ? html` selected` : ""}>${a.name}</option>`)}</select></div>
${featureFilter(visitor.language, features, query.featureId)}
${triageFilters(visitor.language, query, tagNames, choices)}
<div><label for="published">${w.onPortal}</label><select id="published" name="published">${options(["true", "false"], query.published === undefined ? undefined : String(query.published), (p) => w.portalChoices[p as "true" | "false"], w.any)}</select></div>
<div><label for="sort">${w.sortBy}</label><select id="sort" name="sort">${FEEDBACK_ORDERS.map((o) => html`<option value="${o}"${o === (query.sort ?? "activity") ? html` selected` : ""}>${w.orders[o]}</option>`)}</select></div>
</details>
<div><button type="submit">${w.apply}</button> <a href="/inbox">${w.reset}</a></div>
</form>`;

  const bulk = can(visitor.grant, "feedbacks.update");
  const colors = tagColors(tags);
  // With one app, its name would stand in every row: it is named for organizations with several.
  const severalApps = apps.length > 1;
  // A tag chip narrows the list on screen to its tag (any other tag filter replaced): its row stays in
  // it, and the page's other filters too, which Reset clears.
  const byTag = (tag: string) => inboxHref(query, { tag });
  // A list longer than its page: the bulk form may apply to it as a whole, once its page is all ticked.
  const whole = bulk && page.nextCursor ? { address: inboxHref(query, { cursor: undefined }), count: count(selectedStatus) } : undefined;
  const rows = page.data.map(
    (
      f,
    ) => html`<tr id="${f.key}"><td class="nowrap key" data-label="${w.key}">${bulk ? html`${rowCheckbox(visitor.language, f.key, notice.bulk?.keys.includes(f.key))} ` : ""}<a href="/inbox/${encodeURIComponent(f.key)}">${f.key}</a></td><td class="title"><a href="/inbox/${encodeURIComponent(f.key)}">${f.title}</a>${f.tags?.length ? html` <span class="tags">${tagChips(visitor.language, f.tags, colors, byTag)}</span>` : ""}${whereItIs(f, severalApps)}${rowFacts(visitor.language, f, owners, now)}</td>
<td class="nowrap badges" data-label="${w.kind}">${kindLabel(visitor.language, f.kind)}</td><td class="nowrap badges" data-label="${w.severity}">${severityBadge(visitor.language, f.severity)}</td><td class="badges" data-label="${w.status}">${statusBadge(visitor.language, f.status)}</td>
<td class="num" data-label="${w.reports}">${f.reports}</td><td class="num" data-label="${w.followers}">${f.followers}</td><td class="num" data-label="${w.votes}">${f.votes}</td><td class="nowrap when" data-label="${w.lastActivity}">${timeAgo(visitor.language, Date.parse(f.lastActivityAt), now)}</td></tr>`,
  );
  const filtered = Object.keys(query).some((name) => name !== "status" && name !== "sort");
  const none = page.data.length === 0 && !filtered && STATUSES.every((s) => !counts[s]);
  const setup = none ? await listAppSetup(services, visitor.grant) : null;
  const table = setup
    ? firstReport(visitor.language, services.baseUrl, setup.ok ? setup.value : [], can(visitor.grant, "organization.manage"))
    : page.data.length === 0
      ? html`<p class="empty">${w.nothing} <a href="/inbox">${w.reset}</a></p>`
      : html`${bulk ? bulkJump(visitor.language) : ""}${whole ? listScopeOffer(visitor.language, page.data.length, whole) : ""}<div class="scroll"><table class="cards feedbacks"><caption class="visually-hidden">${w.listCaption}</caption><thead><tr><th scope="col" class="key">${bulk ? selectAllHead(visitor.language, w.key) : w.key}</th><th scope="col">${w.title}</th><th scope="col">${w.kind}</th><th scope="col">${w.severity}</th><th scope="col">${w.status}</th><th scope="col" class="num">${w.reportsColumn}</th><th scope="col" class="num">${w.followers}</th><th scope="col" class="num">${w.votes}</th><th scope="col">${w.lastActivity}</th></tr></thead><tbody>${rows}</tbody></table></div>`;
  const paging = pagingLinks(visitor.language, query, browsed.ok ? browsed.value.previous : null, page.nextCursor);
  const keys = page.data.length > 0 ? html`<p class="muted keyboard-hint">${bulk ? w.keyboardHint : w.keyboardHintReading}</p>` : "";
  const side = viewsPanel(visitor, views.ok ? views.value : [], viewQuery(query), notice.view);
  const triage =
    page.data.length > 0
      ? html`${exportLinks(visitor.language, query)}${bulk ? bulkForm(visitor, inboxHref(query, { cursor: query.cursor }), choices, notice.bulk, whole) : ""}`
      : "";
  // A refusal is said in the bulk form, beside its fields; above the list only when there is no form.
  const refused = notice.bulk && page.data.length === 0 ? bulkRefusalNotice(visitor.language, notice.bulk) : "";
  const done = notice.bulk ? refused : notice.said ? outcome(notice.said) : bulkNotice(visitor.language, url.searchParams);
  return appPage(
    visitor,
    "/inbox",
    inboxTitle(visitor.language, query, count(selectedStatus)),
    // On a phone the saved views, tabs and filters fill the first screen: a way past them to the list.
    html`<h1>${w.inbox}</h1>${page.data.length > 0 ? html`<p class="to-actions"><a href="#list">${w.toList} ↓</a></p>` : ""}${done}${side}${tabs}${filters}<div id="list" tabindex="-1">${table}</div>${paging}${triage}${keys}`,
    200,
    [KEYBOARD_SCRIPT_PATH],
  );
}

/**
 * Where a feedback belongs, under its title: its app, when the organization has several (a column
 * of its own pushed the table past a laptop's width in French), and its feature's path; nothing for neither.
 */
function whereItIs(feedback: FeedbackSummary, severalApps: boolean): Html | "" {
  const app = severalApps ? (feedback.app.name ?? "") : "";
  const path = feedback.feature ? breakablePath(feedback.feature.path) : "";
  if (!app && !path) return "";
  return html`<span class="muted where">${app}${app && path ? " › " : ""}${path}</span>`;
}

/** A due date as said beside the owner (`said`, with its {day}), marked once overdue by the clock's time, on a row as on the feedback's page. */
function dueFact(
  language: Visitor["language"],
  feedback: { readonly status: Status; readonly dueAt?: string },
  now: number,
  day: string,
  said: string,
): Html | string {
  return isOverdue(feedback, now)
    ? html`<strong class="overdue">${wordsFor(language, "inbox").overdue.replace("{day}", day)}</strong>`
    : said.replace("{day}", day);
}

/**
 * What a row says under its title besides where it belongs: who owns it, by when it is due (marked once
 * overdue by the clock's time), and what the companies asking spend a month (the revenue order's
 * key); nothing for none of them.
 */
function rowFacts(language: Visitor["language"], feedback: FeedbackSummary, names: ReadonlyMap<string, string>, now: number): Html | "" {
  const w = wordsFor(language, "inbox");
  const spend = feedback.revenue ? w.monthlySpend.replace("{amount}", formatNumber(language, feedback.revenue)) : "";
  const facts = dotted([ownerAndDue(language, feedback, names, now, w.dueOn), spend]);
  return facts ? html`<span class="muted owner-due">${facts}</span>` : "";
}

/** The facts given, those that say something, one after the other with a dot between. */
function dotted(facts: ReadonlyArray<Html | string>): Html | "" {
  const said = facts.filter(Boolean);
  return said.length > 0 ? html`${said.map((fact, i) => (i > 0 ? html` · ${fact}` : fact))}` : "";
}

/** A changelog entry's title, a link to it for those who write the changelog (the others cannot open it). */
const entryTitle = (visitor: Visitor, entry: { readonly id: string; readonly title: string }): Html | string =>
  can(visitor.grant, "changelog.manage") ? html`<a href="/changelog/${encodeURIComponent(entry.id)}">${entry.title}</a>` : entry.title;

/** The changelog entries that ship a feedback, each a link to it for those who write the changelog; a draft says so. */
function shippedInLinks(visitor: Visitor, entries: readonly EntryLink[]): Html {
  const w = wordsFor(visitor.language, "feedback");
  return html`${entries.map(
    (e, i) =>
      html`${i > 0 ? html`<br>` : ""}${entryTitle(visitor, e)}${e.status === "draft" ? html` <span class="muted">(${w.draftEntry})</span>` : ""}`,
  )}`;
}

/** How long the inbox list last shown (LIST_COOKIE) is kept, for a feedback's page to lead back to, also after its forms were saved. */
const LIST_KEPT_SECONDS = 12 * 3600;

/** Keeps the list shown (its filters and order; not the notice of its last bulk change) for the way back from a feedback. */
function keepList(services: Services, jar: CookieJar, url: URL): void {
  const query = new URLSearchParams(url.search);
  for (const name of BULK_NOTICE_PARAMS) query.delete(name);
  writeCookie(jar, LIST_COOKIE, `/inbox${query.size > 0 ? `?${query}` : ""}`, { secure: isSecure(services), maxAgeSeconds: LIST_KEPT_SECONDS });
}

/** The inbox list last shown, to go back to; the inbox when there is none (or the cookie names another page). */
function listBehind(services: Services, jar: CookieJar): string {
  const kept = readCookie(jar, LIST_COOKIE, isSecure(services)) ?? "";
  return INBOX_LIST.test(kept) ? kept : "/inbox";
}

/** The address of an inbox list: the inbox, with its filters, order and page. */
const INBOX_LIST = /^\/inbox(\?[^#]*)?$/;

/** A feedback beside another in the list last shown, and the address of the list's page holding it when that is another page. */
interface Beside {
  readonly key: string;
  readonly list?: string;
}

/** The feedbacks before and after one in the list last shown (from its page of that list, on to the pages beside), to go through the list from a feedback. */
async function neighbours(services: Services, visitor: Visitor, list: string, key: string): Promise<{ previous?: Beside; next?: Beside }> {
  const query = inboxQuery(new URL(list, "http://retour.invalid").searchParams);
  const found = await neighboursInList(services, visitor.grant, query, key);
  if (!found.ok) return {};
  const beside = (b: { key: string; cursor?: string | null }): Beside =>
    b.cursor === undefined ? { key: b.key } : { key: b.key, list: inboxHref(query, { cursor: b.cursor ?? undefined }) };
  const { previous, next } = found.value;
  return { ...(previous && { previous: beside(previous) }), ...(next && { next: beside(next) }) };
}

/** The address of a feedback beside, naming the list's page it stands on when that is another page, which then becomes the list to go back to. */
const besideHref = (b: Beside): string => `/inbox/${encodeURIComponent(b.key)}${b.list ? `?${new URLSearchParams({ list: b.list })}` : ""}`;

/** A list's address a feedback's address names (`?list=`, from a feedback beside on another page), when it is an inbox list's. */
const listNamed = (params: URLSearchParams): string | undefined => {
  const list = params.get("list") ?? "";
  return INBOX_LIST.test(list) ? list : undefined;
};

/**
 * Where a feedback stands in the list last shown, for the address a save of its page returns to
 * (`&prev=…&next=…`, with the list's page of one on another page): a status or triage change may
 * take it out of that list, and the way through the list is kept all the same.
 */
export async function listPlace(services: Services, visitor: Visitor, jar: CookieJar, key: string): Promise<string> {
  const { previous, next } = await neighbours(services, visitor, listBehind(services, jar), key);
  const place = new URLSearchParams({
    ...(previous && { prev: previous.key }),
    ...(previous?.list && { prevList: previous.list }),
    ...(next && { next: next.key }),
    ...(next?.list && { nextList: next.list }),
  });
  return place.size > 0 ? `&${place}` : "";
}

/** The feedbacks before and after one kept through a save that took it out of the list (listPlace), or none. */
function keptPlace(params: URLSearchParams | undefined): { previous?: Beside; next?: Beside } {
  const kept = (name: string): Beside | undefined => {
    const key = params?.get(name) ?? "";
    const list = params?.get(`${name}List`) ?? "";
    return isFeedbackKey(key) ? { key, ...(INBOX_LIST.test(list) && { list }) } : undefined;
  };
  const [previous, next] = [kept("prev"), kept("next")];
  return { ...(previous && { previous }), ...(next && { next }) };
}

/**
 * Who owns a feedback (by name where the member gave one) and by when it is due, the due day said
 * with `dueOn` (a feedback's page's words unless a row gives its own); nothing for neither.
 */
function ownerAndDue(
  language: Visitor["language"],
  feedback: { readonly owner?: string; readonly dueAt?: string; readonly status: Status },
  names: ReadonlyMap<string, string>,
  now: number,
  dueOn = wordsFor(language, "feedback").dueOn,
): Html | "" {
  const w = wordsFor(language, "feedback");
  const day = feedback.dueAt && formatDueDay(language, feedback.dueAt, now);
  const due = day ? dueFact(language, feedback, now, day, dueOn) : "";
  return dotted([feedback.owner ? w.ownedBy.replace("{owner}", names.get(feedback.owner) ?? feedback.owner) : "", due]);
}

/** Why the status form changed nothing: someone else changed the status meanwhile (`?status=held`, `&commented` when the comment was kept), or merged the feedback into this one (`moved`). */
function statusHeld(language: Visitor["language"], status: Status, params: URLSearchParams | undefined): Html | "" {
  const w = wordsFor(language, "feedback");
  const why = params?.get("status");
  if (why === "moved") return outcome(html`${w.statusMoved}${params?.has("commented") ? ` ${w.commentKept}` : ""}`, { role: "alert" });
  if (why !== "held") return "";
  const said = w.statusHeld.replace("{status}", valueName(language, status));
  return outcome(html`${said}${params?.has("commented") ? ` ${w.commentKept}` : ""}`, { role: "alert" });
}

/**
 * What a triage save left, from the address it came back to: `?triaged` after a save,
 * `?triaged=unchanged` after a save of the form as shown, `?triaged=partly&held=severity,tags`
 * (or `held`, nothing written) when fields someone else changed meanwhile were held back,
 * `?triaged=moved` when the feedback was merged into this one before the save.
 */
function triaged(params: URLSearchParams | undefined): TriageSaved | null {
  const value = params?.get("triaged");
  if (value === null || value === undefined) return null;
  if (value === "unchanged" || value === "moved") return { kind: value };
  const held = (params?.get("held") ?? "").split(",").filter(isTriageField);
  return (value === "partly" || value === "held") && held.length > 0 ? { kind: value, held } : { kind: "saved" };
}

/** Said under Followers once Follow or Unfollow was pressed (`?following=yes|no`). */
function followNotice(services: Services, w: Words<"feedback">, following: string | null | undefined): Html | "" {
  if (following !== "yes" && following !== "no") return "";
  return outcome(following === "yes" ? w.followed(services.notifier.delivers) : w.unfollowed);
}

/** The feedback page again, saying at its top why an action on it was refused. */
const refusedOn = (services: Services, visitor: Visitor, key: string, refused: Failure): Promise<Response> =>
  feedbackPage(services, visitor, key, { error: textFor(visitor.language).errors[refused.code], status: STATUS_OF[refused.code] });

/** Where a merged key led: said when that key is one of those merged into this feedback. */
function mergedHereNotice(w: Words<"feedback">, merged: readonly { readonly key: string }[], asked: string | null | undefined): Html | "" {
  return asked && merged.some((m) => m.key === asked) ? outcome(w.mergedHere(asked)) : "";
}

/**
 * Another of the person's organizations that holds this feedback: the team's e-mails link `/inbox/{key}`
 * without the organization, and a person in several has one of them in use, perhaps not this one.
 */
async function otherOrganizationHolding(services: Services, visitor: Visitor, key: string): Promise<string | undefined> {
  for (const m of visitor.memberships) {
    if (m.orgId === visitor.membership.orgId) continue;
    const grant = sessionGrant({ orgId: m.orgId, userId: visitor.grant.userId, role: m.role });
    if ((await getFeedback(services, grant, key)).ok) return m.orgId;
  }
  return undefined;
}

export async function feedbackPage(
  services: Services,
  visitor: Visitor,
  key: string,
  notice?: {
    error?: string;
    status?: number;
    saved?: boolean;
    params?: URLSearchParams;
    triage?: TriageDraft;
    back?: string;
    tracker?: TrackerRefusal;
    vote?: RefusedVote;
  },
): Promise<Response> {
  const w = wordsFor(visitor.language, "feedback");
  const lang = visitor.language;
  const opened = await openFeedback(services, visitor.grant, key);
  if (!opened.ok) return appPage(visitor, "/inbox", w.notFound, html`<h1>${w.notFound}</h1><p><a href="/inbox">${w.back}</a></p>`, 404);
  const { feedback, reports, conversations, followers, canUpdate, similar, merged, shippedIn } = opened.value;
  // A key merged into another shows that one, with what the page was to say (a refusal, a notice)
  // still said, and which key was merged into it (`merged`).
  if (feedback.key !== key) {
    const kept = new URLSearchParams(notice?.params);
    if (mergedAway(feedback, key)) kept.set("merged", lookupKey(key));
    return redirect(`/inbox/${encodeURIComponent(feedback.key)}${kept.size ? `?${kept}` : ""}`);
  }
  const [portal, choices, voters, trackerPanel] = await Promise.all([
    readPortal(services, visitor.grant.orgId),
    ownerChoices(services, visitor),
    listVoters(services, visitor.grant, feedback.key),
    trackerIssuePanel(services, visitor, feedback, canUpdate, notice?.tracker ?? notice?.params?.get("tracker") ?? null),
  ]);
  const owners = ownerNames(choices);
  const following = followers.some((f) => f.email === visitor.email);

  const statusControl = canUpdate
    ? html`<form method="post" action="/inbox/${encodeURIComponent(feedback.key)}/status"><input type="hidden" name="csrf" value="${visitor.csrf}">
<input type="hidden" name="statusWas" value="${feedback.status}"><label for="new-status">${w.status}</label><select id="new-status" name="status">${STATUSES.map((s) => html`<option value="${s}"${s === feedback.status ? html` selected` : ""}>${valueName(lang, s)}</option>`)}</select>
<label for="comment">${w.comment}</label><textarea id="comment" name="comment" maxlength="${COMMENT_MAX_LENGTH}"></textarea>
<button type="submit">${w.save}</button></form>`
    : html`<p class="muted">${w.readOnly}</p>`;
  const conversation =
    conversations.length > 0
      ? html`<h2>${w.conversation}</h2>${conversations.map(
          ({ report, turns }) =>
            html`<section class="conversation"><h3><a href="#report-${report.id}">${w.reportVia} ${sourceName(lang, report.source)} · ${report.author ?? w.anonymous} · ${formatTime(lang, Date.parse(report.at))}</a></h3>
<blockquote>${reportText(lang, report.text)}</blockquote>
<ol>${turns.map((t) => html`<li><strong>${t.role === "assistant" ? w.assistant : w.reporter}</strong> (${formatTime(lang, t.at)})${w.colon}${t.text}</li>`)}</ol></section>`,
        )}`
      : "";
  const contexts = new Map(reports.map((r) => [r.id, r.context]));
  const contextOf = (report: ReportEntry) =>
    capturedContext(
      lang,
      contexts.get(report.id) ?? null,
      `/inbox/${encodeURIComponent(feedback.key)}/reports/${encodeURIComponent(report.id)}/replay`,
      feedback.fullContext?.reportId === report.id,
    );

  // Kept through a save that took the feedback out of the list (listPlace); else found in the list.
  const kept = keptPlace(notice?.params);
  const around = kept.previous || kept.next ? kept : notice?.back ? await neighbours(services, visitor, notice.back, feedback.key) : {};
  const ownership = ownerAndDue(lang, feedback, owners, services.clock());
  // Back at its row: the list shows which feedback the person came from, and j and k go on from it.
  // A merge typed here and refused (the address keeps the key typed): why is said beside its field.
  const mergeRefused = canUpdate && notice?.params?.has("into") && notice.params.has("error") ? notice.params : undefined;
  const body = html`<p class="list-nav"><a href="${notice?.back ?? "/inbox"}#${feedback.key}">← ${w.back}</a>${
    around.previous ? html` · <a href="${besideHref(around.previous)}" rel="prev">${w.previousInList}</a>` : ""
  }${around.next ? html` · <a href="${besideHref(around.next)}" rel="next">${w.nextInList}</a>` : ""}</p>
${around.previous || around.next ? html`<p class="muted keyboard-hint">${canUpdate ? w.keyboardHint : w.keyboardHintReading}</p>` : ""}
<h1>${feedback.title}</h1>
<p>${statusBadge(lang, feedback.status)} ${severityBadge(lang, feedback.severity)} ${kindLabel(lang, feedback.kind)} <span class="muted">· ${keyText(feedback.key)}${ownership ? html` · ${ownership}` : ""}</span></p>
${notice?.saved ? outcome(w.statusSaved) : ""}
${mergedHereNotice(w, merged, notice?.params?.get("merged"))}
${notice?.params?.has("unchanged") ? outcome(w.nothingChanged) : ""}
${statusHeld(lang, feedback.status, notice?.params)}
${notice?.params && !mergeRefused ? groupingNotice(visitor, notice.params, `/inbox/${encodeURIComponent(feedback.key)}`) : ""}
${notice?.params ? portalNotice(lang, notice.params) : ""}
${notice?.error ? outcome(notice.error, { role: "alert" }) : ""}
${canUpdate ? html`<p class="to-actions"><a href="#status">${w.changeStatus} ↓</a><a href="#triage">${w.toTriage} ↓</a><a href="#portal">${portalTeamWords(lang).portal} ↓</a></p>` : ""}
<div class="with-aside"><div>
${feedback.summary ? html`<h2>${w.summary}</h2><p>${feedback.summary}</p>` : ""}
${feedback.observed ? html`<h2>${w.observed}</h2><p>${feedback.observed}</p>` : ""}
${feedback.expected ? html`<h2>${w.expected}</h2><p>${feedback.expected}</p>` : ""}
${diagnosticOf(lang, feedback.fullContext)}
${activityTimeline(
  lang,
  opened.value.activity,
  services.clock(),
  (report) =>
    html`${contextOf(report)}${
      canUpdate && feedback.reports > 1
        ? postButton(visitor, `/inbox/${encodeURIComponent(feedback.key)}/reports/${encodeURIComponent(report.id)}/split`, w.splitOut, {
            of: w.reportBy(report.author ?? undefined, openingWords(report.text)),
          })
        : ""
    }`,
  (entry) => entryTitle(visitor, entry),
)}
${conversation}
${canUpdate ? heldComments(visitor, feedback) : ""}
${canUpdate ? commentForm(visitor, feedback, services.notifier.delivers) : ""}
</div><aside aria-label="${w.sidePanel}">
<h2 id="status">${canUpdate ? w.changeStatus : w.status}</h2>${statusControl}
${await triageSection(services, visitor, feedback, canUpdate, triaged(notice?.params), choices, notice?.triage)}
${companiesSection(lang, feedback.companies)}
<h2>${w.details}</h2><dl>
<dt>${w.app}</dt><dd>${feedback.app.name ?? feedback.app.id}</dd>
<dt>${w.feature}</dt><dd>${feedback.feature?.path ?? "—"}</dd>
<dt>${w.reports}</dt><dd>${feedback.reports}</dd>
<dt>${w.votes}</dt><dd>${feedback.votes}</dd>
<dt>${w.lastActivity}</dt><dd>${timeAgo(lang, Date.parse(feedback.lastActivityAt), services.clock())}</dd>
${shippedIn.length > 0 ? html`<dt>${w.shippedIn}</dt><dd>${shippedInLinks(visitor, shippedIn)}</dd>` : ""}
</dl>
${trackerPanel}
<h2 id="followers">${w.followers}</h2>
${followNotice(services, w, notice?.params?.get("following"))}
${followers.length === 0 ? html`<p class="muted">${w.noFollowers}</p>` : html`<ul>${followers.map((f) => html`<li>${f.name ? `${f.name} <${f.email}>` : f.email}</li>`)}</ul>`}
${postButton(visitor, `/inbox/${encodeURIComponent(feedback.key)}/follow`, following ? w.unfollow : w.follow, { fields: hidden("following", following ? "no" : "yes") })}
${votesSection(visitor, feedback.key, voters.ok ? voters.value.data : [], canUpdate, notice?.params?.get("voted"), notice?.vote)}
</aside><div class="more">
${groupingPanel(visitor, feedback, similar, merged, canUpdate, mergeRefused ? { typed: mergeRefused.get("into") ?? "", why: groupingRefusal(visitor.language, mergeRefused) } : undefined)}
${portalPanel(visitor, feedback, portal?.enabled ? portalUrl(services.baseUrl, portal.slug) : null, canUpdate)}
</div></div>`;
  return appPage(visitor, `/inbox/${feedback.key}`, feedback.title, body, notice?.status ?? 200, canUpdate ? [KEYBOARD_SCRIPT_PATH] : []);
}

/** The replay a report of a feedback carried, played by the first-party player module, the only script this application serves to its pages. */
async function replayPage(
  services: Services,
  visitor: Visitor,
  key: string,
  reportId: string,
  widget: (() => Promise<WidgetScripts>) | undefined,
): Promise<Response> {
  const w = wordsFor(visitor.language, "feedback");
  const opened = await openFeedback(services, visitor.grant, key);
  const context = opened.ok ? opened.value.reports.find((r) => r.id === reportId)?.context : undefined;
  const replay = context?.replay as { url: string } | undefined;
  if (!opened.ok || !replay || !widget)
    return appPage(visitor, "/inbox", w.notFound, html`<h1>${w.notFound}</h1><p><a href="/inbox">${w.back}</a></p>`, 404);
  const { feedback } = opened.value;
  const source = new URL(replay.url);
  const body = html`<p><a href="/inbox/${encodeURIComponent(feedback.key)}">← ${feedback.key} · ${feedback.title}</a></p>
<h1>${w.replayTitle}</h1><p class="muted">${w.replayNote}</p>
<div class="replay" data-replay data-src="${source.pathname + source.search}" data-play="${w.play}" data-pause="${w.pause}"></div>`;
  return appPage(visitor, `/inbox/${feedback.key}`, `${w.replayTitle} · ${feedback.title}`, body, 200, [`/widget/${(await widget()).names.player}`]);
}

/**
 * Whether the address names a feature of another app than the one it chooses: left selected in the
 * filters' form when the app was changed, it would empty the list with no reason shown. The
 * catalog's features are then the chosen app's alone, when the organization has that app.
 */
function strayFeature(params: URLSearchParams, catalog: InboxCatalog): boolean {
  const [appId, featureId] = [params.get("appId"), params.get("featureId")];
  if (!appId || !featureId) return false;
  return catalog.apps.some((a) => a.id === appId) && !catalog.features.some((g) => g.features.some((f) => f.id === featureId));
}

/** The inbox and the feedback page: what the API offers, for people in a browser. */
export function inboxRoutes(services: Services, onServiceFailure: ServiceFailureLog, widget?: () => Promise<WidgetScripts>) {
  const feedbackPath = (key: string) => `/inbox/${encodeURIComponent(key)}`;
  return new Elysia({ name: "routes/inbox" })
    .get(KEYBOARD_SCRIPT_PATH, () => scriptResponse(keyboardScript), { detail: { hide: true } })
    .get(COPY_SCRIPT_PATH, () => scriptResponse(copyScript), { detail: { hide: true } })
    .get("/", ({ request, cookie }) => asMember(services, { request, cookie }, () => redirect("/inbox")), { detail: { hide: true } })
    .get(
      "/inbox",
      ({ request, cookie }) =>
        asMember(services, { request, cookie }, async (visitor) => {
          const url = new URL(request.url);
          // The filters' form sends every field, the empty ones and the default order too: the
          // list's address keeps only those that filter or order.
          const kept = [...url.searchParams].filter(([name, value]) => value !== "" && !(name === "sort" && value === "activity"));
          if (kept.length < url.searchParams.size) return redirect(kept.length > 0 ? `/inbox?${new URLSearchParams(kept)}` : "/inbox");
          // With an app and a feature in the address, the catalog is read first, to check the one against
          // the other, and the page takes it as read.
          const checked = url.searchParams.has("appId") && url.searchParams.has("featureId");
          const catalog = checked ? await inboxCatalog(services, visitor, inboxQuery(url.searchParams).appId) : undefined;
          if (catalog && strayFeature(url.searchParams, catalog)) {
            const rest = new URLSearchParams(kept.filter(([name]) => name !== "featureId" && name !== "cursor"));
            return redirect(rest.size > 0 ? `/inbox?${rest}` : "/inbox");
          }
          keepList(services, cookie, url);
          // A bulk change refused comes back here (post-redirect-get), with what was ticked and typed.
          const bulk = await takeBulkDraft(services, { request, cookie });
          const view = bulk ? undefined : await takeViewRefusal(services, { request, cookie });
          // A view saved or deleted says so, and takes the focus: the list alone changed nothing a screen reader reads.
          const said = bulk || view ? undefined : await takeNotice(services, { request, cookie });
          return inboxPage(services, visitor, url, { ...(bulk && { bulk }), ...(view && { view }), ...(said && { said }) }, catalog);
        }),
      {
        detail: { hide: true },
      },
    )
    .post(
      "/inbox/views",
      ({ request, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const query = viewQuery(inboxQuery(new URLSearchParams(field("query"))));
          const saved = await saveView(services, visitor.grant, { name: field("name"), query });
          const address = query ? `/inbox?${query}` : "/inbox";
          // Refused, it goes back to the list it was to save (post-redirect-get), the name typed kept
          // (one that would read as something else, without what made it so).
          if (!saved.ok) {
            const w = wordsFor(visitor.language, "views");
            const problem = saved.code === "invalid_body" ? saved.problem : undefined;
            const unreadable = problem?.reason === "reordering";
            const error =
              problem?.reason === "missing"
                ? w.nameNeeded
                : unreadable
                  ? reorderingRemoved(visitor.language, w.viewName)
                  : textFor(visitor.language).errors[saved.code];
            const typed = unreadable ? withoutReordering(field("name")) : field("name");
            const refusal = { error, name: typed.slice(0, VIEW_NAME_MAX_LENGTH * 2) };
            return redirectWithFlash(services, cookie, { kind: "view", refusal }, address);
          }
          return redirectWithFlash(
            services,
            cookie,
            { kind: "notice", text: wordsFor(visitor.language, "views").viewSaved(saved.value.name) },
            address,
          );
        }),
      { detail: { hide: true } },
    )
    .post(
      "/inbox/views/:id/delete",
      ({ request, params, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const w = wordsFor(visitor.language, "views");
          const ask = {
            action: `/inbox/views/${encodeURIComponent(params.id)}/delete`,
            question: w.confirmDeleteView,
            label: w.deleteView,
            back: "/inbox",
          };
          const asking = unconfirmed(visitor, field, ask);
          if (asking) return asking;
          const deleted = await deleteView(services, visitor.grant, params.id);
          return deleted.ok ? redirectWithFlash(services, cookie, { kind: "notice", text: w.viewDeleted }, "/inbox") : redirect("/inbox");
        }),
      { detail: { hide: true } },
    )
    .get(
      "/inbox/:key",
      ({ request, params, cookie }) =>
        asMember(services, { request, cookie }, async (visitor) => {
          const url = new URL(request.url);
          // Reached from a feedback beside it on another page of the list: that page is the list to go back to now.
          const list = listNamed(url.searchParams);
          if (list) {
            keepList(services, cookie, new URL(list, url));
            return redirect(`/inbox/${encodeURIComponent(params.key)}`);
          }
          const page = await feedbackPage(services, visitor, params.key, {
            saved: url.searchParams.has("saved"),
            params: url.searchParams,
            back: listBehind(services, cookie),
          });
          if (page.status !== 404) return page;
          const holder = await otherOrganizationHolding(services, visitor, params.key);
          return holder ? redirect(`/inbox/${encodeURIComponent(params.key)}?org=${encodeURIComponent(holder)}`) : page;
        }),
      { detail: { hide: true } },
    )
    .get(
      "/inbox/:key/reports/:reportId/replay",
      ({ request, params, cookie }) =>
        asMember(services, { request, cookie }, (visitor) => replayPage(services, visitor, params.key, params.reportId, widget)),
      { detail: { hide: true } },
    )
    .post(
      "/inbox/:key/status",
      ({ request, params, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const comment = field("comment").trim() ? field("comment") : "";
          const wanted = field("status");
          const was = field("statusWas");
          const moved = wanted !== was;
          if (!moved && !comment) return redirect(`${feedbackPath(params.key)}?unchanged`);
          // Someone else may have changed the status since the page was shown: a status left as
          // shown is no change, one chosen over theirs is held back and said, a comment is kept.
          const now = was ? await getFeedback(services, visitor.grant, params.key) : null;
          // Merged into another meanwhile: no status is written to the one it joined, and a comment typed is kept there.
          if (now?.ok && now.value.key !== params.key) {
            const kept = comment ? await addComment(services, visitor.grant, now.value.key, { text: comment, visibility: "internal" }) : null;
            return redirect(`${feedbackPath(now.value.key)}?status=moved${kept?.ok ? "&commented" : ""}`);
          }
          const overtaken = moved && now?.ok === true && now.value.status !== was && now.value.status !== wanted;
          if (!moved || overtaken) {
            const added = comment ? await addComment(services, visitor.grant, params.key, { text: comment, visibility: "internal" }) : null;
            if (added && !added.ok) return refusedOn(services, visitor, params.key, added);
            return redirect(`${feedbackPath(params.key)}?${overtaken ? `status=held${comment ? "&commented" : ""}` : "portal=noted"}`);
          }
          const change = { status: wanted, ...(comment && { comment }) };
          const place = await listPlace(services, visitor, cookie, params.key);
          if (!statusForm.check(change))
            return feedbackPage(services, visitor, params.key, {
              error: errorBody("invalid_body", visitor.language, statusForm.refuse("invalid_body", change).problem).error,
              status: 400,
            });
          const changed = await changeStatus(services, visitor.grant, params.key, change);
          if (!changed.ok) return refusedOn(services, visitor, params.key, changed);
          return redirect(`${feedbackPath(changed.value.key)}?saved${place}`);
        }),
      { detail: { hide: true } },
    )
    .post(
      "/inbox/:key/tracker",
      ({ request, params, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const issue = field("issue").trim();
          const opening = field("action") === "open";
          // An issue opened and left unlinked is put in the link form, to be linked rather than opened again.
          const refused = (failure: Failure) =>
            feedbackPage(services, visitor, params.key, {
              tracker: { failure, issue: failure.unlinked ? (failure.unlinked.url ?? failure.unlinked.key) : issue },
              status: STATUS_OF[failure.code],
            });
          if (!opening && !issue) return refused(fail("invalid_body"));
          const linked = await linkTracker(services, visitor.grant, params.key, opening ? undefined : issue);
          // As the API's route: the operator's log gets what the tracker (or the store) answered.
          if (!linked.ok && linked.cause) onServiceFailure(linked, request);
          // The button is shown only while no issue is linked: linked since (a second press, a teammate), the page names the issue
          // linked meanwhile, or says one is being created.
          if (!linked.ok && linked.code === "tracker_linked") return redirect(`${feedbackPath(params.key)}?tracker=taken`);
          // Said at the page's top, as for a status: a role that may not link may see no tracker panel to say it in.
          if (!linked.ok && linked.code === "forbidden") return refusedOn(services, visitor, params.key, linked);
          if (!linked.ok) return refused(linked);
          return redirect(`${feedbackPath(linked.value.key)}?tracker=${opening ? "opened" : "linked"}`);
        }),
      { detail: { hide: true } },
    )
    .post(
      "/inbox/:key/votes",
      ({ request, params, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const asked = { email: field("email").trim(), ...(field("name").trim() && { name: field("name").trim() }) };
          const refused = (problem: FieldProblem) =>
            feedbackPage(services, visitor, params.key, { vote: refusedVote(visitor.language, problem, asked), status: 400 });
          if (!voteForm.check(asked)) return refused(voteForm.refuse("invalid_body", asked).problem!);
          const relayed = await relayVote(services, visitor.grant, params.key, { ...asked, language: visitor.language });
          if (!relayed.ok && relayed.code === "invalid_body" && relayed.problem) return refused(relayed.problem);
          if (!relayed.ok) return refusedOn(services, visitor, params.key, relayed);
          return redirect(`${feedbackPath(relayed.value.feedback.key)}?voted=${relayed.value.counted ? "counted" : "already"}`);
        }),
      { detail: { hide: true } },
    )
    .post(
      "/inbox/:key/follow",
      ({ request, params, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const followed = await setFollowing(services, visitor.grant, params.key, field("following") === "yes");
          if (!followed.ok) return refusedOn(services, visitor, params.key, followed);
          return redirect(`${feedbackPath(params.key)}?following=${field("following") === "yes" ? "yes" : "no"}`);
        }),
      { detail: { hide: true } },
    );
}
