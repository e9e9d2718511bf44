import { authorize } from "../authorization.ts";
import { type Failure, ok, type Result } from "../errors.ts";
import type { FeedbackRecord, Grant } from "../model.ts";
import type { Feedback } from "../schemas/feedback.ts";
import type { Services } from "../services.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { MergeStore } from "../store/merges.ts";
import { type FindDeps, resolveFeedback, noSuchFeedback } from "../feedback/find-feedback.ts";
import { type PresentDeps, presentFeedback } from "../feedback/present-feedback.ts";
import { refuse } from "./refusal.ts";
import { planSplit, splitEvent, splitJob } from "./split.ts";

type SplitDeps = FindDeps &
  PresentDeps &
  Pick<Services, "clock" | "ids"> & {
    readonly store: Pick<FeedbackStore, "listReports" | "findReportByStatusId"> &
      Pick<FollowerStore, "listFollowers"> &
      Pick<MergeStore, "applySplit">;
  };

/** A split plans on what it read; a concurrent report or merge makes it plan again. */
const MAX_ATTEMPTS = 5;

/**
 * POST /v1/feedbacks/{key}/reports/{reportId}/split: takes one report out of a feedback into a new
 * feedback (status triage), which its reporter follows too. Answers with the new feedback.
 */
export async function splitReport(services: SplitDeps, grant: Grant, keyOrId: string, reportId: string): Promise<Result<Feedback>> {
  const allowed = authorize(grant, "feedbacks.update");
  if (!allowed.ok) return allowed;
  const { store, clock, ids } = services;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const feedback = await resolveFeedback(services, grant.orgId, keyOrId);
    if (!feedback) return noSuchFeedback(keyOrId);
    const [reports, followers] = await Promise.all([store.listReports(feedback.id), store.listFollowers(feedback.id)]);
    const planned = planSplit({
      id: ids.id(),
      newFeedbackId: ids.id(),
      feedback,
      reports,
      reportId,
      followers: followers.map((f) => f.email),
      by: grant.userId,
      at: clock(),
    });
    if (!planned.ok) return planned.code === "not_found" ? ((await movedAway(services, feedback, reportId)) ?? planned) : planned;
    const created = await store.applySplit(planned.value, [splitEvent(planned.value, ids.id())], [splitJob(planned.value)]);
    if (created) return ok(await presentFeedback(services, created));
  }
  throw new Error(`split of ${reportId} out of ${keyOrId} kept changing under ${MAX_ATTEMPTS} attempts`);
}

/** A report of the organization that left `feedback` since the page asking was shown: the refusal names the feedback holding it now. */
async function movedAway(services: SplitDeps, feedback: FeedbackRecord, reportId: string): Promise<Failure | null> {
  const found = await services.store.findReportByStatusId(reportId);
  if (!found || found.report.orgId !== feedback.orgId) return null;
  const holder = await resolveFeedback(services, feedback.orgId, found.report.feedbackId);
  return holder && holder.id !== feedback.id ? refuse("cannot_split", { reason: "report_moved", feedback: feedback.key, target: holder.key }) : null;
}
