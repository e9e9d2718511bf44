import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import { type FindDeps, resolveFeedback } from "../feedback/find-feedback.ts";
import { type PresentDeps, presentFeedback } from "../feedback/present-feedback.ts";
import type { Grant } from "../model.ts";
import type { AddComment } from "../schemas/comment.ts";
import type { Feedback } from "../schemas/feedback.ts";
import type { Services } from "../services.ts";
import type { CommentStore } from "../store/comments.ts";

type AddCommentDeps = FindDeps & PresentDeps & Pick<Services, "clock" | "ids"> & { readonly store: Pick<CommentStore, "addComment"> };

/** MCP add_comment: a team member's comment, internal unless said public, without changing the status. */
export async function addComment(services: AddCommentDeps, grant: Grant, input: AddComment): Promise<Result<Feedback>> {
  const allowed = authorize(grant, "feedbacks.update");
  if (!allowed.ok) return allowed;
  const feedback = await resolveFeedback(services, grant.orgId, input.key);
  if (!feedback) return fail("not_found");
  await services.store.addComment({
    id: services.ids.id(),
    orgId: feedback.orgId,
    feedbackId: feedback.id,
    text: input.text.trim(),
    at: services.clock(),
    status: feedback.status,
    author: { userId: grant.userId },
    visibility: input.visibility ?? "internal",
    jobs: [],
  });
  return ok(await presentFeedback(services, feedback));
}
