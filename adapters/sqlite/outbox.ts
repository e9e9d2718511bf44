import type { Database } from "bun:sqlite";
import type { DomainEvent, JobRequest } from "../../core/feedback/events.ts";
import { keptInOutbox, subscribersOf } from "../../core/webhooks/fan-out.ts";

/**
 * Writes an event to the outbox with, in the same transaction, one delivery per subscribed webhook;
 * an event that the outbox does not keep (keptInOutbox) is not written.
 */
export function insertEvent(db: Database, e: DomainEvent): void {
  // Read first, insert only for subscribers: most organizations have no webhook, and an INSERT … SELECT costs ten times the read.
  const webhooks = db
    .query<{ id: string; events: string }, [string]>("SELECT id, events FROM webhooks WHERE org_id = ?")
    .all(e.orgId)
    .map((w) => ({ id: w.id, events: JSON.parse(w.events) as string[] }));
  const subscribers = subscribersOf(e, webhooks);
  if (!keptInOutbox(e, subscribers)) return;
  db.query(
    "INSERT INTO events (id, org_id, feedback_id, type, previous_status, related_id, created_at, actor_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  ).run(
    e.id,
    e.orgId,
    e.feedbackId,
    e.type,
    "previousStatus" in e ? e.previousStatus : null,
    ("relatedId" in e ? e.relatedId : undefined) ?? null,
    e.createdAt,
    e.actorId ?? null,
  );
  for (const webhookId of subscribers) {
    db.query("INSERT INTO deliveries (webhook_id, event_id, run_at) VALUES (?, ?, ?)").run(webhookId, e.id, e.createdAt);
  }
}

export function insertJob(db: Database, job: JobRequest, runAt: number): void {
  db.query("INSERT INTO jobs (kind, org_id, feedback_id, detail, run_at) VALUES (?, ?, ?, ?, ?)").run(
    job.kind,
    job.orgId,
    job.feedbackId,
    job.detail ?? null,
    runAt,
  );
}
