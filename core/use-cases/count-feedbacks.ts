import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { Status } from "../schemas/feedback.ts";
import type { FeedbackStore } from "../store.ts";

/** How many feedbacks of the grant's organization are in each status (grouped ones are not counted). */
export async function countFeedbacks(
  deps: { store: Pick<FeedbackStore, "countByStatus"> },
  grant: Grant,
): Promise<Result<Partial<Record<Status, number>>>> {
  const allowed = authorize(grant, "feedbacks.read");
  return allowed.ok ? ok(await deps.store.countByStatus(grant.orgId)) : allowed;
}
