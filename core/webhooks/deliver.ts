import { toSummary } from "../feedback/present.ts";
import type { DeliveryResult, Webhook } from "../model.ts";
import type { Services } from "../services.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { CommentStore } from "../store/comments.ts";
import type { PublicationStore } from "../store/publications.ts";
import type { ClaimedDelivery, DeliveryNext, WebhookStore } from "../store/webhooks.ts";
import { signatureHeader } from "../webhook-signature.ts";
import type { FindDeps } from "../feedback/find-feedback.ts";
import { entryEventBody, eventBody } from "./event-body.ts";
import type { ChangelogStore } from "../store/changelog.ts";
import { type PresentEntryDeps, presentEntry } from "../changelog/present-entry.ts";
import type { WebhookDeps } from "./webhook-deps.ts";
import { DELIVERY_TIMEOUT_MS, nextAttemptAt } from "./schedule.ts";
import { openSealed } from "../open-sealed.ts";

const USER_AGENT = "Retour-Webhooks/1";

/** What signing and sending an event needs. */
export type SendDeps = Pick<Services, "clock" | "ids" | "baseUrl" | "secrets">;
/** What delivering a claimed event reads and records. */
export type DeliverDeps = SendDeps &
  FindDeps &
  PresentEntryDeps & {
    readonly store: Pick<CatalogStore, "findApp" | "findFeature"> &
      Pick<WebhookStore, "finishDelivery"> &
      Pick<FollowerStore, "countFollowers"> &
      Pick<ChangelogStore, "findEntry"> &
      Pick<PublicationStore, "findPublications"> &
      Pick<CommentStore, "findComment">;
  };

/**
 * The secrets that sign now: the former one during a rotation's overlap, then the current one. One
 * that no longer opens (openSealed) cannot sign: the former one is left out, and without the
 * current one there is nothing to sign with (null).
 */
async function signingSecrets(services: SendDeps, webhook: Webhook, now: number): Promise<string[] | null> {
  const current = await openSealed(services.secrets, webhook.secretSealed);
  if (current === null) return null;
  const previous =
    webhook.previousSecretSealed && (webhook.previousExpiresAt ?? 0) > now ? await openSealed(services.secrets, webhook.previousSecretSealed) : null;
  return previous === null ? [current] : [previous, current];
}

/** Sends one signed body; never throws: a failure is a result. */
export async function send(services: SendDeps, deps: WebhookDeps, webhook: Webhook, type: string, body: string): Promise<DeliveryResult> {
  const started = services.clock();
  const secrets = await signingSecrets(services, webhook, started);
  if (!secrets) return { at: started, status: null, error: "its signing secret was sealed with a lost key: rotate it", durationMs: 0 };
  const headers = {
    "content-type": "application/json",
    "user-agent": `${USER_AGENT} (+${services.baseUrl})`,
    "service-signature": await signatureHeader(secrets, Math.floor(started / 1000), body),
    "service-event": type,
    "service-delivery": services.ids.id(),
  };
  const outcome = await deps.transport
    .deliver({ url: webhook.url, body, headers, timeoutMs: DELIVERY_TIMEOUT_MS })
    .catch((e: unknown) => ({ error: String(e) }));
  const durationMs = Math.max(0, Math.round(services.clock() - started));
  if ("error" in outcome) return { at: started, status: null, error: outcome.error, durationMs };
  const ok = outcome.status >= 200 && outcome.status < 300;
  return { at: started, status: outcome.status, error: ok ? null : `HTTP ${outcome.status}`, durationMs };
}

/** The body of a `changelog.published` delivery, null when the entry no longer exists. */
async function entryBody(services: DeliverDeps, delivery: ClaimedDelivery): Promise<string | null> {
  const entry = await services.store.findEntry(delivery.event.orgId, delivery.event.feedbackId);
  return entry && entryEventBody(delivery.event, await presentEntry(services, entry));
}

/** A delivery's attempt: what came of it, and what comes next. */
export interface Delivered {
  readonly result: DeliveryResult;
  readonly next: DeliveryNext;
}

/** Delivers a claimed event to its webhook and schedules what comes next: done, a retry, or abandonment. */
export async function deliver(services: DeliverDeps, deps: WebhookDeps, delivery: ClaimedDelivery): Promise<Delivered> {
  const aboutEntry = delivery.event.type === "changelog.published";
  const body = aboutEntry ? await entryBody(services, delivery) : null;
  // The feedback the event is about, by its own id: grouped into another since, it is still the one
  // created or changed, under its own key, so every retry of an event id describes the same feedback.
  const feedback = aboutEntry ? null : await services.store.findFeedback(delivery.event.orgId, delivery.event.feedbackId);
  let result: DeliveryResult;
  if (body) {
    result = await send(services, deps, delivery.webhook, delivery.event.type, body);
  } else if (!feedback) {
    result = { at: services.clock(), status: null, error: `${aboutEntry ? "changelog entry" : "feedback"} no longer exists`, durationMs: 0 };
  } else {
    const [app, feature, followers, publications] = await Promise.all([
      services.store.findApp(feedback.orgId, feedback.appId),
      feedback.featureId ? services.store.findFeature(feedback.orgId, feedback.featureId) : Promise.resolve(null),
      services.store.countFollowers([feedback.id]),
      services.store.findPublications([feedback.id]),
    ]);
    const summary = toSummary(feedback, {
      app: app ?? undefined,
      feature: feature ?? undefined,
      baseUrl: services.baseUrl,
      followers: followers.get(feedback.id) ?? 0,
      publication: publications.get(feedback.id),
    });
    const { type, relatedId } = delivery.event;
    const comment = type === "comment.created" && relatedId ? await services.store.findComment(relatedId) : null;
    // A status change names the changelog entry that made it, which no delivery names.
    const merging = type === "feedback.merged" || type === "feedback.unmerged";
    const other = merging && relatedId ? await services.store.findFeedback(feedback.orgId, relatedId) : null;
    const related = other && { id: other.id, key: other.key };
    result = await send(services, deps, delivery.webhook, type, eventBody(delivery.event, summary, related, comment));
  }
  const delivered = result.status !== null && result.status >= 200 && result.status < 300;
  const retryAt = delivered || !(feedback || body) ? null : nextAttemptAt(delivery.attempt, services.clock(), deps.retrySchedule);
  const next: DeliveryNext = delivered ? { state: "done" } : retryAt === null ? { state: "abandoned" } : { state: "retry", runAt: retryAt };
  await services.store.finishDelivery(delivery, next, result);
  return { result, next };
}
