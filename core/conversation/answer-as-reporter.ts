import { commentCreated } from "../feedback/add-comment.ts";
import { fail, invalid, ok, type Result } from "../errors.ts";
import { resolveFeedback, type FindDeps } from "../feedback/find-feedback.ts";
import { isTrackingToken } from "../report/tracking-token.ts";
import { CommentText } from "../schemas/comment.ts";
import { firstProblem } from "../schemas/field-problem.ts";
import type { Services } from "../services.ts";
import type { CommentStore } from "../store/comments.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";

type AnswerDeps = FindDeps &
  Pick<Services, "digest" | "clock" | "ids"> & { readonly store: Pick<FeedbackStore, "findReportByStatusId"> & Pick<CommentStore, "addComment"> };

/**
 * The reporter answers from their tracking page: a public comment by them (their report is its
 * author), and the team is told by e-mail (`notify_answer`, queued with it). An unknown or wrong
 * tracking link is `not_found`, as the page itself says.
 */
export async function answerAsReporter(
  services: AnswerDeps,
  statusId: string,
  token: string,
  text: string,
): Promise<Result<{ readonly commentId: string }>> {
  const found = await services.store.findReportByStatusId(statusId);
  if (!found || !isTrackingToken(services.digest, token, found.tokenHash)) return fail("not_found");
  const feedback = await resolveFeedback(services, found.report.orgId, found.report.feedbackId);
  if (!feedback) return fail("not_found");
  const written = text.trim();
  const problem = firstProblem(CommentText, written);
  if (problem) return invalid("invalid_body", { ...problem, field: "text" });
  const commentId = services.ids.id();
  const at = services.clock();
  await services.store.addComment({
    id: commentId,
    orgId: feedback.orgId,
    feedbackId: feedback.id,
    text: written,
    at,
    status: feedback.status,
    author: { reportId: found.report.id },
    visibility: "public",
    events: [commentCreated(services.ids.id(), commentId, feedback, at)],
    jobs: [{ kind: "notify_answer", orgId: feedback.orgId, feedbackId: feedback.id }],
  });
  return ok({ commentId });
}
