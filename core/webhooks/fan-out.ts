import type { DomainEvent } from "../feedback/events.ts";

/** What fan-out needs to know of a webhook. */
export interface Subscription {
  readonly id: string;
  readonly events: readonly string[];
}

/**
 * The webhooks an event is delivered to: its organization's that subscribe to its type. A new event
 * type is additive: it reaches only webhooks created (or edited) to receive it.
 */
export const subscribersOf = (event: DomainEvent, webhooks: readonly Subscription[]): string[] =>
  webhooks.filter((w) => w.events.includes(event.type)).map((w) => w.id);
