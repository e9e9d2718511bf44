import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { FeedbackListQuery, Status } from "../schemas/feedback.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import { feedbackFilter } from "./list-feedbacks.ts";
import { findsNothing } from "./search-words.ts";
import type { UserStore } from "../store/users.ts";
import { ownerFilter } from "../triage/owner-filter.ts";

/**
 * How many feedbacks of the grant's organization are in each status (grouped ones are not
 * counted), among those the query's other filters keep: the counts beside a filtered list.
 */
export async function countFeedbacks(
  deps: { store: Pick<FeedbackStore, "countByStatus"> & Pick<UserStore, "findUser"> },
  grant: Grant,
  query: Omit<FeedbackListQuery, "status" | "cursor" | "limit"> = {},
): Promise<Result<Partial<Record<Status, number>>>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const owner = await ownerFilter(deps, grant, query.owner);
  if (!owner.ok) return owner;
  if (findsNothing(query.query)) return ok({});
  const { statuses: _, ...filter } = feedbackFilter(query, owner.value);
  return ok(await deps.store.countByStatus(grant.orgId, filter));
}
