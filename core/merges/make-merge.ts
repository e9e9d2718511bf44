import { authorize } from "../authorization.ts";
import { fail, invalid, ok, type Result } from "../errors.ts";
import { refuse } from "./refusal.ts";
import type { Grant } from "../model.ts";
import type { Feedback } from "../schemas/feedback.ts";
import { type FindDeps, findByKeyOrId, lookupKey, resolveFeedback } from "../feedback/find-feedback.ts";
import { type PresentDeps, presentFeedback } from "../feedback/present-feedback.ts";
import { mergeInto, type MergeIntoDeps } from "./merge-into.ts";

export type MakeMergeDeps = MergeIntoDeps & FindDeps & PresentDeps;

/**
 * A person merges one feedback into another (mergeFeedbacks, which answers the API, says how). The
 * answer names the merge too: the Undo of the web application's notice takes back that merge only.
 */
export async function makeMerge(
  services: MakeMergeDeps,
  grant: Grant,
  keyOrId: string,
  intoKeyOrId: string,
): Promise<Result<{ readonly feedback: Feedback; readonly mergeId: string }>> {
  const allowed = authorize(grant, "feedbacks.update");
  if (!allowed.ok) return allowed;
  // An empty key names no feedback to look for: said of the field, not as a feedback not found.
  if (!intoKeyOrId.trim()) return invalid("invalid_body", { field: "into", reason: "missing" });
  const [source, target] = await Promise.all([findByKeyOrId(services, grant.orgId, keyOrId), resolveFeedback(services, grant.orgId, intoKeyOrId)]);
  if (!source) return refuse("not_found", { reason: "unknown_feedback", feedback: lookupKey(keyOrId).trim() });
  if (!target) return refuse("not_found", { reason: "unknown_feedback", feedback: lookupKey(intoKeyOrId).trim() });
  const merged = await mergeInto(services, source, target, grant.userId, null);
  if (!merged.ok) return merged;
  const survivor = await services.store.findFeedback(grant.orgId, target.id);
  return survivor ? ok({ feedback: await presentFeedback(services, survivor), mergeId: merged.value.id }) : fail("not_found");
}
