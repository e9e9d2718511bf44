import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { FeedbackPage } from "../schemas/feedback.ts";
import { keepsNothing, type ListFilterDeps, type ListQuery, listFilter } from "./list-filter.ts";
import { listPlace, type PageDeps, pageAt, type PlaceDeps } from "./list-paging.ts";

/**
 * GET /v1/feedbacks: one page of the organization's feedbacks, in the order asked (most recently
 * active first by default), an exact key first of all.
 */
export async function listFeedbacks(services: ListFilterDeps & PlaceDeps & PageDeps, grant: Grant, query: ListQuery): Promise<Result<FeedbackPage>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const filtered = await listFilter(services, grant, query);
  if (!filtered.ok) return filtered;
  if (keepsNothing(query, filtered.value)) return ok({ data: [], nextCursor: null });
  const placed = await listPlace(services, grant.orgId, query, filtered.value);
  if (!placed.ok) return placed;
  return ok(await pageAt(services, grant.orgId, placed.value));
}
