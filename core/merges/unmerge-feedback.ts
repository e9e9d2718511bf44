import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { FeedbackRecord, Grant } from "../model.ts";
import type { Feedback } from "../schemas/feedback.ts";
import type { Services } from "../services.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { MergeStore } from "../store/merges.ts";
import { type FindDeps, findByKeyOrId, noSuchFeedback } from "../feedback/find-feedback.ts";
import { type PresentDeps, presentFeedback } from "../feedback/present-feedback.ts";
import { holderKeys, type MergeRecord, planUnmerge, type Unmerge, unmergedEvent } from "./merge.ts";
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

/** What an unmerge plans on: the merge's target as it is now, and the reports it holds. */
interface TargetNow {
  readonly target: FeedbackRecord;
  readonly held: ReadonlySet<string>;
}

/** The merge's target as it is now, with the reports it holds; null when it is gone. */
async function targetNow(services: UnmergeReadDeps, orgId: string, targetId: string): Promise<TargetNow | null> {
  const [target, reports] = await Promise.all([services.store.findFeedback(orgId, targetId), services.store.listReports(targetId)]);
  return target && { target, held: new Set(reports.map((r) => r.id)) };
}

/** The reports a merge brought that its target, holding `held`, no longer holds. */
const goneFrom = (merge: MergeRecord, held: ReadonlySet<string>): string[] => merge.reportIds.filter((id) => !held.has(id));

/** Where the reports these merges brought and their target no longer holds are now (holdersOf): one read for all of them, none when none left. */
async function holdersOfGone(
  services: { readonly store: Pick<MergeStore, "holdersOf"> },
  now: TargetNow,
  merges: readonly MergeRecord[],
): Promise<ReadonlyMap<string, string>> {
  const gone = [...new Set(merges.flatMap((merge) => goneFrom(merge, now.held)))];
  return gone.length > 0 ? services.store.holdersOf(now.target.orgId, gone) : new Map();
}

/** Plans the undoing of a standing merge on its target as read; when reports the merge brought have left it, the refusal names the feedbacks holding them now. */
function planOn(
  now: TargetNow,
  holders: ReadonlyMap<string, string>,
  merge: MergeRecord,
  source: Pick<FeedbackRecord, "key">,
  at: number,
  by: string | null,
): Result<Unmerge> {
  const { target, held } = now;
  return planUnmerge({ merge, source, target, targetReports: held, holders: holderKeys(holders, goneFrom(merge, held)), at, by });
}

/** Plans the undoing of a standing merge on what the store holds now. */
export async function planUnmergeNow(
  services: UnmergeReadDeps,
  merge: MergeRecord,
  source: Pick<FeedbackRecord, "key">,
  at: number,
  by: string | null,
): Promise<Result<Unmerge>> {
  const now = await targetNow(services, merge.orgId, merge.targetId);
  if (!now) return fail("cannot_unmerge");
  return planOn(now, await holdersOfGone(services, now, [merge]), merge, source, at, by);
}

/**
 * Why the undoing of each standing merge into `target`, which holds the reports `heldReportIds` (as
 * its page read them), would be refused now, or null where it can be undone (the same plan an
 * unmerge makes): the feedback page offers Unmerge only then, and otherwise says why.
 */
export async function unmergeRefusals(
  services: { readonly store: Pick<MergeStore, "holdersOf"> },
  target: FeedbackRecord,
  heldReportIds: readonly string[],
  merged: ReadonlyArray<{ readonly merge: MergeRecord; readonly source: Pick<FeedbackRecord, "key"> }>,
): Promise<Array<MergeRefusal | null>> {
  // One set for all its merges, and one read of where the reports they lost are: a popular feedback holds thousands, each planned on every report it holds.
  const now = { target, held: new Set(heldReportIds) };
  const holders = await holdersOfGone(
    services,
    now,
    merged.map((m) => m.merge),
  );
  return merged.map(({ merge, source }) => {
    const planned = planOn(now, holders, merge, source, merge.at, null);
    return planned.ok ? null : (planned.refusal ?? { reason: "not_merged", feedback: source.key });
  });
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
 *
 * `undoing`: the merge that the Undo of a merge's notice names, taken back as a wrong click rather
 * than a judgement that the two differ: the pair is not dismissed and waits for review again as it
 * did; refused, with nothing written, once that merge was undone (a later merge is not its to take back).
 */
export async function unmergeFeedback(services: UnmergeDeps, grant: Grant, keyOrId: string, undoing?: string): Promise<Result<Feedback>> {
  const allowed = authorize(grant, "feedbacks.update");
  if (!allowed.ok) return allowed;
  const { store, clock, ids } = services;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const source = await findByKeyOrId(services, grant.orgId, keyOrId);
    if (!source) return noSuchFeedback(keyOrId);
    const merge = source.mergedInto ? await store.findMerge(grant.orgId, source.id) : null;
    if (undoing !== undefined && merge?.id !== undoing)
      return refuse("cannot_unmerge", { reason: "merge_undone", feedback: source.key, ...(merge && { mergedAgain: true }) });
    if (!merge) return refuse("cannot_unmerge", await notMerged(services, source));
    const planned = await planUnmergeNow(services, merge, source, clock(), grant.userId);
    if (!planned.ok) return planned;
    const unmerge = { ...planned.value, dismisses: undoing === undefined };
    if (await store.applyUnmerge(unmerge, [unmergedEvent(unmerge, ids.id())])) {
      const { mergedInto: _, ...restored } = source;
      return ok(await presentFeedback(services, restored));
    }
  }
  throw new Error(`unmerge of ${keyOrId} kept changing under ${MAX_ATTEMPTS} attempts`);
}
