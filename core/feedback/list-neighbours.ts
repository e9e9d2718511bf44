import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import { keepsNothing, type ListFilterDeps, type ListQuery, listFilter } from "./list-filter.ts";
import { type BackDeps, listPlace, type PlaceDeps, readBack, rowsAt } from "./list-paging.ts";

/**
 * A feedback beside another in a list: its key, and, when it stands on another page of the list,
 * the cursor of that page (null for the first page), for the way back to the list from it.
 */
interface Beside {
  readonly key: string;
  readonly cursor?: string | null;
}

/** The feedbacks before and after one in a list, where it has them. */
interface Neighbours {
  readonly previous?: Beside;
  readonly next?: Beside;
}

type NeighbourDeps = ListFilterDeps & PlaceDeps & BackDeps & { readonly store: Pick<FeedbackStore, "listFeedbacks"> };

/**
 * The feedbacks before and after one on the query's page of a list, in the list's order, to go
 * through the list from a feedback's page: past the page's edges too, the first row of the page
 * after it, the last of the page before it, each read with the page's own cursor reads (the page's
 * read already holds the row after it; the row before it takes the read back, only from the first
 * row). Nothing for a feedback the page does not hold.
 */
export async function neighboursInList(services: NeighbourDeps, grant: Grant, query: ListQuery, key: string): Promise<Result<Neighbours>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const filtered = await listFilter(services, grant, query);
  if (!filtered.ok) return filtered;
  if (keepsNothing(query, filtered.value)) return ok({});
  const placed = await listPlace(services, grant.orgId, query, filtered.value);
  if (!placed.ok) return placed;
  const { page, following, nextCursor } = await rowsAt(services, grant.orgId, placed.value);
  const at = page.findIndex((f) => f.key === key);
  if (at < 0) return ok({});
  const after = page[at + 1];
  const next = after ? { key: after.key } : following && { key: following.key, cursor: nextCursor };
  const before = page[at - 1];
  const back = before ? null : await readBack(services, grant.orgId, placed.value);
  const previous = before ? { key: before.key } : back?.nearest && { key: back.nearest.key, cursor: back.previous.cursor };
  return ok({ ...(previous && { previous }), ...(next && { next }) });
}
