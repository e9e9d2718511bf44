import { Elysia } from "elysia";
import type { Failure, Result } from "../../../core/errors.ts";
import { addComment } from "../../../core/feedback/add-comment.ts";
import { getPortal } from "../../../core/portal/get-portal.ts";
import { publishFeedback } from "../../../core/portal/publish-feedback.ts";
import { rotateSsoSecret } from "../../../core/portal/rotate-sso-secret.ts";
import { setPortal } from "../../../core/portal/set-portal.ts";
import { unpublishFeedback } from "../../../core/portal/unpublish-feedback.ts";
import { Feedback } from "../../../core/schemas/feedback.ts";
import { CommentRequest } from "../../../core/schemas/comment.ts";
import { Portal, PortalUpdate, PublishRequest, SsoSecret } from "../../../core/schemas/portal.ts";
import type { Services } from "../../../core/services.ts";
import { bearer } from "../bearer.ts";
import { operation } from "../docs.ts";
import { jsonBodies, jsonBody } from "../json-body.ts";
import { json, survivor } from "../reply.ts";

const KEY = { key: "The readable key or the identifier." };

/** The value as JSON, or the refusal with its challenge. */
const reply = <T>(refuse: (failure: Failure) => Response, result: Result<T>): Response => (result.ok ? json(result.value) : refuse(result));

/** The team's side of the portal: its settings and SSO secret (Admin), publishing feedbacks, comments internal or public. */
export function portalRoutes(services: Services, apiPerMinute: number) {
  return new Elysia({ name: "routes/portal" })
    .use(bearer(services, apiPerMinute))
    .use(jsonBodies)
    .get("/v1/portal", async ({ grant, refuse }) => reply(refuse, await getPortal(services, grant)), {
      operation: "portal.manage",
      detail: operation({
        summary: "Read the portal's settings",
        description: "The organization's public portal: off until an Admin turns it on. Admin only.",
        tags: ["Portal"],
        responses: { 200: { description: "The portal's settings.", schema: Portal } },
      }),
    })
    .put("/v1/portal", async ({ grant, body, refuse }) => reply(refuse, await setPortal(services, grant, body)), {
      operation: "portal.manage",
      ...jsonBody(PortalUpdate, "invalid_body"),
      detail: operation({
        summary: "Change the portal's settings",
        description: "The fields sent are changed, the others keep their value. Admin only.",
        tags: ["Portal"],
        body: PortalUpdate,
        responses: { 200: { description: "The portal's settings.", schema: Portal } },
        errors: ["invalid_json", "invalid_body", "slug_taken"],
      }),
    })
    .post("/v1/portal/sso-secret", async ({ grant, refuse }) => reply(refuse, await rotateSsoSecret(services, grant)), {
      operation: "portal.manage",
      detail: operation({
        summary: "Create or rotate the portal's SSO secret",
        description:
          "Returns a new secret, this once; tokens signed with the former one are refused from now on. The customer's server signs {sub, email, name?, exp} with it (HS256). Admin only.",
        tags: ["Portal"],
        responses: { 200: { description: "The new secret.", schema: SsoSecret } },
      }),
    })
    .post(
      "/v1/feedbacks/:key/publish",
      async ({ params, grant, body, refuse }) => reply(refuse, await publishFeedback(services, grant, params.key, body)),
      {
        operation: "feedbacks.update",
        ...jsonBody(PublishRequest, "invalid_body", { optional: true }),
        detail: operation({
          summary: "Publish a feedback on the portal",
          description:
            "The feedback appears on the portal with its public title (its title when none is given) and the public description the team writes. Nothing else of it is ever public: not its reports, reporters, context, attachments, internal comments, owner or severity.",
          tags: ["Portal"],
          path: KEY,
          body: PublishRequest,
          bodyOptional: true,
          responses: { 200: { description: "The feedback, published.", schema: Feedback } },
          errors: ["invalid_json", "invalid_body", "not_found"],
        }),
      },
    )
    .post("/v1/feedbacks/:key/unpublish", async ({ params, grant, refuse }) => reply(refuse, await unpublishFeedback(services, grant, params.key)), {
      operation: "feedbacks.update",
      detail: operation({
        summary: "Take a feedback off the portal",
        tags: ["Portal"],
        path: KEY,
        responses: { 200: { description: "The feedback, no longer published.", schema: Feedback } },
        errors: ["not_found"],
      }),
    })
    .post(
      "/v1/feedbacks/:key/comments",
      async ({ params, grant, body, refuse }) => {
        const commented = await addComment(services, grant, params.key, body);
        return commented.ok ? survivor(commented.value) : refuse(commented);
      },
      {
        operation: "feedbacks.update",
        ...jsonBody(CommentRequest, "invalid_body"),
        detail: operation({
          summary: "Comment on a feedback",
          description:
            "internal: the team only. public: also on the portal while the feedback is published, and sent as comment.created to the webhooks subscribed to it. At most 5000 characters. A key merged into another comments on that one, and says so as a read does (mergedInto, Content-Location).",
          tags: ["Feedbacks"],
          path: KEY,
          body: CommentRequest,
          responses: { 200: { description: "The feedback, with the comment.", schema: Feedback } },
          errors: ["invalid_json", "invalid_body", "not_found"],
        }),
      },
    );
}
