import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { FeedbackRecord, Grant } from "../model.ts";
import type { Feedback } from "../schemas/feedback.ts";
import type { Services } from "../services.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { MergeStore } from "../store/merges.ts";
import { type FindDeps, findByKeyOrId, noSuchFeedback } from "../feedback/find-feedback.ts";
import { type PresentDeps, presentFeedback } from "../feedback/present-feedback.ts";
import { type MergeRecord, planUnmerge, type Unmerge, unmergedEvent } from "./merge.ts";
import { type MergedHereDeps, mergedHere } from "./merged-here.ts";
import { type MergeRefusal, refuse } from "./refusal.ts";

/** What planning an unmerge reads: the merge's target, the reports it holds, and where the others are. */
export type UnmergeReadDeps = {
  readonly store: Pick<FeedbackStore, "findFeedback" | "listReports"> & Pick<MergeStore, "holdersOf">;
};

type UnmergeDeps = FindDeps &
  PresentDeps &
  UnmergeReadDeps &
  Pick<Services, "clock" | "ids"> & {
    readonly store: Pick<MergeStore, "findMerge" | "applyUnmerge">;
  };

/**
 * Plans the undoing of a standing merge on what the store holds now. When reports the merge brought
 * have left its target, the refusal names the feedbacks holding them now.
 */
export async function planUnmergeNow(
  services: UnmergeReadDeps,
  merge: MergeRecord,
  source: Pick<FeedbackRecord, "key">,
  at: number,
  by: string | null,
): Promise<Result<Unmerge>> {
  const { store } = services;
  const [target, held] = await Promise.all([store.findFeedback(merge.orgId, merge.targetId), store.listReports(merge.targetId)]);
  if (!target) return fail("cannot_unmerge");
  const heldIds = held.map((r) => r.id);
  const kept = new Set(heldIds);
  const gone = merge.reportIds.filter((id) => !kept.has(id));
  const holders = gone.length > 0 ? await store.holdersOf(merge.orgId, gone) : [];
  return planUnmerge({ merge, source, target, targetReportIds: heldIds, holders, at, by });
}

/**
 * Why the undoing of a standing merge would be refused now, or null when it can be undone: the
 * feedback page offers Unmerge only then, and otherwise says why (asked of the same plan).
 */
export async function unmergeRefusal(
  services: UnmergeReadDeps,
  merge: MergeRecord,
  source: Pick<FeedbackRecord, "key">,
): Promise<MergeRefusal | null> {
  const planned = await planUnmergeNow(services, merge, source, merge.at, null);
  return planned.ok ? null : (planned.refusal ?? { reason: "not_merged", feedback: source.key });
}

/** Why a feedback merged into none cannot be unmerged; when others were merged into it, their keys, which can. */
async function notMerged(services: MergedHereDeps, feedback: Pick<FeedbackRecord, "orgId" | "id" | "key">): Promise<MergeRefusal> {
  const here = (await mergedHere(services, feedback)).map((m) => m.key);
  return { reason: "not_merged", feedback: feedback.key, ...(here.length > 0 && { mergedHere: here }) };
}

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
    if (!source) return noSuchFeedback(keyOrId);
    const merge = source.mergedInto ? await store.findMerge(grant.orgId, source.id) : null;
    if (!merge) return refuse("cannot_unmerge", await notMerged(services, source));
    const planned = await planUnmergeNow(services, merge, source, clock(), grant.userId);
    if (!planned.ok) return planned;
    if (await store.applyUnmerge(planned.value, [unmergedEvent(planned.value, ids.id())])) {
      const { mergedInto: _, ...restored } = source;
      return ok(await presentFeedback(services, restored));
    }
  }
  throw new Error(`unmerge of ${keyOrId} kept changing under ${MAX_ATTEMPTS} attempts`);
}
