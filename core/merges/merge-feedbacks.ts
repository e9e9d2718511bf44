import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import { refuse } from "./refusal.ts";
import type { Grant } from "../model.ts";
import type { Feedback } from "../schemas/feedback.ts";
import { type FindDeps, findByKeyOrId, lookupKey, resolveFeedback } from "../feedback/find-feedback.ts";
import { type PresentDeps, presentFeedback } from "../feedback/present-feedback.ts";
import { mergeInto, type MergeIntoDeps } from "./merge-into.ts";

type MergeDeps = MergeIntoDeps & FindDeps & PresentDeps;

/**
 * POST /v1/feedbacks/{key}/merge: a person merges one feedback into another of the same app (the
 * one `into` names, or the feedback it was merged into since). Keys are matched in any case. Answers
 * with the feedback that now holds both; a refusal names the feedback at fault and why.
 */
export async function mergeFeedbacks(services: MergeDeps, grant: Grant, keyOrId: string, intoKeyOrId: string): Promise<Result<Feedback>> {
  const allowed = authorize(grant, "feedbacks.update");
  if (!allowed.ok) return allowed;
  const [source, target] = await Promise.all([findByKeyOrId(services, grant.orgId, keyOrId), resolveFeedback(services, grant.orgId, intoKeyOrId)]);
  if (!source) return refuse("not_found", { reason: "unknown_feedback", feedback: lookupKey(keyOrId).trim() });
  if (!target) return refuse("not_found", { reason: "unknown_feedback", feedback: lookupKey(intoKeyOrId).trim() });
  const merged = await mergeInto(services, source, target, grant.userId, null);
  if (!merged.ok) return merged;
  const survivor = await services.store.findFeedback(grant.orgId, target.id);
  return survivor ? ok(await presentFeedback(services, survivor)) : fail("not_found");
}
