import type { JobRequest } from "../feedback/events.ts";
import { type GroupReportDeps, groupReport } from "../grouping/group-report.ts";
import { type NotifyDeps, notifyFollowers } from "../notify/notify-followers.ts";
import { type SyncDeps, syncTracker } from "../trackers/sync.ts";
import { type AnnounceDeps, announceEntry } from "../changelog/announce-entry.ts";
import { type NotifyAnswerDeps, notifyAnswer } from "../conversation/notify-answer.ts";

/** What the background jobs read and write, all kinds together. */
export type RunJobDeps = GroupReportDeps & NotifyDeps & SyncDeps & AnnounceDeps & NotifyAnswerDeps;

/** Runs one background job; throws to have it retried later. */
export function runJob(services: RunJobDeps, job: JobRequest): Promise<void> {
  if (job.kind === "group_report") return groupReport(services, job);
  if (job.kind === "sync_tracker") return syncTracker(services, job);
  if (job.kind === "announce_changelog") return announceEntry(services, job);
  if (job.kind === "notify_answer") return notifyAnswer(services, job);
  return notifyFollowers(services, job);
}
