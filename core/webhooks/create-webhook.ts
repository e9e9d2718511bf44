import { authorize } from "../authorization.ts";
import { fail, invalid, ok, type Result } from "../errors.ts";
import type { Grant, Webhook } from "../model.ts";
import type { FieldProblem } from "../schemas/field-problem.ts";
import type { Services } from "../services.ts";
import type { WebhookStore } from "../store/webhooks.ts";
import { isPublicAddress } from "./address.ts";
import { newSecret } from "./new-secret.ts";
import { MAX_WEBHOOKS_PER_ORGANIZATION, type WebhookCreate, type WebhookWithSecret } from "./schemas.ts";
import { checkResolved, checkWebhookUrl, type TargetProblem } from "./target.ts";
import type { WebhookDeps } from "./webhook-deps.ts";
import { webhookView } from "./webhook-view.ts";

/**
 * The address must be https and public, as written and as resolved now; a refusal names the
 * condition that failed and what was refused (never the credentials an address carries).
 */
async function checkTarget(deps: WebhookDeps, text: string): Promise<FieldProblem | null> {
  const target = checkWebhookUrl(text, deps.allowPrivate);
  if (!target.ok) return { field: "url", reason: target.problem, ...givenFor(target.problem, text) };
  const host = target.url.hostname.replace(/^\[|\]$/g, "");
  const addresses = await deps.transport.resolve(host).catch(() => []);
  const problem = checkResolved(addresses, deps.allowPrivate);
  if (!problem) return null;
  const resolved = addresses.find((a) => !isPublicAddress(a));
  return { field: "url", reason: problem, given: host, ...(resolved !== undefined && { resolved }) };
}

/** What a refusal of the address as written names: the address, its port or its host; never its credentials. */
function givenFor(problem: TargetProblem, text: string): { given?: string } {
  switch (problem) {
    case "not_url":
    case "not_https":
      return { given: text };
    case "port":
      return { given: new URL(text).port };
    case "private_address":
    case "unresolvable":
      return { given: new URL(text).hostname };
    case "credentials":
      return {};
  }
}

/** Adds a webhook to the organization once its address is checked; its secret is shown once. */
export async function createWebhook(
  services: Pick<Services, "ids" | "secrets" | "clock"> & { readonly store: Pick<WebhookStore, "createWebhook"> },
  deps: WebhookDeps,
  grant: Grant,
  input: WebhookCreate,
): Promise<Result<WebhookWithSecret>> {
  const allowed = authorize(grant, "webhooks.manage");
  if (!allowed.ok) return allowed;
  const problem = await checkTarget(deps, input.url);
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
