import { resolveFeedback } from "../feedback/find-feedback.ts";
import type { JobRequest } from "../feedback/events.ts";
import { feedbackUrl } from "../feedback/present.ts";
import type { Status } from "../schemas/feedback.ts";
import type { Services } from "../services.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { SlackStore } from "../store/slack.ts";
import { keepingFailure } from "../keeping-failure.ts";
import { type SlackSecretDeps, slackAccess, slackFailures } from "./connect-slack.ts";
import { feedbackNotice } from "./messages.ts";

/** What posting a notice reads and calls. */
export type SlackNoticeDeps = SlackSecretDeps &
  Pick<Services, "slack" | "baseUrl" | "clock"> & {
    readonly store: Pick<FeedbackStore, "findFeedback"> & Pick<SlackStore, "findSlackConnection" | "recordSlackFailure" | "clearSlackFailure">;
  };

/**
 * The notice job: chat.postMessage to the channel, as the feedback is now. A Slack outage throws, and
 * the job waits; the failure is kept for Settings → Slack to show until a notice goes through.
 */
export async function postSlackNotice(services: SlackNoticeDeps, job: JobRequest): Promise<void> {
  const connection = await services.store.findSlackConnection(job.orgId);
  const feedback = await resolveFeedback(services, job.orgId, job.feedbackId);
  if (!connection?.channel || !feedback) return;
  const channel = connection.channel;
  const { status } = JSON.parse(job.detail ?? "{}") as { status?: Status };
  const message = feedbackNotice(feedback, feedbackUrl(services.baseUrl, feedback.key), status ? { status } : {});
  const access = await slackAccess(services, connection);
  await keepingFailure(services.clock, slackFailures(services, connection), [access.botToken], () =>
    services.slack.postMessage(access, channel, message),
  );
}
