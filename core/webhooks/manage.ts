import { authorize } from "../authorization.ts";
import { fail, invalid, ok, type Result } from "../errors.ts";
import type { DeliveryResult, Grant, Webhook } from "../model.ts";
import type { WebhookTransport } from "../ports.ts";
import type { Services } from "../services.ts";
import type { WebhookStore } from "../store/webhooks.ts";
import { MAX_WEBHOOKS_PER_ORGANIZATION, type WebhookCreate, type WebhookView, type WebhookWithSecret } from "./schemas.ts";
import type { FieldProblem } from "../schemas/field-problem.ts";
import { isPublicAddress } from "./address.ts";
import { checkResolved, checkWebhookUrl, type TargetProblem } from "./target.ts";

export interface WebhookDeps {
  readonly transport: WebhookTransport;
  /** Development only: http and private addresses allowed. */
  readonly allowPrivate: boolean;
  readonly retrySchedule: readonly number[];
}

/** After a rotation, the former secret keeps signing for this long. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();
const resultView = (r: DeliveryResult) => ({ at: iso(r.at), status: r.status, error: r.error, durationMs: r.durationMs });

export const webhookView = (w: Webhook): WebhookView => ({
  id: w.id,
  url: w.url,
  events: [...w.events],
  createdAt: iso(w.createdAt),
  lastDelivery: w.lastDelivery ? resultView(w.lastDelivery) : null,
});

/** What managing webhooks reads and writes. */
export type ManageDeps = Pick<Services, "ids" | "secrets" | "clock"> & {
  readonly store: Pick<WebhookStore, "createWebhook" | "listWebhooks" | "deleteWebhook" | "findWebhook" | "rotateWebhookSecret">;
};

const newSecret = (services: ManageDeps) => `whsec_${services.ids.secret()}`;

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

export async function createWebhook(services: ManageDeps, deps: WebhookDeps, grant: Grant, input: WebhookCreate): Promise<Result<WebhookWithSecret>> {
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

export async function listWebhooks(services: ManageDeps, grant: Grant): Promise<Result<{ data: WebhookView[] }>> {
  const allowed = authorize(grant, "webhooks.manage");
  if (!allowed.ok) return allowed;
  return ok({ data: (await services.store.listWebhooks(grant.orgId)).map(webhookView) });
}

export async function deleteWebhook(services: ManageDeps, grant: Grant, webhookId: string): Promise<Result<void>> {
  const allowed = authorize(grant, "webhooks.manage");
  if (!allowed.ok) return allowed;
  return (await services.store.deleteWebhook(grant.orgId, webhookId)) ? ok(undefined) : fail("not_found");
}

/** A new secret, shown once; the former one stays valid for 24 hours and both signatures are sent meanwhile. */
export async function rotateWebhookSecret(services: ManageDeps, grant: Grant, webhookId: string): Promise<Result<WebhookWithSecret>> {
  const allowed = authorize(grant, "webhooks.manage");
  if (!allowed.ok) return allowed;
  const webhook = await services.store.findWebhook(grant.orgId, webhookId);
  if (!webhook) return fail("not_found");
  const secret = newSecret(services);
  await services.store.rotateWebhookSecret(grant.orgId, webhookId, await services.secrets.seal(secret), services.clock() + ROTATION_OVERLAP_MS);
  return ok({ ...webhookView(webhook), secret });
}
