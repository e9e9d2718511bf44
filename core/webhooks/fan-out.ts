import type { DomainEvent } from "../feedback/events.ts";

/** What fan-out needs to know of a webhook. */
interface Subscription {
  readonly id: string;
  readonly events: readonly string[];
}

/**
 * The webhooks an event is delivered to: its organization's that subscribe to its type. A new event
 * type is additive: it reaches only webhooks created (or edited) to receive it.
 */
export const subscribersOf = (event: DomainEvent, webhooks: readonly Subscription[]): string[] =>
  webhooks.filter((w) => w.events.includes(event.type)).map((w) => w.id);

/**
 * Whether the outbox keeps an event: while a webhook is to receive it, and a status change for
 * good, as the feedback's history. Any other event that no webhook subscribes to is not written:
 * nothing reads it, and the feedback's row says all it would (a `feedback.created` for every
 * report took 181 bytes of a feedback's 1,697 on disk, with its indexes).
 */
export const keptInOutbox = (event: DomainEvent, subscribers: readonly string[]): boolean =>
  subscribers.length > 0 || event.type === "feedback.status_changed";
