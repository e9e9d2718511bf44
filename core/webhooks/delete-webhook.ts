import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { WebhookStore } from "../store/webhooks.ts";

/** Removes a webhook; nothing more is sent to it. */
export async function deleteWebhook(
  services: { readonly store: Pick<WebhookStore, "deleteWebhook"> },
  grant: Grant,
  webhookId: string,
): Promise<Result<void>> {
  const allowed = authorize(grant, "webhooks.manage");
  if (!allowed.ok) return allowed;
  return (await services.store.deleteWebhook(grant.orgId, webhookId)) ? ok(undefined) : fail("not_found");
}
