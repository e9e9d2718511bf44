import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import { type FindDeps, resolveFeedback, noSuchFeedback } from "../feedback/find-feedback.ts";
import { type PresentDeps, presentFeedback } from "../feedback/present-feedback.ts";
import type { Grant } from "../model.ts";
import type { Feedback } from "../schemas/feedback.ts";
import type { PublicationStore } from "../store/publications.ts";

/** POST /v1/feedbacks/{key}/unpublish: the feedback leaves the portal at once (unpublishing one not published changes nothing). */
export async function unpublishFeedback(
  services: FindDeps & PresentDeps & { readonly store: Pick<PublicationStore, "unpublish"> },
  grant: Grant,
  keyOrId: string,
): Promise<Result<Feedback>> {
  const allowed = authorize(grant, "feedbacks.update");
  if (!allowed.ok) return allowed;
  const feedback = await resolveFeedback(services, grant.orgId, keyOrId);
  if (!feedback) return noSuchFeedback(keyOrId);
  await services.store.unpublish(grant.orgId, feedback.id);
  return ok(await presentFeedback(services, feedback));
}
