import { Elysia } from "elysia";
import type { Result } from "../../../core/errors.ts";
import { addComment } from "../../../core/feedback/add-comment.ts";
import { publishFeedback } from "../../../core/portal/publish-feedback.ts";
import { publishHeldComment } from "../../../core/portal/publish-held-comment.ts";
import { unpublishFeedback } from "../../../core/portal/unpublish-feedback.ts";
import { CommentRequest } from "../../../core/schemas/comment.ts";
import { PublishRequest } from "../../../core/schemas/portal.ts";
import type { Feedback } from "../../../core/schemas/feedback.ts";
import type { Services } from "../../../core/services.ts";
import { redirect } from "../html.ts";
import { validator } from "../validate.ts";
import { asMemberPosting } from "../web/layout.ts";

const publishForm = validator(PublishRequest);
const commentRequest = validator(CommentRequest);

/** Back to the feedback's page, saying what was done or which refusal (post-redirect-get: a reload repeats nothing). */
function back(key: string, result: Result<Feedback>, done: string): Response {
  const path = `/inbox/${encodeURIComponent(result.ok ? result.value.key : key)}`;
  return redirect(`${path}?${result.ok ? `portal=${done}` : `portalError=${result.code}`}`);
}

/** The portal's actions on a feedback's page: publish (or update), unpublish, comment internally or publicly. */
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
        asMemberPosting(services, { request, cookie, body }, async (visitor) => {
          const published = await publishHeldComment(services, visitor.grant, params.key, params.commentId);
          const path = `/inbox/${encodeURIComponent(published.ok ? published.value.key : params.key)}`;
          return redirect(`${path}?${published.ok ? "portal=commentPublished" : `portalError=${published.code}`}`);
        }),
      { detail: { hide: true } },
    )
    .post(
      "/inbox/:key/comment",
      ({ request, params, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const asked = { text: field("text"), visibility: field("visibility") || "internal" };
          if (!commentRequest.check(asked)) return back(params.key, commentRequest.refuse("invalid_body", asked), "commented");
          return back(params.key, await addComment(services, visitor.grant, params.key, asked), "commented");
        }),
      { detail: { hide: true } },
    );
}
