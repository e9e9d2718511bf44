import { resolveFeedback } from "../feedback/find-feedback.ts";
import type { JobRequest } from "../feedback/events.ts";
import { feedbackUrl } from "../feedback/present.ts";
import type { FeedbackRecord } from "../model.ts";
import { SEVERITIES, type Status } from "../schemas/feedback.ts";
import type { Services } from "../services.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { JobQueue } from "../store/jobs.ts";
import type { SlackConnection, SlackStore } from "../store/slack.ts";
import { type SlackSecretDeps, slackAccess } from "./connect-slack.ts";
import { feedbackNotice } from "./messages.ts";

/**
 * Whether the organization's channel hears of a feedback: a channel is set, the feedback is of a
 * kind it listens to, and at least as grave as its minimum severity (an ungraded one is not).
 */
export function channelFollows(connection: SlackConnection | null, feedback: Pick<FeedbackRecord, "kind" | "severity">): boolean {
  if (!connection?.channel) return false;
  if (connection.kinds.length > 0 && !connection.kinds.includes(feedback.kind)) return false;
  if (!connection.minSeverity) return true;
  return feedback.severity !== undefined && SEVERITIES.indexOf(feedback.severity) <= SEVERITIES.indexOf(connection.minSeverity);
}

const noticeJob = (feedback: Pick<FeedbackRecord, "orgId" | "id">, status?: Status): JobRequest => ({
  kind: "slack_notice",
  orgId: feedback.orgId,
  feedbackId: feedback.id,
  detail: JSON.stringify(status ? { status } : {}),
});

/** The notice a status change queues with itself, when the organization's channel follows the feedback. */
export async function statusNoticeJobs(
  services: { readonly store: Pick<SlackStore, "findSlackConnection"> },
  feedback: FeedbackRecord,
  status: Status,
): Promise<JobRequest[]> {
  const connection = await services.store.findSlackConnection(feedback.orgId);
  return channelFollows(connection, feedback) ? [noticeJob(feedback, status)] : [];
}

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

/** What posting a notice reads and calls. */
export type SlackNoticeDeps = SlackSecretDeps &
  Pick<Services, "slack" | "baseUrl"> & {
    readonly store: Pick<FeedbackStore, "findFeedback"> & Pick<SlackStore, "findSlackConnection">;
  };

/** The notice job: chat.postMessage to the channel, as the feedback is now. A Slack outage throws, and the job waits. */
export async function postSlackNotice(services: SlackNoticeDeps, job: JobRequest): Promise<void> {
  const connection = await services.store.findSlackConnection(job.orgId);
  const feedback = await resolveFeedback(services, job.orgId, job.feedbackId);
  if (!connection?.channel || !feedback) return;
  const { status } = JSON.parse(job.detail ?? "{}") as { status?: Status };
  const message = feedbackNotice(feedback, feedbackUrl(services.baseUrl, feedback.key), status ? { status } : {});
  await services.slack.postMessage(await slackAccess(services, connection), connection.channel, message);
}
