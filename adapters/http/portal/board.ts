import type { Language } from "../../../core/language.ts";
import { KINDS, STATUS_FILTERS, STATUSES } from "../../../core/schemas/feedback.ts";
import {
  PORTAL_SORTS,
  PUBLIC_QUERY_MAX_LENGTH,
  type PublicFeedbackPage,
  type PublicFeedbackSummary,
  type PublicListQuery,
} from "../../../core/schemas/portal.ts";
import type { PortalRecord } from "../../../core/store/portals.ts";
import { statusLabel } from "../../../core/portal/status-labels.ts";
import { type Html, html } from "../html.ts";
import type { PortalLinks } from "./links.ts";
import { type PortalWords, portalWords } from "./words.ts";

/** The board's filters held in the address with the public JSON's names; unknown values are ignored, as in the inbox. */
export function boardQuery(params: URLSearchParams): PublicListQuery {
  const one = <T extends string>(name: string, allowed: readonly T[]): T | undefined => allowed.find((a) => a === params.get(name));
  const text = (name: string) => params.get(name)?.trim() || undefined;
  const searched = text("query");
  const query = searched && Array.from(searched).slice(0, PUBLIC_QUERY_MAX_LENGTH).join("");
  const sort = one("sort", PORTAL_SORTS);
  const status = one("status", STATUS_FILTERS);
  const kind = one("kind", KINDS);
  const appId = text("appId");
  const cursor = text("cursor");
  return {
    ...(sort && { sort }),
    ...(status && { status }),
    ...(kind && { kind }),
    ...(appId && { appId }),
    ...(query && { query }),
    ...(cursor && { cursor }),
  };
}

/** The board's address with some of its filters changed; a new filter starts again at the first page. */
function boardHref(links: PortalLinks, query: PublicListQuery, changes: Partial<Record<keyof PublicListQuery, string | undefined>>): string {
  return links.board({
    sort: query.sort,
    status: query.status,
    kind: query.kind,
    appId: query.appId,
    query: query.query,
    cursor: undefined,
    ...changes,
  });
}

const hiddenFields = (fields: Record<string, string | undefined>): Html =>
  html`${Object.entries(fields)
    .filter((e): e is [string, string] => Boolean(e[1]))
    .map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}`;

/** A published feedback as a row of a list: its votes, status, title, a line of its description, and what it is about. */
function postRow(item: PublicFeedbackSummary, w: PortalWords, links: PortalLinks): Html {
  return html`<li>
<div class="votes"><strong>${item.votes}</strong><span>${w.votes(item.votes)}</span></div>
<div class="post"><span class="status st-${item.status}">${item.statusLabel}</span>
<h2><a href="${links.feedback(item.key)}">${item.publicTitle}</a></h2>
${item.publicDescription ? html`<p class="excerpt">${item.publicDescription}</p>` : ""}
<p class="meta"><span>${w.kinds[item.kind]}</span>${item.app.name ? html`<span>${item.app.name}</span>` : ""}${item.commentCount > 0 ? html`<span>${w.comments(item.commentCount)}</span>` : ""}</p></div>
</li>`;
}

interface BoardView {
  readonly portal: PortalRecord;
  readonly language: Language;
  readonly links: PortalLinks;
  readonly query: PublicListQuery;
  readonly page: PublicFeedbackPage;
  readonly apps: ReadonlyArray<{ readonly id: string; readonly name: string }>;
  /** Slot for posting from the portal: the "Post an idea" link, when posting is on and the portal's sign-in allows it. */
  readonly post?: Html;
  /** Whether the reader can vote (signed in, or able to sign in): the board's intro invites to only then. */
  readonly votable: boolean;
  /** Whether the team has published anything at all: with nothing, the board says so and offers no filter, which would find nothing. */
  readonly anythingPublished: boolean;
}

/** Whether the board shows less than its default list: searched, or filtered by app, type or status. */
function narrowed(query: BoardView["query"], apps: BoardView["apps"]): boolean {
  // The portal's only app has no filter on the page (the widget's sign-in still names it): nothing to clear.
  const onlyApp = apps.length === 1 ? apps[0]?.id : undefined;
  const appFiltered = Boolean(query.appId) && query.appId !== onlyApp;
  return Boolean(query.kind || appFiltered || query.query || (query.status && query.status !== "open"));
}

/**
 * The board's title, before the portal's: the portal's own on its home, else what the list shows. A search or a
 * filter reloads the page, where focus starts over: the new title is what a screen reader says of the result.
 */
export function boardTitle(v: Pick<BoardView, "portal" | "language" | "query" | "apps">): string {
  const w = portalWords(v.language);
  if (v.query.query) return w.searchedTitle(v.query.query);
  return narrowed(v.query, v.apps) ? w.filteredTitle : v.portal.title;
}

/** The board: sort tabs, search, filters by app, type and status, and the published feedbacks, a page at a time. */
export function boardBody(v: BoardView): Html {
  const w = portalWords(v.language);
  const { query } = v;
  const { links } = v;
  const sort = query.sort ?? "top";
  const status = query.status ?? "open";
  const filtered = narrowed(query, v.apps);
  const option = (value: string, label: string, selected: boolean) =>
    html`<option value="${value}"${selected ? html` selected` : ""}>${label}</option>`;
  const sorts = html`<nav aria-label="${w.sortBy}"><ul class="sorts">${PORTAL_SORTS.map(
    (s) =>
      html`<li><a href="${boardHref(links, query, { sort: s === "top" ? undefined : s })}"${s === sort ? html` aria-current="true"` : ""}>${w.sorts[s]}</a></li>`,
  )}</ul></nav>`;
  const search = html`<form class="search" role="search" method="get" action="${links.home}">
${hiddenFields({ sort: query.sort, status: query.status, kind: query.kind, appId: query.appId })}${links.languageField()}
<label class="visually-hidden" for="q">${w.search}</label><input id="q" name="query" type="search" maxlength="${PUBLIC_QUERY_MAX_LENGTH}" value="${query.query ?? ""}" placeholder="${w.searchPlaceholder}">
<button type="submit">${w.search}</button></form>`;
  const filters = html`<form class="filters" method="get" action="${links.home}" aria-label="${w.filters}"><h2>${w.filters}</h2>
${hiddenFields({ sort: query.sort, query: query.query })}${links.languageField()}<div class="fields">
${v.apps.length > 1 ? html`<div class="app"><label for="f-app">${w.app}</label><select id="f-app" name="appId">${option("", w.anyApp, !query.appId)}${v.apps.map((a) => option(a.id, a.name, a.id === query.appId))}</select></div>` : ""}
<div><label for="f-kind">${w.kind}</label><select id="f-kind" name="kind">${option("", w.anyKind, !query.kind)}${KINDS.map((k) => option(k, w.kinds[k], k === query.kind))}</select></div>
<div><label for="f-status">${w.status}</label><select id="f-status" name="status">${option("open", w.open, status === "open")}${STATUSES.map((s) => option(s, statusLabel(v.portal, s, v.language), s === status))}${option("all", w.all, status === "all")}</select></div>
<button type="submit">${w.apply}</button></div>${filtered ? html`<a class="clear" href="${links.board()}">${w.clear}</a>` : ""}</form>`;
  const list =
    v.page.data.length > 0
      ? html`<ul class="posts">${v.page.data.map((item) => postRow(item, w, links))}</ul>`
      : html`<p class="empty">${
          filtered
            ? query.query
              ? w.noneMatchSearch(query.query)
              : w.noneMatch
            : // Done ones are left out by default: say so, rather than "nothing here" on a portal with some.
              status === "open"
              ? html`${w.noneOpen} <a href="${boardHref(links, query, { status: "all" })}">${w.showAll}</a>`
              : w.noneFound
        }</p>`;
  const pager = v.page.nextCursor
    ? html`<p class="pager"><a href="${boardHref(links, query, { cursor: v.page.nextCursor })}" rel="next">${w.more}</a></p>`
    : "";
  const intro = html`<h1>${w.board}</h1><p class="intro">${v.votable ? w.boardIntro : w.boardIntroReadOnly}</p>
${v.post ?? ""}`;
  if (!v.anythingPublished)
    return html`${intro}<section aria-label="${w.board}"><p class="empty">${w.nothingPublished}${
      v.post ? html` <a href="${links.post()}">${w.postFirst}</a>` : ""
    }</p></section>`;
  // The filters come first, as a phone shows them above the list: Tab and a screen reader meet them in that order. A wide
  // screen's grid puts them on the right.
  return html`${intro}
<div class="layout"><aside>${filters}</aside>
<section aria-label="${w.board}"><div class="controls">${sorts}${search}</div>${list}${pager}</section></div>`;
}
