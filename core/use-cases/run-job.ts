import type { JobRequest } from "../feedback/events.ts";
import { groupReport } from "../grouping/group-report.ts";
import { notifyFollowers } from "../notify/notify-followers.ts";
import type { Services } from "../services.ts";
import { syncTracker } from "../trackers/sync.ts";

/** Runs one background job; throws to have it retried later. */
export function runJob(services: Services, job: JobRequest): Promise<void> {
  if (job.kind === "group_report") return groupReport(services, job);
  if (job.kind === "sync_tracker") return syncTracker(services, job);
  return notifyFollowers(services, job);
}
