import { isEmailShaped, normalizeEmail } from "../email.ts";
import type { JobRequest } from "../feedback/events.ts";
import { feedbackUrl } from "../feedback/present.ts";
import { IDEMPOTENCY_WINDOW_MS } from "../collection/submit-report.ts";
import { type RecordDeps, recordFeedback } from "../report/record-feedback.ts";
import { detectLanguage } from "../report/detect-language.ts";
import type { NormalizedReport } from "../report/normalize.ts";
import type { SlackMessage } from "../ports.ts";
import type { Services } from "../services.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { OrganizationStore } from "../store/organizations.ts";
import type { SlackStore } from "../store/slack.ts";
import { keepingFailure } from "../keeping-failure.ts";
import { type SlackSecretDeps, slackAccess, slackFailures } from "./connect-slack.ts";
import { quotaMessage, RECEIPT_MESSAGES, recordedMessage } from "./messages.ts";
import { kindAndMessage, type SlackReportRequest, slackIdempotencyKey } from "./slack-request.ts";

/** What the job recording a report from Slack reads, calls and writes. */
export type SlackReportDeps = RecordDeps &
  SlackSecretDeps &
  Pick<Services, "slack"> & {
    readonly store: Pick<SlackStore, "findSlackConnection" | "recordSlackFailure" | "clearSlackFailure"> &
      Pick<CatalogStore, "findApp"> &
      Pick<OrganizationStore, "findOrganization">;
  };

/**
 * The job behind a command or shortcut: asks Slack for the author (name, and e-mail when the
 * workspace shares it: the author then follows the feedback) and the message's permalink, records
 * the report with source `slack` under the key `slack:{channel}:{ts}`, and answers the person
 * through the response_url. A Slack call that fails throws, and the job is retried; once recorded,
 * a retry replays the same answer.
 */
export async function recordSlackReport(services: SlackReportDeps, job: JobRequest): Promise<void> {
  const request = JSON.parse(job.detail ?? "{}") as SlackReportRequest & { appId: string };
  const connection = await services.store.findSlackConnection(job.orgId);
  // Uninstalled while the report waited: it waits on, retried, for the app to be connected again (a
  // day at most, as every job), rather than being dropped with the person never answered.
  if (!connection) throw new Error("the organization's Slack app is not connected: the report waits for it");
  // The person is answered while Slack takes answers; an expired response_url is no reason to try again.
  const answer = async (message: SlackMessage) => {
    await services.slack.respond(request.responseUrl, message, connection.apiUrl);
  };
  const [organization, app, access] = await Promise.all([
    services.store.findOrganization(job.orgId),
    services.store.findApp(job.orgId, request.appId),
    slackAccess(services, connection),
  ]);
  if (!organization || !app) return answer(RECEIPT_MESSAGES.no_app);
  const [person, permalink] = await keepingFailure(services.clock, slackFailures(services, connection), [access.botToken], () =>
    Promise.all([
      services.slack.userInfo(access, request.userId),
      request.ts ? services.slack.permalink(access, request.channel, request.ts) : undefined,
    ]),
  );
  const email = person.email && normalizeEmail(person.email);
  const name = person.name ?? request.userName;
  const { kind, message } = kindAndMessage(request.text);
  const report: NormalizedReport = {
    kind,
    message,
    ...(permalink && { url: permalink }),
    author: { id: `slack:${request.userId}`, ...(name && { name }), ...(email && isEmailShaped(email) && { email }) },
  };
  const key = slackIdempotencyKey(request);
  const now = services.clock();
  const recorded = await recordFeedback(
    services,
    { context: { app, organization }, source: "slack", report, language: detectLanguage(message), conversation: [] },
    undefined,
    // The message is the request: whoever sends it again, with whatever app, gets the first answer.
    { scope: `slack:${job.orgId}`, key, fingerprint: key, now, expiresAt: now + IDEMPOTENCY_WINDOW_MS },
  );
  if (!recorded.ok) {
    if (recorded.code === "quota_exceeded") return answer(quotaMessage);
    throw new Error(`report from Slack refused: ${recorded.code}`);
  }
  const { outcome, replayed } = recorded.value;
  if (outcome.kind !== "recorded") throw new Error(`report from Slack answered ${outcome.kind}`);
  await answer(recordedMessage(outcome.body.ticketId, feedbackUrl(services.baseUrl, outcome.body.ticketId), replayed, request.cut));
}
