import { authorize } from "../authorization.ts";
import { canonicalJson } from "../report/fingerprint.ts";
import { decodeCursor, encodeCursor } from "./cursor.ts";
import { lookupKey } from "./find-feedback.ts";
import { isFeedbackKey } from "./key.ts";
import { positionOf, top } from "./order.ts";
import { fail, ok, type Result } from "../errors.ts";
import { type SummariesDeps, summaries } from "./summaries.ts";
import { keepsNothing, type ListFilterDeps, type ListQuery, listFilter } from "./list-filter.ts";
import type { FeedbackRecord, Grant } from "../model.ts";
import type { FeedbackPage } from "../schemas/feedback.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { FeedbackFilter, FeedbackOrder, FeedbackStore } from "../store/feedbacks.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { ServiceSecretStore } from "../store/service-secret.ts";
import type { UserStore } from "../store/users.ts";

export const DEFAULT_PAGE_SIZE = 20;

/** What a cursor is bound to: the filters, and the order (the default leaves cursors as they were). */
export const cursorKey = (filter: FeedbackFilter, order: FeedbackOrder): string =>
  canonicalJson(order === "activity" ? filter : { ...filter, order });

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
export async function exactKeyMatch(
  services: { readonly store: Pick<FeedbackStore, "findFeedback"> },
  orgId: string,
  query: ListQuery,
  filter: FeedbackFilter,
): Promise<FeedbackRecord | null> {
  // A search text that is a feedback key in any case (demo-12) names the key.
  const key = query.query ? lookupKey(query.query) : "";
  if (!isFeedbackKey(key)) return null;
  const found = await services.store.findFeedback(orgId, key);
  return found && !found.mergedInto && passes(found, filter) ? found : null;
}

/** What listing reads. */
type ListDeps = SummariesDeps &
  ListFilterDeps & {
    readonly store: Pick<ServiceSecretStore, "serviceSecret"> &
      Pick<FeedbackStore, "listFeedbacks" | "findFeedback"> &
      Pick<CatalogStore, "listApps" | "findFeature"> &
      Pick<FollowerStore, "countFollowers"> &
      Pick<UserStore, "findUser">;
  };

/**
 * GET /v1/feedbacks: one page of the organization's feedbacks, in the order asked (most recently
 * active first by default), an exact key first of all.
 */
export async function listFeedbacks(services: ListDeps, grant: Grant, query: ListQuery): Promise<Result<FeedbackPage>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const { store } = services;
  const filtered = await listFilter(services, grant, query);
  if (!filtered.ok) return filtered;
  const filter = filtered.value;
  if (keepsNothing(query, filter)) return ok({ data: [], nextCursor: null });
  const order = query.sort ?? "activity";
  const filterKey = cursorKey(filter, order);
  const secret = await store.serviceSecret();
  const after = query.cursor ? await decodeCursor(secret, query.cursor, filterKey) : null;
  if (query.cursor && !after) return fail("invalid_cursor");

  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const exact = await exactKeyMatch(services, grant.orgId, query, filter);
  // One row more than the page tells whether another follows; one more again stands in for the pinned row.
  const listed = (await store.listFeedbacks(grant.orgId, filter, after, limit + (exact ? 2 : 1), order)).filter((f) => f.id !== exact?.id);
  const rows = exact && !after ? [exact, ...listed] : listed;
  const page = rows.slice(0, limit);
  const data = await summaries(services, grant.orgId, page);
  const last = page.at(-1);
  const position = last === exact ? top(order) : last && positionOf(last, order);
  const nextCursor = rows.length > limit && position ? await encodeCursor(secret, position, filterKey) : null;
  return ok({ data, nextCursor });
}
