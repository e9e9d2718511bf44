import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { Status } from "../schemas/feedback.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import { type ListFilterDeps, type ListQuery, listFilter } from "./list-filter.ts";
import { findsNothing } from "./search-words.ts";

/**
 * How many feedbacks of the grant's organization are in each status (grouped ones are not
 * counted), among those the query's other filters keep: the counts beside a filtered list. A
 * filter that keeps some statuses only (the overdue are open) counts none in the others.
 */
export async function countFeedbacks(
  deps: ListFilterDeps & { store: Pick<FeedbackStore, "countByStatus"> },
  grant: Grant,
  query: Omit<ListQuery, "status" | "cursor" | "limit"> = {},
): Promise<Result<Partial<Record<Status, number>>>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const filtered = await listFilter(deps, grant, { ...query, status: "all" });
  if (!filtered.ok) return filtered;
  if (findsNothing(query.query)) return ok({});
  const { statuses, ...filter } = filtered.value;
  const counts = await deps.store.countByStatus(grant.orgId, filter);
  return ok(Object.fromEntries(statuses.flatMap((s) => (counts[s] ? [[s, counts[s]] as const] : []))));
}
