import type { JobRequest } from "../feedback/events.ts";
import { type GroupReportDeps, group, groupable } from "./group-report.ts";

/**
 * Compares a feedback again once a person moved it to a kind of another subject (a praise that is
 * a problem after all, or the other way), or once it is reopened (by a person or its tracker's
 * issue): its likely duplicates are suggested, never merged alone, as it was triaged already; the
 * assistant does not triage it again. A feedback closed or merged by then is left alone, as
 * grouping leaves it; reopened, it is looked at then.
 */
export async function regroupFeedback(services: GroupReportDeps, job: JobRequest): Promise<void> {
  const feedback = await groupable(services, job.orgId, job.feedbackId);
  if (feedback) await group(services, feedback, await services.store.listReports(feedback.id), () => "review");
}
