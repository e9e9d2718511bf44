import type { ClientSession } from "mongodb";
import type { DomainEvent, JobRequest } from "../../core/feedback/events.ts";
import { keptInOutbox, subscribersOf } from "../../core/webhooks/fan-out.ts";
import { compoundId, type Database } from "./database.ts";

/**
 * Writes an event to the outbox and one pending delivery per subscribed webhook, in the caller's
 * transaction; an event that the outbox does not keep (keptInOutbox) is not written.
 */
export async function insertEvent(data: Database, event: DomainEvent, session: ClientSession): Promise<void> {
  // At most a handful per organization: all are read, and core says which subscribe.
  const webhooks = await data
    .collection("webhooks")
    .find({ orgId: event.orgId }, { session, projection: { _id: 1, events: 1 } })
    .toArray();
  const subscribers = subscribersOf(
    event,
    webhooks.map((w) => ({ id: String(w._id), events: w.events as string[] })),
  );
  if (!keptInOutbox(event, subscribers)) return;
  await data.collection("events").insertOne(
    {
      _id: event.id,
      orgId: event.orgId,
      feedbackId: event.feedbackId,
      type: event.type,
      previousStatus: "previousStatus" in event ? event.previousStatus : null,
      relatedId: ("relatedId" in event ? event.relatedId : undefined) ?? null,
      createdAt: event.createdAt,
      ...(event.actorId !== undefined && { actorId: event.actorId }),
    },
    { session },
  );
  if (subscribers.length === 0) return;
  await data.collection("deliveries").insertMany(
    subscribers.map((webhookId) => ({
      _id: compoundId(event.id, webhookId),
      webhookId,
      eventId: event.id,
      attempt: 0,
      runAt: event.createdAt,
      leaseToken: null,
      state: "pending",
    })),
    { session },
  );
}

/** Queues jobs in the caller's transaction (or alone, without one); a job is due at `runAt` and free while unleased. */
export async function insertJobs(data: Database, jobs: readonly JobRequest[], runAt: number, session?: ClientSession): Promise<void> {
  if (jobs.length === 0) return;
  await data.collection("jobs").insertMany(
    jobs.map((job) => ({
      _id: crypto.randomUUID(),
      kind: job.kind,
      orgId: job.orgId,
      feedbackId: job.feedbackId,
      ...(job.detail !== undefined && { detail: job.detail }),
      runAt,
      leaseUntil: 0,
      leaseToken: null,
      attempts: 0,
    })),
    { session },
  );
}
