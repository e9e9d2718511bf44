import { authorize } from "../authorization.ts";
import { invalid, ok, type Result } from "../errors.ts";
import type { FeedbackRecord, Grant } from "../model.ts";
import type { CommentVisibility } from "../schemas/comment.ts";
import type { Feedback } from "../schemas/feedback.ts";
import type { Services } from "../services.ts";
import type { CommentStore } from "../store/comments.ts";
import type { DomainEvent } from "./events.ts";
import { type FindDeps, mergedAway, resolveFeedback, noSuchFeedback } from "./find-feedback.ts";
import { type PresentDeps, presentFeedback } from "./present-feedback.ts";
import { notifyReplyJob } from "../notify/notify-reply.ts";
import { mentionJobs } from "../team/mentions.ts";

/** `comment.created`: sent for a public comment, with it (`relatedId`). */
export const commentCreated = (id: string, commentId: string, feedback: Pick<FeedbackRecord, "id" | "orgId">, at: number): DomainEvent => ({
  type: "comment.created",
  relatedId: commentId,
  id,
  orgId: feedback.orgId,
  feedbackId: feedback.id,
  createdAt: at,
});

/**
 * A team member's comment on its own (POST /v1/feedbacks/{key}/comments, the inbox, MCP add_comment):
 * internal (the team only) or public (on the portal once the feedback is published, and on its
 * reporters' tracking pages). A public one sends `comment.created` and queues the e-mail to the
 * followers (notify-reply.ts), with it, in one transaction.
 */
export async function addComment(
  services: FindDeps & PresentDeps & Pick<Services, "clock" | "ids"> & { readonly store: Pick<CommentStore, "addComment"> },
  grant: Grant,
  keyOrId: string,
  request: { readonly text: string; readonly visibility?: CommentVisibility },
): Promise<Result<Feedback>> {
  const allowed = authorize(grant, "feedbacks.update");
  if (!allowed.ok) return allowed;
  const text = request.text.trim();
  if (!text) return invalid("invalid_body", { field: "text", reason: "missing" });
  const feedback = await resolveFeedback(services, grant.orgId, keyOrId);
  if (!feedback) return noSuchFeedback(keyOrId);
  const at = services.clock();
  const id = services.ids.id();
  const visibility = request.visibility ?? "internal";
  await services.store.addComment({
    id,
    orgId: grant.orgId,
    feedbackId: feedback.id,
    text,
    at,
    status: feedback.status,
    author: { userId: grant.userId },
    visibility,
    events: visibility === "public" ? [commentCreated(services.ids.id(), id, feedback, at)] : [],
    // A public reply is e-mailed to the followers (DESIGN §7), and members it mentions are told, from the job queue.
    jobs: [...(visibility === "public" ? [notifyReplyJob(grant.orgId, feedback.id, id)] : []), ...mentionJobs(grant.orgId, feedback.id, text)],
  });
  const presented = await presentFeedback(services, feedback);
  // A key merged into another comments on that one, and says so (mergedInto), as a status change does.
  return ok(mergedAway(feedback, keyOrId) ? { ...presented, mergedInto: feedback.key } : presented);
}
