import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { Feedback } from "../schemas/feedback.ts";
import { type FindDeps, lookupKey, resolveFeedback } from "./find-feedback.ts";
import { type PresentDeps, presentFeedback } from "./present-feedback.ts";

/** GET /v1/feedbacks/{key}. A key grouped into another feedback answers with that one, and says so in mergedInto. */
export async function getFeedback(services: FindDeps & PresentDeps, grant: Grant, keyOrId: string): Promise<Result<Feedback>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const feedback = await resolveFeedback(services, grant.orgId, keyOrId);
  if (!feedback) return fail("not_found");
  const shown = await presentFeedback(services, feedback);
  const mergedAway = feedback.key !== lookupKey(keyOrId) && feedback.id !== keyOrId;
  return ok(mergedAway ? { ...shown, mergedInto: feedback.key } : shown);
}
