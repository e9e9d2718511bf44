import { ok, fail, type Result } from "../errors.ts";
import type { FeedbackRecord } from "../model.ts";
import { canonicalJson } from "../report/fingerprint.ts";
import type { FeedbackPage } from "../schemas/feedback.ts";
import type { FeedbackFilter, FeedbackOrder, FeedbackStore, ListPosition } from "../store/feedbacks.ts";
import type { ServiceSecretStore } from "../store/service-secret.ts";
import { decodeCursor, encodeCursor } from "./cursor.ts";
import { lookupKey } from "./find-feedback.ts";
import { isFeedbackKey } from "./key.ts";
import type { ListQuery } from "./list-filter.ts";
import { positionOf, top } from "./order.ts";
import { type AppsRead, type SummariesDeps, summaries } from "./summaries.ts";

const DEFAULT_PAGE_SIZE = 20;

/** What a cursor is bound to: the filters, and the order (the default leaves cursors as they were). */
const cursorKey = (filter: FeedbackFilter, order: FeedbackOrder): string => canonicalJson(order === "activity" ? filter : { ...filter, order });

/** Whether a feedback's due date is one the filter keeps (a due date before a time, any, or none). */
const dueKept = (dueAt: number | undefined, due: FeedbackFilter["due"]): boolean =>
  due === undefined || (due === "none" ? dueAt === undefined : dueAt !== undefined && (due === "set" || dueAt < due.before));

/** Whether a feedback passes the filters other than the words; the published and source filters only the store reads, so a key is not pinned under them. */
const passes = (f: FeedbackRecord, filter: FeedbackFilter): boolean =>
  filter.statuses.includes(f.status) &&
  (!filter.kind || f.kind === filter.kind) &&
  (!filter.severity || f.severity === filter.severity) &&
  (!filter.appId || f.appId === filter.appId) &&
  (!filter.featureId || f.featureId === filter.featureId) &&
  filter.published === undefined &&
  filter.source === undefined &&
  (filter.owner === undefined || (f.owner ?? null) === filter.owner) &&
  (!filter.tag || (f.tags ?? []).includes(filter.tag)) &&
  dueKept(f.dueAt, filter.due);

/**
 * The feedback a search for its exact key names, when it passes the other filters: it comes first
 * on the first page and nowhere else, though its words also match DEMO-10, DEMO-100 and more.
 */
async function exactKeyMatch(
  deps: { readonly store: Pick<FeedbackStore, "findFeedback"> },
  orgId: string,
  query: ListQuery,
  filter: FeedbackFilter,
): Promise<FeedbackRecord | null> {
  // A search text that is a feedback key in any case (demo-12) names the key.
  const key = query.query ? lookupKey(query.query) : "";
  if (!isFeedbackKey(key)) return null;
  const found = await deps.store.findFeedback(orgId, key);
  return found && !found.mergedInto && passes(found, filter) ? found : null;
}

/**
 * Where a page of a list stands, read once for the page and for the way back from it: the list's
 * filter and order, the page's size, the position its cursor holds (null on the first page), the
 * feedback a search for its key pins first, and how a position of this list is signed as a cursor.
 */
interface ListPlace {
  readonly filter: FeedbackFilter;
  readonly order: FeedbackOrder;
  readonly limit: number;
  readonly after: ListPosition | null;
  readonly exact: FeedbackRecord | null;
  readonly cursorAt: (position: ListPosition) => Promise<string>;
}

/** What placing a page reads: the secret that signs the cursors, and the feedback a key names. */
export type PlaceDeps = { readonly store: Pick<ServiceSecretStore, "serviceSecret"> & Pick<FeedbackStore, "findFeedback"> };

/** Where the query's page stands in the list its filter keeps; `invalid_cursor` for a cursor this service did not issue for that filter and order. */
export async function listPlace(deps: PlaceDeps, orgId: string, query: ListQuery, filter: FeedbackFilter): Promise<Result<ListPlace>> {
  const order = query.sort ?? "activity";
  const filterKey = cursorKey(filter, order);
  const secret = await deps.store.serviceSecret();
  const after = query.cursor ? await decodeCursor(secret, query.cursor, filterKey) : null;
  if (query.cursor && !after) return fail("invalid_cursor");
  const exact = await exactKeyMatch(deps, orgId, query, filter);
  const cursorAt = (position: ListPosition) => encodeCursor(secret, position, filterKey);
  return ok({ filter, order, limit: query.limit ?? DEFAULT_PAGE_SIZE, after, exact, cursorAt });
}

/** What reading a page reads: the list, and what its rows show. */
export type PageDeps = SummariesDeps & { readonly store: Pick<FeedbackStore, "listFeedbacks"> };

/** A page's rows as the store keeps them: the page, the row that opens the page after it, and that page's cursor (null on the last). */
interface PageRows {
  readonly page: readonly FeedbackRecord[];
  readonly following: FeedbackRecord | undefined;
  readonly nextCursor: string | null;
}

/** The rows of the page at a place, its key's feedback first on the first page. */
export async function rowsAt(deps: { readonly store: Pick<FeedbackStore, "listFeedbacks"> }, orgId: string, place: ListPlace): Promise<PageRows> {
  const { filter, order, limit, after, exact } = place;
  // One row more than the page tells whether another follows; one more again stands in for the pinned row.
  const listed = (await deps.store.listFeedbacks(orgId, filter, after, limit + (exact ? 2 : 1), order)).filter((f) => f.id !== exact?.id);
  const rows = exact && !after ? [exact, ...listed] : listed;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const position = last === exact ? top(order) : last && positionOf(last, order);
  const following = rows[limit];
  return { page, following, nextCursor: following && position ? await place.cursorAt(position) : null };
}

/**
 * The page at a place, its key's feedback first on the first page, and the cursor of the page after
 * it (null on the last); the apps its rows name are read here unless the caller reads them anyway.
 */
export async function pageAt(deps: PageDeps, orgId: string, place: ListPlace, appsRead?: AppsRead): Promise<FeedbackPage> {
  const { page, nextCursor } = await rowsAt(deps, orgId, place);
  return { data: await summaries(deps, orgId, page, appsRead), nextCursor };
}

/** Where the page before starts: after `cursor`, or at the top of the list (the first page) when null. */
export interface PreviousPage {
  readonly cursor: string | null;
}

/** What reading the way back reads: the list read back from a position. */
export type BackDeps = { readonly store: Pick<FeedbackStore, "listFeedbacksUpTo"> };

/** The way back from a page, and the row just before the page (the last of the page before, or the first page's pinned row), when there is one. */
interface Back {
  readonly previous: PreviousPage;
  readonly nearest: FeedbackRecord | undefined;
}

/** The list read back from a page's cursor's position: the page before, and its last row; null on the first page (no cursor). */
export async function readBack(deps: BackDeps, orgId: string, place: ListPlace): Promise<Back | null> {
  const { filter, order, limit, after, exact } = place;
  if (!after) return null;
  // A search for a key puts that feedback first on the first page, which then holds one row fewer of the rest.
  const pinned = exact ? 1 : 0;
  // One row more than a page tells whether the page before is the first.
  const back = (await deps.store.listFeedbacksUpTo(orgId, filter, after, limit + 1 + pinned, order)).filter((f) => f.id !== exact?.id);
  // The rows are read nearest first: the first one read ends the page before. With none read, the
  // page before is the first, and the feedback it pins is the one row standing before this page.
  const nearest = back[0] ?? exact ?? undefined;
  if (back.length <= limit - pinned) return { previous: { cursor: null }, nearest };
  const before = back[limit];
  return { previous: { cursor: await place.cursorAt(before ? positionOf(before, order) : top(order)) }, nearest };
}

/**
 * The way back from a page: the page that ends where this one starts, read back from its cursor's
 * position, so a page's address alone leads back (shared, bookmarked) and what left the list
 * meanwhile leaves no hole. Null on the first page (no cursor).
 */
export async function pageBefore(deps: BackDeps, orgId: string, place: ListPlace): Promise<PreviousPage | null> {
  return (await readBack(deps, orgId, place))?.previous ?? null;
}
