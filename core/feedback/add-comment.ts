import { authorize } from "../authorization.ts";
import { fail, invalid, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { Feedback } from "../schemas/feedback.ts";
import type { CommentRequest } from "../schemas/portal.ts";
import type { Services } from "../services.ts";
import type { CommentStore } from "../store/comments.ts";
import { type FindDeps, resolveFeedback } from "./find-feedback.ts";
import { type PresentDeps, presentFeedback } from "./present-feedback.ts";

/**
 * POST /v1/feedbacks/{key}/comments: a comment on its own, internal (the team only) or public (on
 * the portal once the feedback is published). A public one sends `comment.created`, with it, in one
 * transaction.
 */
export async function addComment(
  services: FindDeps & PresentDeps & Pick<Services, "clock" | "ids"> & { readonly store: Pick<CommentStore, "addComment"> },
  grant: Grant,
  keyOrId: string,
  request: CommentRequest,
): Promise<Result<Feedback>> {
  const allowed = authorize(grant, "feedbacks.update");
  if (!allowed.ok) return allowed;
  const text = request.text.trim();
  if (!text) return invalid("invalid_body", { field: "text", reason: "missing" });
  const feedback = await resolveFeedback(services, grant.orgId, keyOrId);
  if (!feedback) return fail("not_found");
  const { clock, ids } = services;
  const at = clock();
  const comment = { id: ids.id(), orgId: grant.orgId, feedbackId: feedback.id, userId: grant.userId, text, visibility: request.visibility, at };
  const events =
    request.visibility === "public"
      ? [{ type: "comment.created" as const, relatedId: comment.id, id: ids.id(), orgId: grant.orgId, feedbackId: feedback.id, createdAt: at }]
      : [];
  await services.store.addComment(comment, feedback.status, events);
  return ok(await presentFeedback(services, feedback));
}
