import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import { commentCreated } from "../feedback/add-comment.ts";
import { type FindDeps, resolveFeedback, noSuchFeedback } from "../feedback/find-feedback.ts";
import type { Grant } from "../model.ts";
import { notifyReplyJob } from "../notify/notify-reply.ts";
import type { Clock, Ids } from "../ports.ts";
import type { CommentStore } from "../store/comments.ts";

/**
 * A team member publishes a comment a portal person wrote while posting was `review` (held for the
 * team): it appears on the portal page, sends `comment.created`, and is e-mailed to the followers
 * but its author, as a comment public from the start. Reader refused; `not_found` for a comment
 * that is not held (already public, the team's own, or another feedback's).
 */
export async function publishHeldComment(
  services: FindDeps & { readonly clock: Clock; readonly ids: Pick<Ids, "id">; readonly store: Pick<CommentStore, "publishHeldComment"> },
  grant: Grant,
  keyOrId: string,
  commentId: string,
): Promise<Result<{ readonly key: string }>> {
  const allowed = authorize(grant, "feedbacks.update");
  if (!allowed.ok) return allowed;
  const feedback = await resolveFeedback(services, grant.orgId, keyOrId);
  if (!feedback) return noSuchFeedback(keyOrId);
  const at = services.clock();
  const published = await services.store.publishHeldComment(
    feedback.id,
    commentId,
    [commentCreated(services.ids.id(), commentId, feedback, at)],
    [notifyReplyJob(grant.orgId, feedback.id, commentId)],
    at,
  );
  return published ? ok({ key: feedback.key }) : fail("not_found");
}
