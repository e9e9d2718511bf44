import type { Database } from "bun:sqlite";
import type { JobRequest } from "../../core/feedback/events.ts";
import type { Job, JobQueue } from "../../core/store/jobs.ts";
import { insertJob } from "./outbox.ts";
import type { WriteBatch } from "./write-batch.ts";

interface JobRow {
  id: number;
  kind: JobRequest["kind"];
  org_id: string;
  feedback_id: string;
  detail: string | null;
  attempts: number;
}

export function jobQueue(db: Database, batch: WriteBatch): JobQueue {
  return {
    async queueJob(request, runAt) {
      await batch.run(() => insertJob(db, request, runAt));
    },

    async hastenJob(request, runAt) {
      await batch.run(() =>
        db
          .query("UPDATE jobs SET run_at = ? WHERE kind = ? AND org_id = ? AND feedback_id = ? AND detail IS ? AND run_at > ?")
          .run(runAt, request.kind, request.orgId, request.feedbackId, request.detail ?? null, runAt),
      );
    },

    async claimJob(now, leaseMs, leaseToken) {
      // One statement: the due job is picked and leased atomically, so two workers never share it.
      // A read first: an idle poll must not take the write lock (several workers poll, in several processes).
      if (!db.query("SELECT 1 FROM jobs WHERE run_at <= ? AND (lease_until IS NULL OR lease_until <= ?) LIMIT 1").get(now, now)) return null;
      const row = await batch.run(() =>
        db
          .query<JobRow, [string, number, number, number]>(
            `UPDATE jobs SET lease_token = ?, lease_until = ?, attempts = attempts + 1
           WHERE id = (SELECT id FROM jobs WHERE run_at <= ? AND (lease_until IS NULL OR lease_until <= ?) ORDER BY run_at, id LIMIT 1)
           RETURNING id, kind, org_id, feedback_id, detail, attempts`,
          )
          .get(leaseToken, now + leaseMs, now, now),
      );
      if (!row) return null;
      const request = { kind: row.kind, orgId: row.org_id, feedbackId: row.feedback_id, ...(row.detail !== null && { detail: row.detail }) };
      return { id: String(row.id), request, attempts: row.attempts, leaseToken };
    },

    async renewJob(job, until) {
      return batch.run(
        () => db.query("UPDATE jobs SET lease_until = ? WHERE id = ? AND lease_token = ?").run(until, Number(job.id), job.leaseToken).changes > 0,
      );
    },

    async completeJob(job: Job) {
      await batch.run(() => db.query("DELETE FROM jobs WHERE id = ? AND lease_token = ?").run(Number(job.id), job.leaseToken));
    },

    async retryJob(job, runAt, error) {
      await batch.run(() =>
        db
          .query("UPDATE jobs SET run_at = ?, lease_token = NULL, lease_until = NULL, last_error = ? WHERE id = ? AND lease_token = ?")
          .run(runAt, error.slice(0, 2000), Number(job.id), job.leaseToken),
      );
    },
  };
}
