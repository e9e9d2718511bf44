import type { JobRequest } from "../feedback/events.ts";
import { type GroupReportDeps, groupReport } from "../grouping/group-report.ts";
import { type NotifyDeps, notifyFollowers } from "../notify/notify-followers.ts";
import { type AnnounceDeps as SlackAnnounceDeps, announceNewFeedback, postSlackNotice, type SlackNoticeDeps } from "../slack/notices.ts";
import { recordSlackReport, type SlackReportDeps } from "../slack/record-slack-report.ts";
import { type SyncDeps, syncTracker } from "../trackers/sync.ts";
import { type AnnounceDeps, announceEntry } from "../changelog/announce-entry.ts";
import { type NotifyAnswerDeps, notifyAnswer } from "../conversation/notify-answer.ts";

/** What the background jobs read and write, all kinds together. */
export type RunJobDeps = GroupReportDeps &
  NotifyDeps &
  SyncDeps &
  AnnounceDeps &
  NotifyAnswerDeps &
  SlackAnnounceDeps &
  SlackNoticeDeps &
  SlackReportDeps;

/** Runs one background job; throws to have it retried later. */
export async function runJob(services: RunJobDeps, job: JobRequest): Promise<void> {
  if (job.kind === "group_report") {
    await groupReport(services, job);
    // Graded now: the Slack channel hears of the new feedback if it follows it.
    return announceNewFeedback(services, job);
  }
  if (job.kind === "sync_tracker") return syncTracker(services, job);
  if (job.kind === "announce_changelog") return announceEntry(services, job);
  if (job.kind === "notify_answer") return notifyAnswer(services, job);
  if (job.kind === "slack_report") return recordSlackReport(services, job);
  if (job.kind === "slack_notice") return postSlackNotice(services, job);
  return notifyFollowers(services, job);
}
