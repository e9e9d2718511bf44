import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { Status } from "../schemas/feedback.ts";
import type { FeedbackFilter, FeedbackStore } from "../store/feedbacks.ts";
import { type ListFilterDeps, type ListQuery, listFilter, statusesKept } from "./list-filter.ts";
import { findsNothing } from "./search-words.ts";

/** What counting reads beside the filter: the counts per status. */
export type CountDeps = { readonly store: Pick<FeedbackStore, "countByStatus"> };

/**
 * How many feedbacks of the grant's organization are in each status (grouped ones are not
 * counted), among those the query's other filters keep: the counts beside a filtered list. A
 * filter that keeps some statuses only (the overdue are open) counts none in the others.
 */
export async function countFeedbacks(
  deps: ListFilterDeps & CountDeps,
  grant: Grant,
  query: Omit<ListQuery, "status" | "cursor" | "limit"> = {},
): Promise<Result<Partial<Record<Status, number>>>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const filtered = await listFilter(deps, grant, query);
  if (!filtered.ok) return filtered;
  return ok(await countsByStatus(deps, grant.orgId, query, filtered.value));
}

/** The counts per status beside a list read with `filter`, whatever statuses the list shows: of every status the other filters keep. */
export async function countsByStatus(
  deps: CountDeps,
  orgId: string,
  query: Pick<ListQuery, "query" | "due">,
  filter: FeedbackFilter,
): Promise<Partial<Record<Status, number>>> {
  if (findsNothing(query.query)) return {};
  const { statuses: _shown, ...across } = filter;
  const counts = await deps.store.countByStatus(orgId, across);
  return Object.fromEntries(statusesKept({ status: "all", due: query.due }).flatMap((s) => (counts[s] ? [[s, counts[s]] as const] : [])));
}
