import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { WebhookStore } from "../store/webhooks.ts";
import type { WebhookView } from "./schemas.ts";
import { webhookView } from "./webhook-view.ts";

/** The organization's webhooks, without their secrets. */
export async function listWebhooks(
  services: { readonly store: Pick<WebhookStore, "listWebhooks"> },
  grant: Grant,
): Promise<Result<{ data: WebhookView[] }>> {
  const allowed = authorize(grant, "webhooks.manage");
  if (!allowed.ok) return allowed;
  return ok({ data: (await services.store.listWebhooks(grant.orgId)).map(webhookView) });
}
