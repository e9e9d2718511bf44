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

/** What an unmerge plans on: the merge's target as it is now, and the reports it holds. */
interface TargetNow {
  readonly target: FeedbackRecord | null;
  readonly held: ReadonlySet<string>;
}

async function targetNow(services: UnmergeReadDeps, orgId: string, targetId: string): Promise<TargetNow> {
  const [target, reports] = await Promise.all([services.store.findFeedback(orgId, targetId), services.store.listReports(targetId)]);
  return { target, held: new Set(reports.map((r) => r.id)) };
}

/** Plans the undoing of a standing merge on its target as read; when reports the merge brought have left it, the refusal names the feedbacks holding them now. */
async function planOn(
  services: { readonly store: Pick<MergeStore, "holdersOf"> },
  now: TargetNow,
  merge: MergeRecord,
  source: Pick<FeedbackRecord, "key">,
  at: number,
  by: string | null,
): Promise<Result<Unmerge>> {
  if (!now.target) return fail("cannot_unmerge");
  const gone = merge.reportIds.filter((id) => !now.held.has(id));
  const holders = gone.length > 0 ? await services.store.holdersOf(merge.orgId, gone) : [];
  return planUnmerge({ merge, source, target: now.target, targetReports: now.held, holders, at, by });
}

/** Plans the undoing of a standing merge on what the store holds now. */
export async function planUnmergeNow(
  services: UnmergeReadDeps,
  merge: MergeRecord,
  source: Pick<FeedbackRecord, "key">,
  at: number,
  by: string | null,
): Promise<Result<Unmerge>> {
  return planOn(services, await targetNow(services, merge.orgId, merge.targetId), merge, source, at, by);
}

/** The most holdersOf reads the feedback page has in flight at once: a popular feedback has thousands of merges. */
const HOLDER_READS_AT_ONCE = 8;

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
  // One set for all its merges: a popular feedback holds thousands, each planned on every report it holds.
  const now = { target, held: new Set(heldReportIds) };
  const refusalOf = async ({ merge, source }: (typeof merged)[number]): Promise<MergeRefusal | null> => {
    const planned = await planOn(services, now, merge, source, merge.at, null);
    return planned.ok ? null : (planned.refusal ?? { reason: "not_merged", feedback: source.key });
  };
  // holdersOf answers for a set of reports, not for each, so each merge that lost reports reads its own; a few at a time.
  const refusals: Array<MergeRefusal | null> = [];
  for (let i = 0; i < merged.length; i += HOLDER_READS_AT_ONCE) {
    refusals.push(...(await Promise.all(merged.slice(i, i + HOLDER_READS_AT_ONCE).map(refusalOf))));
  }
  return refusals;
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
