import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { FeedbackRecord, Grant } from "../model.ts";
import type { Feedback } from "../schemas/feedback.ts";
import type { MergeStore } from "../store/merges.ts";
import { type FindDeps, findByKeyOrId, holderOf, mergedAway, noSuchFeedback } from "./find-feedback.ts";
import { type PresentDeps, presentWithReports } from "./present-feedback.ts";
import { holderKeys } from "../merges/merge.ts";

type GetDeps = FindDeps &
  PresentDeps & {
    readonly store: Pick<MergeStore, "findMerge" | "holdersOf">;
  };

/**
 * GET /v1/feedbacks/{key}. A key grouped into another feedback answers with that one, and says so in
 * mergedInto. The merge stands even when reports it brought have left that feedback since (split
 * off, or taken back by another unmerge): the answer then names, in reportsMovedTo, the feedbacks
 * holding them now, so that it never passes for the one holding them.
 */
export async function getFeedback(services: GetDeps, grant: Grant, keyOrId: string): Promise<Result<Feedback>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  // The feedback asked for is read once: it names the merge whose moved reports are told.
  const asked = await findByKeyOrId(services, grant.orgId, keyOrId);
  const feedback = asked && (await holderOf(services, grant.orgId, asked));
  if (!asked || !feedback) return noSuchFeedback(keyOrId);
  const { feedback: shown, reports } = await presentWithReports(services, feedback);
  if (!mergedAway(feedback, keyOrId)) return ok(shown);
  // The reports it shows are those it holds: what moved since is told from them, not read again.
  const moved = await movedAway(services, asked, reports);
  return ok({ ...shown, mergedInto: feedback.key, ...(moved.length > 0 && { reportsMovedTo: moved }) });
}

/** The keys of the feedbacks holding the reports the merge of `asked` (a merged feedback) brought that are not among those shown (`shown`). */
async function movedAway(services: GetDeps, asked: FeedbackRecord, shown: readonly { readonly id: string }[]): Promise<string[]> {
  const { orgId } = asked;
  const merge = await services.store.findMerge(orgId, asked.id);
  if (!merge) return [];
  const held = new Set(shown.map((r) => r.id));
  const gone = merge.reportIds.filter((id) => !held.has(id));
  return gone.length > 0 ? holderKeys(await services.store.holdersOf(orgId, gone), gone) : [];
}
