import { authorize } from "../authorization.ts";
import { fail, invalid, ok, type Result } from "../errors.ts";
import type { Grant, Webhook } from "../model.ts";
import type { Services } from "../services.ts";
import type { WebhookStore } from "../store/webhooks.ts";
import { newSecret } from "./new-secret.ts";
import { MAX_WEBHOOKS_PER_ORGANIZATION, type WebhookCreate, type WebhookWithSecret } from "./schemas.ts";
import { checkTarget } from "../outbound/target.ts";
import type { WebhookDeps } from "./webhook-deps.ts";
import { webhookView } from "./webhook-view.ts";

/** Adds a webhook to the organization once its address is checked; its secret is shown once. */
export async function createWebhook(
  services: Pick<Services, "ids" | "secrets" | "clock"> & { readonly store: Pick<WebhookStore, "createWebhook"> },
  deps: WebhookDeps,
  grant: Grant,
  input: WebhookCreate,
): Promise<Result<WebhookWithSecret>> {
  const allowed = authorize(grant, "webhooks.manage");
  if (!allowed.ok) return allowed;
  // Https and public, as written and as resolved now, on a port a public host serves HTTPS on.
  const rule = { resolve: deps.transport.resolve, allowPrivate: deps.allowPrivate };
  const problem = await checkTarget(rule, { field: "url", address: input.url });
  if (problem) return invalid("invalid_webhook", problem);
  const secret = newSecret(services);
  const webhook: Webhook = {
    id: services.ids.id(),
    orgId: grant.orgId,
    url: input.url,
    events: [...input.events],
    secretSealed: await services.secrets.seal(secret),
    previousSecretSealed: null,
    previousExpiresAt: null,
    createdAt: services.clock(),
    lastDelivery: null,
  };
  if (!(await services.store.createWebhook(webhook, MAX_WEBHOOKS_PER_ORGANIZATION))) return fail("webhook_limit_reached");
  return ok({ ...webhookView(webhook), secret });
}
