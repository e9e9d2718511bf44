import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import { type FindDeps, noSuchFeedback, resolveFeedback } from "../feedback/find-feedback.ts";
import type { Grant } from "../model.ts";
import type { CommentStore } from "../store/comments.ts";

/**
 * A team member rejects a comment a portal person wrote on this feedback while posting was
 * `review` (held for the team): it is deleted for good. It never reaches the portal, its author no
 * longer sees it waiting there, and nothing is sent: no e-mail, and no event (the specification
 * defines none for it). Reader refused. A comment of this feedback that is public (published,
 * perhaps by a teammate meanwhile) is refused with `comment_published`: rejecting takes nothing
 * off the portal. `not_found` for a comment not held on this feedback (a team member's, another
 * feedback's, or none).
 */
export async function rejectHeldComment(
  services: FindDeps & { readonly store: Pick<CommentStore, "deleteHeldComment" | "findComment"> },
  grant: Grant,
  keyOrId: string,
  commentId: string,
): Promise<Result<{ readonly key: string }>> {
  const allowed = authorize(grant, "feedbacks.update");
  if (!allowed.ok) return allowed;
  const feedback = await resolveFeedback(services, grant.orgId, keyOrId);
  if (!feedback) return noSuchFeedback(keyOrId);
  if (await services.store.deleteHeldComment(feedback.id, commentId)) return ok({ key: feedback.key });
  // Nothing was deleted: read only now, to say why, as it may have been published a moment ago.
  const comment = await services.store.findComment(commentId);
  return comment?.feedbackId === feedback.id && comment.visibility === "public" ? fail("comment_published") : fail("not_found");
}
