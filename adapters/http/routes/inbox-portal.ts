import { Elysia } from "elysia";
import { can } from "../../../core/authorization.ts";
import type { Result } from "../../../core/errors.ts";
import { addComment } from "../../../core/feedback/add-comment.ts";
import { getFeedback } from "../../../core/feedback/get-feedback.ts";
import { publishFeedback } from "../../../core/portal/publish-feedback.ts";
import { publishHeldComment } from "../../../core/portal/publish-held-comment.ts";
import { rejectHeldComment } from "../../../core/portal/reject-held-comment.ts";
import { unpublishFeedback } from "../../../core/portal/unpublish-feedback.ts";
import { CommentRequest } from "../../../core/schemas/comment.ts";
import { PublishRequest } from "../../../core/schemas/portal.ts";
import type { Services } from "../../../core/services.ts";
import { html, redirect } from "../html.ts";
import { validator } from "../validate.ts";
import { asMemberPosting } from "../web/layout.ts";
import { portalTeamWords } from "../web/portal-words.ts";
import { unconfirmed } from "../web/settings-page.ts";
import type { Visitor } from "../web/visitor.ts";

const publishForm = validator(PublishRequest);
const commentRequest = validator(CommentRequest);

/** Back to the feedback's page, saying what was done or which refusal (post-redirect-get: a reload repeats nothing). */
function back(key: string, result: Result<{ readonly key: string }>, done: string): Response {
  const path = `/inbox/${encodeURIComponent(result.ok ? result.value.key : key)}`;
  return redirect(`${path}?${result.ok ? `portal=${done}` : `portalError=${result.code}`}`);
}

/**
 * Rejecting deletes for good: asked once more, quoting the comment. Not asked of someone who may not
 * reject, nor for a comment no longer held here: the use case's refusal says why at once.
 */
async function askToReject(services: Services, visitor: Visitor, field: (name: string) => string, key: string, commentId: string) {
  if (!can(visitor.grant, "feedbacks.update")) return null;
  const read = await getFeedback(services, visitor.grant, key);
  const held = read.ok ? read.value.comments.find((c) => c.id === commentId && c.fromPortal && c.visibility === "internal") : undefined;
  if (!read.ok || !held) return null;
  const w = portalTeamWords(visitor.language);
  const path = `/inbox/${encodeURIComponent(read.value.key)}`;
  return unconfirmed(visitor, field, {
    action: `${path}/comments/${encodeURIComponent(commentId)}/reject`,
    question: w.confirmReject(held.author ?? ""),
    label: w.rejectConfirmed,
    back: path,
    detail: html`<blockquote class="message quote">${held.text}</blockquote><p class="muted">${w.rejectHint}</p>`,
  });
}

/** The portal's actions on a feedback's page: publish (or update), unpublish, comment internally or publicly, publish or reject a held comment. */
export function inboxPortalRoutes(services: Services) {
  return new Elysia({ name: "routes/inbox-portal" })
    .post(
      "/inbox/:key/publish",
      ({ request, params, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const title = field("title").trim();
          const asked = { ...(title && { title }), description: field("description") };
          if (!publishForm.check(asked)) return back(params.key, publishForm.refuse("invalid_body", asked), "published");
          return back(params.key, await publishFeedback(services, visitor.grant, params.key, asked), "published");
        }),
      { detail: { hide: true } },
    )
    .post(
      "/inbox/:key/unpublish",
      ({ request, params, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor) =>
          back(params.key, await unpublishFeedback(services, visitor.grant, params.key), "unpublished"),
        ),
      { detail: { hide: true } },
    )
    .post(
      "/inbox/:key/comments/:commentId/publish",
      ({ request, params, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor) =>
          back(params.key, await publishHeldComment(services, visitor.grant, params.key, params.commentId), "commentPublished"),
        ),
      { detail: { hide: true } },
    )
    .post(
      "/inbox/:key/comments/:commentId/reject",
      ({ request, params, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const asking = field("confirm") === "yes" ? null : await askToReject(services, visitor, field, params.key, params.commentId);
          if (asking) return asking;
          return back(params.key, await rejectHeldComment(services, visitor.grant, params.key, params.commentId), "commentRejected");
        }),
      { detail: { hide: true } },
    )
    .post(
      "/inbox/:key/comment",
      ({ request, params, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const asked = { text: field("text"), visibility: field("visibility") || "internal" };
          if (!commentRequest.check(asked)) return back(params.key, commentRequest.refuse("invalid_body", asked), "noted");
          // The notice says who sees it: the reporters (and the followers, by e-mail, where the service sends it), or the team only.
          const done = asked.visibility === "internal" ? "noted" : services.notifier.delivers ? "repliedMailed" : "replied";
          return back(params.key, await addComment(services, visitor.grant, params.key, asked), done);
        }),
      { detail: { hide: true } },
    );
}
