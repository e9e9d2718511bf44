import type { WebhookTransport } from "../ports.ts";

/** What reaching a webhook's address takes. */
export interface WebhookDeps {
  readonly transport: WebhookTransport;
  /** Development only: http and private addresses allowed. */
  readonly allowPrivate: boolean;
  readonly retrySchedule: readonly number[];
}
