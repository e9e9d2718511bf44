import { Elysia } from "elysia";
import type { Services } from "../../../core/services.ts";
import { testWebhook } from "../../../core/webhooks/test-webhook.ts";
import { createWebhook } from "../../../core/webhooks/create-webhook.ts";
import { deleteWebhook } from "../../../core/webhooks/delete-webhook.ts";
import { listWebhooks } from "../../../core/webhooks/list-webhooks.ts";
import { rotateWebhookSecret } from "../../../core/webhooks/rotate-webhook-secret.ts";
import { DeliveryResultView, WebhookCreate, WebhookList, WebhookWithSecret } from "../../../core/webhooks/schemas.ts";
import { bearer } from "../bearer.ts";
import { jsonBodies, jsonBody } from "../json-body.ts";
import { operation } from "../docs.ts";
import { json } from "../reply.ts";

/** Webhook management for Admins (scope webhooks:manage, which agents cannot hold). Beyond the specification. */
export function webhookRoutes(services: Services, apiPerMinute: number) {
  const deps = services.webhooks;
  const path = { id: "Webhook id." };

  return new Elysia({ name: "routes/webhooks" })
    .use(bearer(services, apiPerMinute))
    .use(jsonBodies)
    .get(
      "/v1/webhooks",
      async ({ grant, refuse }) => {
        const listed = await listWebhooks(services, grant);
        return listed.ok ? json(listed.value) : refuse(listed);
      },
      {
        operation: "webhooks.manage",
        detail: operation({
          summary: "List webhooks",
          description: "With the result of each webhook's last delivery.",
          tags: ["Webhooks"],
          responses: { 200: { description: "The webhooks.", schema: WebhookList } },
        }),
      },
    )
    .post(
      "/v1/webhooks",
      async ({ grant, body, refuse }) => {
        const created = await createWebhook(services, deps, grant, body);
        return created.ok ? json(created.value, 201) : refuse(created);
      },
      {
        operation: "webhooks.manage",
        ...jsonBody(WebhookCreate, "invalid_webhook"),
        detail: operation({
          summary: "Create a webhook",
          description: "The signing secret is in this answer only. At most 5 webhooks per organization; the address must be https and public.",
          tags: ["Webhooks"],
          body: WebhookCreate,
          responses: { 201: { description: "The webhook, with its secret.", schema: WebhookWithSecret } },
          errors: ["invalid_json", "invalid_webhook", "webhook_limit_reached"],
        }),
      },
    )
    .delete(
      "/v1/webhooks/:id",
      async ({ params, grant, refuse }) => {
        const deleted = await deleteWebhook(services, grant, params.id);
        return deleted.ok ? new Response(null, { status: 204 }) : refuse(deleted);
      },
      {
        operation: "webhooks.manage",
        detail: operation({
          summary: "Delete a webhook",
          tags: ["Webhooks"],
          path,
          responses: { 204: { description: "Deleted; its pending deliveries are dropped." } },
          errors: ["not_found"],
        }),
      },
    )
    .post(
      "/v1/webhooks/:id/test",
      async ({ params, grant, refuse }) => {
        const tested = await testWebhook(services, deps, grant, params.id);
        if (!tested.ok) return refuse(tested);
        const { result } = tested.value;
        return json({ at: new Date(result.at).toISOString(), status: result.status, error: result.error, durationMs: result.durationMs });
      },
      {
        operation: "webhooks.manage",
        detail: operation({
          summary: "Send a test event",
          description: "Sends a signed event of type webhook.test now and answers with the result.",
          tags: ["Webhooks"],
          path,
          responses: { 200: { description: "How the delivery went.", schema: DeliveryResultView } },
          errors: ["not_found"],
        }),
      },
    )
    .post(
      "/v1/webhooks/:id/rotate-secret",
      async ({ params, grant, refuse }) => {
        const rotated = await rotateWebhookSecret(services, grant, params.id);
        return rotated.ok ? json(rotated.value) : refuse(rotated);
      },
      {
        operation: "webhooks.manage",
        detail: operation({
          summary: "Rotate the signing secret",
          description:
            "Returns the new secret, once. For 24 hours the former secret stays valid and deliveries carry both signatures (v1=<old>,v1=<new>).",
          tags: ["Webhooks"],
          path,
          responses: { 200: { description: "The webhook, with its new secret.", schema: WebhookWithSecret } },
          errors: ["not_found"],
        }),
      },
    );
}
