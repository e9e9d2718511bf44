import type { DeliveryResult, Webhook } from "../model.ts";
import type { StoredEvent } from "../webhooks/event-body.ts";

export interface ClaimedDelivery {
  readonly id: string;
  /** 1 for the first attempt. */
  readonly attempt: number;
  readonly leaseToken: string;
  readonly event: StoredEvent;
  readonly webhook: Webhook;
}

export type DeliveryNext = { readonly state: "done" } | { readonly state: "retry"; readonly runAt: number } | { readonly state: "abandoned" };

/** Webhooks, and the queue of their deliveries. */
export interface WebhookStore {
  /** Creates a webhook unless the organization already has `limit` of them; false then. */
  createWebhook(webhook: Webhook, limit: number): Promise<boolean>;
  /** The organization's webhooks, oldest first, ties by id. */
  listWebhooks(orgId: string): Promise<Webhook[]>;
  findWebhook(orgId: string, webhookId: string): Promise<Webhook | null>;
  deleteWebhook(orgId: string, webhookId: string): Promise<boolean>;
  /** Replaces the secret; the current one becomes the previous one until `previousExpiresAt`. */
  rotateWebhookSecret(orgId: string, webhookId: string, secretSealed: string, previousExpiresAt: number): Promise<boolean>;
  recordDeliveryResult(webhookId: string, result: DeliveryResult): Promise<void>;
  /**
   * Leases the next due delivery and counts the attempt. Finding it costs in proportion to the
   * deliveries due, not to all deliveries stored.
   */
  claimDelivery(now: number, leaseMs: number, leaseToken: string): Promise<ClaimedDelivery | null>;
  /** Records an attempt's outcome, if the lease is still held. */
  finishDelivery(delivery: ClaimedDelivery, next: DeliveryNext, result: DeliveryResult): Promise<void>;
}
