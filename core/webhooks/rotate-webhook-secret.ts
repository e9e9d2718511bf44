import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { Services } from "../services.ts";
import type { WebhookStore } from "../store/webhooks.ts";
import { newSecret } from "./new-secret.ts";
import type { WebhookWithSecret } from "./schemas.ts";
import { webhookView } from "./webhook-view.ts";

/** After a rotation, the former secret keeps signing for this long. */
const ROTATION_OVERLAP_MS = 24 * 60 * 60_000;

/** A new secret, shown once; the former one stays valid for 24 hours and both signatures are sent meanwhile. */
export async function rotateWebhookSecret(
  services: Pick<Services, "ids" | "secrets" | "clock"> & { readonly store: Pick<WebhookStore, "findWebhook" | "rotateWebhookSecret"> },
  grant: Grant,
  webhookId: string,
): Promise<Result<WebhookWithSecret>> {
  const allowed = authorize(grant, "webhooks.manage");
  if (!allowed.ok) return allowed;
  const webhook = await services.store.findWebhook(grant.orgId, webhookId);
  if (!webhook) return fail("not_found");
  const secret = newSecret(services);
  await services.store.rotateWebhookSecret(grant.orgId, webhookId, await services.secrets.seal(secret), services.clock() + ROTATION_OVERLAP_MS);
  return ok({ ...webhookView(webhook), secret });
}
