import type { JobRequest } from "../feedback/events.ts";
import type { FeedbackRecord } from "../model.ts";
import { SEVERITIES, type Status } from "../schemas/feedback.ts";
import type { SlackConnection, SlackStore } from "../store/slack.ts";

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

/** The job that posts a feedback's notice to the channel, with the status it moved to, if it moved. */
export const noticeJob = (feedback: Pick<FeedbackRecord, "orgId" | "id">, status?: Status): JobRequest => ({
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
