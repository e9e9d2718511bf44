import type { JobRequest } from "../feedback/events.ts";
import type { Services } from "../services.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { JobQueue } from "../store/jobs.ts";
import type { SlackStore } from "../store/slack.ts";
import { channelFollows, noticeJob } from "./notices.ts";

/** What announcing a new feedback reads and queues. */
export type AnnounceDeps = Pick<Services, "clock"> & {
  readonly store: Pick<FeedbackStore, "findFeedback"> & Pick<SlackStore, "findSlackConnection"> & Pick<JobQueue, "queueJob">;
};

/**
 * Once grouping has graded a new feedback (its severity is known only then), the channel's notice
 * is queued; a report grouping merged into an older feedback made no new feedback, and is not announced.
 */
export async function announceNewFeedback(services: AnnounceDeps, job: JobRequest): Promise<void> {
  const feedback = await services.store.findFeedback(job.orgId, job.feedbackId);
  if (!feedback || feedback.mergedInto) return;
  const connection = await services.store.findSlackConnection(job.orgId);
  if (channelFollows(connection, feedback)) await services.store.queueJob(noticeJob(feedback), services.clock());
}
