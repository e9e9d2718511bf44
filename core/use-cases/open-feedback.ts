import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Follower, Grant, Turn } from "../model.ts";
import type { Feedback } from "../schemas/feedback.ts";
import type { Services } from "../services.ts";
import { presentFeedback, resolveFeedback } from "./get-feedback.ts";
import { type TimelineEntry, timeline } from "../feedback/timeline.ts";

/** A feedback as the inbox shows it: the feedback, its activity, its qualification conversations and who follows it. */
export interface FeedbackThread {
  readonly feedback: Feedback;
  readonly activity: readonly TimelineEntry[];
  readonly conversations: ReadonlyArray<readonly Turn[]>;
  readonly followers: readonly Follower[];
  /** Whether the person asking may change its status. */
  readonly canUpdate: boolean;
}

/** Opens a feedback by key or id; a grouped key opens the feedback it was grouped into (its key says which). */
export async function openFeedback(services: Services, grant: Grant, keyOrId: string): Promise<Result<FeedbackThread>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const record = await resolveFeedback(services, grant.orgId, keyOrId);
  if (!record) return fail("not_found");
  const [feedback, reports, followers, history] = await Promise.all([
    presentFeedback(services, record),
    services.store.listReports(record.id),
    services.store.listFollowers(record.id),
    services.store.statusHistory(record.id),
  ]);
  return ok({
    feedback,
    activity: timeline(feedback, history),
    conversations: reports.map((r) => r.conversation).filter((c) => c.length > 0),
    followers,
    canUpdate: authorize(grant, "feedbacks.update").ok,
  });
}
