import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { DeliveryResult, Grant } from "../model.ts";
import type { WebhookStore } from "../store/webhooks.ts";
import { type SendDeps, send } from "./deliver.ts";
import type { WebhookDeps } from "./webhook-deps.ts";

/** A test event to one webhook, sent now: type `webhook.test`, signed like any other, its result kept as the last delivery. */
export async function testWebhook(
  services: SendDeps & { readonly store: Pick<WebhookStore, "findWebhook" | "recordDeliveryResult"> },
  deps: WebhookDeps,
  grant: Grant,
  webhookId: string,
): Promise<Result<{ readonly url: string; readonly result: DeliveryResult }>> {
  const allowed = authorize(grant, "webhooks.manage");
  if (!allowed.ok) return allowed;
  const webhook = await services.store.findWebhook(grant.orgId, webhookId);
  if (!webhook) return fail("not_found");
  const body = JSON.stringify({
    id: services.ids.id(),
    type: "webhook.test",
    createdAt: new Date(services.clock()).toISOString(),
    data: { webhook: { id: webhook.id, url: webhook.url } },
  });
  const result = await send(services, deps, webhook, "webhook.test", body);
  await services.store.recordDeliveryResult(webhook.id, result);
  return ok({ url: webhook.url, result });
}
