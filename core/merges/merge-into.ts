import { fail, type Result } from "../errors.ts";
import { resolveFeedback } from "../feedback/find-feedback.ts";
import { type MergeRefusal, refuse } from "./refusal.ts";
import { type MergeRecord, mergedEvent, planMerge } from "./merge.ts";
import type { FeedbackRecord } from "../model.ts";
import type { Services } from "../services.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { MergeStore } from "../store/merges.ts";

/** What merging one feedback into another reads and writes. */
export type MergeIntoDeps = Pick<Services, "clock" | "ids"> & {
  readonly store: Pick<FeedbackStore, "findFeedback" | "listReports"> & Pick<FollowerStore, "listFollowers"> & Pick<MergeStore, "applyMerge">;
};

/** A merge plans on what it read; a concurrent write makes it plan again, and a few rereads settle it. */
const MAX_ATTEMPTS = 5;

/**
 * Merges `source` into `target`, both of one app: every report moves, the followers the target
 * lacks are added, the counts follow, and `feedback.merged` commits with it. Grouping (`by` null,
 * with its score) and people (`by` their id) merge through here alike.
 */
export async function mergeInto(
  services: MergeIntoDeps,
  source: FeedbackRecord,
  target: FeedbackRecord,
  by: string | null,
  score: number | null,
): Promise<Result<MergeRecord>> {
  const { store, clock, ids } = services;
  let pair = { source, target };
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const [reports, sourceFollowers, targetFollowers] = await Promise.all([
      store.listReports(pair.source.id),
      store.listFollowers(pair.source.id),
      store.listFollowers(pair.target.id),
    ]);
    const planned = planMerge({
      id: ids.id(),
      source: pair.source,
      target: pair.target,
      sourceReportIds: reports.map((r) => r.id),
      sourceFollowers: sourceFollowers.map((f) => f.email),
      targetFollowers: targetFollowers.map((f) => f.email),
      by,
      score,
      at: clock(),
    });
    if (!planned.ok) return planned.refusal?.reason === "already_merged" ? namingHolder(services, source.orgId, planned.refusal) : planned;
    if (await store.applyMerge(planned.value, [mergedEvent(planned.value, ids.id())])) return planned;
    const [again, into] = await Promise.all([store.findFeedback(source.orgId, source.id), store.findFeedback(target.orgId, target.id)]);
    if (!again || !into) return fail("not_found");
    pair = { source: again, target: into };
  }
  throw new Error(`merge of ${source.id} into ${target.id} kept changing under ${MAX_ATTEMPTS} attempts`);
}

/** A merge refused for a feedback merged already, naming the feedback that holds it now (a stale page meant to merge it). */
async function namingHolder(
  services: MergeIntoDeps,
  orgId: string,
  refusal: Extract<MergeRefusal, { reason: "already_merged" }>,
): Promise<Result<MergeRecord>> {
  const holder = await resolveFeedback(services, orgId, refusal.feedback);
  return refuse("cannot_merge", { ...refusal, ...(holder && { holder: holder.key }) });
}
