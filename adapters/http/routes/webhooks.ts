import { Elysia } from "elysia";
import type { Grant } from "../../../core/model.ts";
import type { Services } from "../../../core/services.ts";
import { testWebhook } from "../../../core/webhooks/test-webhook.ts";
import { createWebhook, deleteWebhook, listWebhooks, rotateWebhookSecret } from "../../../core/webhooks/manage.ts";
import { DeliveryResultView, WebhookCreate, WebhookList, WebhookWithSecret } from "../../../core/webhooks/schemas.ts";
import { grantFor } from "../authorize.ts";
import { readJsonBody } from "../body.ts";
import { operation } from "../docs.ts";
import { failureResponse, json } from "../reply.ts";
import { validator } from "../validate.ts";

const createBody = validator(WebhookCreate);
const MANAGE = ["webhooks:manage"];
const AUTH = ["unauthorized", "invalid_token", "insufficient_scope", "forbidden", "rate_limited"] as const;

/** Webhook management for Admins (scope webhooks:manage, which agents cannot hold). Beyond the specification. */
export function webhookRoutes(services: Services, apiPerMinute: number) {
  const deps = services.webhooks;
  async function asAdmin(request: Request, handle: (grant: Grant) => Promise<Response>): Promise<Response> {
    const grant = await grantFor(services, request, "webhooks.manage", apiPerMinute);
    return grant.ok ? handle(grant.value) : grant.response!;
  }
  const path = { id: "Webhook id." };

  return new Elysia({ name: "routes/webhooks" })
    .get(
      "/v1/webhooks",
      ({ request }) =>
        asAdmin(request, async (grant) => {
          const listed = await listWebhooks(services, grant);
          return listed.ok ? json(listed.value) : failureResponse(request, listed);
        }),
      {
        detail: operation({
          summary: "List webhooks",
          description: "With the result of each webhook's last delivery.",
          tags: ["Webhooks"],
          responses: { 200: { description: "The webhooks.", schema: WebhookList } },
          errors: [...AUTH],
          bearer: MANAGE,
        }),
      },
    )
    .post(
      "/v1/webhooks",
      ({ request }) =>
        asAdmin(request, async (grant) => {
          const body = await readJsonBody(request);
          if (!createBody.check(body)) return failureResponse(request, createBody.refuse("invalid_webhook", body));
          const created = await createWebhook(services, deps, grant, body);
          return created.ok ? json(created.value, 201) : failureResponse(request, created);
        }),
      {
        parse: "none",
        detail: operation({
          summary: "Create a webhook",
          description: "The signing secret is in this answer only. At most 5 webhooks per organization; the address must be https and public.",
          tags: ["Webhooks"],
          body: WebhookCreate,
          responses: { 201: { description: "The webhook, with its secret.", schema: WebhookWithSecret } },
          errors: ["invalid_json", "invalid_webhook", "webhook_limit_reached", ...AUTH],
          bearer: MANAGE,
        }),
      },
    )
    .delete(
      "/v1/webhooks/:id",
      ({ request, params }) =>
        asAdmin(request, async (grant) => {
          const deleted = await deleteWebhook(services, grant, params.id);
          return deleted.ok ? new Response(null, { status: 204 }) : failureResponse(request, deleted);
        }),
      {
        detail: operation({
          summary: "Delete a webhook",
          tags: ["Webhooks"],
          path,
          responses: { 204: { description: "Deleted; its pending deliveries are dropped." } },
          errors: [...AUTH, "not_found"],
          bearer: MANAGE,
        }),
      },
    )
    .post(
      "/v1/webhooks/:id/test",
      ({ request, params }) =>
        asAdmin(request, async (grant) => {
          const tested = await testWebhook(services, deps, grant, params.id);
          if (!tested.ok) return failureResponse(request, tested);
          const { result } = tested.value;
          return json({ at: new Date(result.at).toISOString(), status: result.status, error: result.error, durationMs: result.durationMs });
        }),
      {
        detail: operation({
          summary: "Send a test event",
          description: "Sends a signed event of type webhook.test now and answers with the result.",
          tags: ["Webhooks"],
          path,
          responses: { 200: { description: "How the delivery went.", schema: DeliveryResultView } },
          errors: [...AUTH, "not_found"],
          bearer: MANAGE,
        }),
      },
    )
    .post(
      "/v1/webhooks/:id/rotate-secret",
      ({ request, params }) =>
        asAdmin(request, async (grant) => {
          const rotated = await rotateWebhookSecret(services, grant, params.id);
          return rotated.ok ? json(rotated.value) : failureResponse(request, rotated);
        }),
      {
        detail: operation({
          summary: "Rotate the signing secret",
          description:
            "Returns the new secret, once. For 24 hours the former secret stays valid and deliveries carry both signatures (v1=<old>,v1=<new>).",
          tags: ["Webhooks"],
          path,
          responses: { 200: { description: "The webhook, with its new secret.", schema: WebhookWithSecret } },
          errors: [...AUTH, "not_found"],
          bearer: MANAGE,
        }),
      },
    );
}
