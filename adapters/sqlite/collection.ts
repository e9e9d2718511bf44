import type { Database } from "bun:sqlite";
import { quotaAllows } from "../../core/plans.ts";
import type { ChannelContext, CollectionStore, NewFeedback, RecordedFeedback } from "../../core/store/collection.ts";
import { insertAttachment } from "./attachments.ts";
import { channelCache } from "./channel-cache.ts";
import { findAnswer, insertAnswer } from "./idempotency.ts";
import { insertEvent, insertJob } from "./outbox.ts";
import { entryWaits } from "./search-entries.ts";
import { insertFeedback } from "./new-feedback.ts";
import { refOf, tokenHashValue } from "./rows.ts";
import type { WriteBatch } from "./write-batch.ts";

/** Collection: what a channel key opens, and a report recorded as a new feedback with its effects. */
export function collectionStore(db: Database, batch: WriteBatch): CollectionStore {
  /** Counts one feedback in the month's quota, unless that would pass the limit. Runs inside the write batch. */
  const consumeQuota = (orgId: string, month: string, limit: number | null): boolean => {
    const used =
      db.query<{ used: number }, [string, string]>("SELECT used FROM quota_usage WHERE org_id = ? AND month = ?").get(orgId, month)?.used ?? 0;
    if (!quotaAllows(used, limit)) return false;
    db.query("INSERT INTO quota_usage (org_id, month, used) VALUES (?, ?, 1) ON CONFLICT DO UPDATE SET used = used + 1").run(orgId, month);
    return true;
  };

  const record = (input: NewFeedback): RecordedFeedback => {
    const f = input.feedback;
    const { answer } = input;
    // Inside the write transaction, so of two requests with one key the second sees the first's answer.
    const earlier = answer && findAnswer(db, answer.scope, answer.key, answer.now);
    if (earlier) return { state: "answered", answer: earlier };
    if (!consumeQuota(f.orgId, input.quota.month, input.quota.limit)) return { state: "quota_exceeded" };
    const key = insertFeedback(db, f);
    // A feedback is found by its key, title and reports: its search entry is written after the 201 (search-entries.ts).
    entryWaits(db);
    const r = input.report;
    db.query(
      `INSERT INTO reports (id, feedback_ref, source, body, language, conversation, status_id, status_token_hash, at)
       VALUES (?, ${refOf("?")}, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      r.id,
      r.feedbackId,
      r.source,
      JSON.stringify(r.report),
      r.language,
      JSON.stringify(r.conversation),
      // A report tracked by its own id keeps no second one.
      r.statusId === r.id ? null : r.statusId,
      tokenHashValue(input.statusTokenHash),
      r.at,
    );
    if (input.follower) {
      const w = input.follower;
      db.query("INSERT OR IGNORE INTO followers (feedback_id, email, name, language, tracking_sealed) VALUES (?, ?, ?, ?, ?)").run(
        w.feedbackId,
        w.email,
        w.name ?? null,
        w.language,
        w.trackingSealed ?? null,
      );
    }
    for (const a of input.attachments) insertAttachment(db, a);
    insertEvent(db, input.event);
    for (const job of input.jobs) insertJob(db, job, f.createdAt);
    if (input.qualificationId) db.query("DELETE FROM qualifications WHERE id = ?").run(input.qualificationId);
    if (answer) insertAnswer(db, answer, answer.respond(key));
    return { state: "recorded", feedback: { ...f, key } };
  };

  const channels = channelCache(db);

  return {
    async findChannelByKey(key): Promise<ChannelContext | null> {
      return channels.get(key);
    },

    recordFeedback: (input) => batch.run(() => record(input)),
  };
}
