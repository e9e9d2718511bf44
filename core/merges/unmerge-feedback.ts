import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { Feedback } from "../schemas/feedback.ts";
import type { Services } from "../services.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { MergeStore } from "../store/merges.ts";
import { type FindDeps, findByKeyOrId } from "../feedback/find-feedback.ts";
import { type PresentDeps, presentFeedback } from "../feedback/present-feedback.ts";
import { planUnmerge, unmergedEvent } from "./merge.ts";
import { refuse } from "./refusal.ts";

type UnmergeDeps = FindDeps &
  PresentDeps &
  Pick<Services, "clock" | "ids"> & {
    readonly store: Pick<FeedbackStore, "findFeedback" | "listReports"> & Pick<MergeStore, "findMerge" | "applyUnmerge">;
  };

/** An unmerge plans on what it read; a concurrent report or merge makes it plan again. */
const MAX_ATTEMPTS = 5;

/**
 * POST /v1/feedbacks/{key}/unmerge: undoes the merge that merged this feedback. It gets back its
 * reports, and answers for itself with its own status, followers and tracker link; the followers
 * the merge added leave the other; and the pair is never merged or suggested again. An unmerge
 * that would leave a report out of every visible feedback, or a feedback empty, is refused.
 */
export async function unmergeFeedback(services: UnmergeDeps, grant: Grant, keyOrId: string): Promise<Result<Feedback>> {
  const allowed = authorize(grant, "feedbacks.update");
  if (!allowed.ok) return allowed;
  const { store, clock, ids } = services;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const source = await findByKeyOrId(services, grant.orgId, keyOrId);
    if (!source) return fail("not_found");
    const merge = source.mergedInto ? await store.findMerge(grant.orgId, source.id) : null;
    if (!merge) return refuse("cannot_unmerge", { reason: "not_merged", feedback: source.key });
    const [target, held] = await Promise.all([store.findFeedback(grant.orgId, merge.targetId), store.listReports(merge.targetId)]);
    if (!target) return fail("cannot_unmerge");
    const planned = planUnmerge({ merge, source, target, targetReportIds: held.map((r) => r.id), at: clock(), by: grant.userId });
    if (!planned.ok) return planned;
    if (await store.applyUnmerge(planned.value, [unmergedEvent(planned.value, ids.id())])) {
      const { mergedInto: _, ...restored } = source;
      return ok(await presentFeedback(services, restored));
    }
  }
  throw new Error(`unmerge of ${keyOrId} kept changing under ${MAX_ATTEMPTS} attempts`);
}
