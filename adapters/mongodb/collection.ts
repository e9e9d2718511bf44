import type { FeedbackRecord, ReportOutcome } from "../../core/model.ts";
import type {
  CollectionStore,
  IdempotencyClaim,
  IdempotencyStore,
  NewFeedback,
  QualificationSession,
  QualificationStore,
  RateLimitStore,
} from "../../core/store.ts";
import { compoundId, type Database, expiryDate, fromDocument, isDuplicateKey, toDocument } from "./database.ts";
import { channelCache } from "./channel-cache.ts";
import { insertEvent, insertJobs } from "./outbox.ts";
import { searchTerms } from "./search-terms.ts";

/** How long a claimed idempotency key counts as running before a crashed claim may be taken over. */
const RUNNING_LEASE_MS = 60_000;

/** Thrown inside a transaction to abort it when the month's quota is used up. */
class QuotaReached extends Error {}

export function collectionStore(data: Database): CollectionStore & RateLimitStore & IdempotencyStore & QualificationStore {
  const channels = channelCache(data);
  const record = (input: NewFeedback): Promise<FeedbackRecord> =>
    data.transaction(async (session) => {
      const f = input.feedback;
      const { limit, month } = input.quota;
      // One document per organization and month; the conditional increment is the quota check.
      try {
        await data
          .collection("quota")
          .updateOne(
            { _id: compoundId(f.orgId, month), ...(limit !== null && { used: { $lt: limit } }) },
            { $inc: { used: 1 }, $setOnInsert: { orgId: f.orgId, month } },
            { upsert: true, session },
          );
      } catch (error) {
        if (isDuplicateKey(error)) throw new QuotaReached();
        throw error;
      }
      const org = await data
        .collection("organizations")
        .findOneAndUpdate({ _id: f.orgId }, { $inc: { nextSeq: 1 } }, { session, returnDocument: "before" });
      if (!org) throw new Error(`no organization ${f.orgId}`);
      const key = `${org.keyPrefix}-${org.nextSeq}`;
      const r = input.report;
      await data
        .collection("feedbacks")
        .insertOne({ ...toDocument({ ...f, key }), words: searchTerms(`${key} ${f.title}\n${r.report.message}`) }, { session });
      await data.collection("reports").insertOne({ ...toDocument(r), statusTokenHash: input.statusTokenHash }, { session });
      if (input.follower) {
        const { feedbackId, email, ...rest } = input.follower;
        await data
          .collection("followers")
          .updateOne({ _id: compoundId(feedbackId, email) }, { $setOnInsert: { feedbackId, email, ...rest } }, { upsert: true, session });
      }
      await insertEvent(data, input.event, session);
      await insertJobs(data, input.jobs, f.createdAt, session);
      return { ...f, key };
    });

  /** Takes over an idempotency record that is no longer live (expired, or a crashed claim). */
  const takeOver = async (id: string, fingerprint: string, now: number, expiresAt: number): Promise<boolean> => {
    const taken = await data
      .collection("idempotency")
      .updateOne(
        { _id: id, $or: [{ expiresAt: { $lte: now } }, { response: null, runningUntil: { $lte: now } }] },
        { $set: { fingerprint, response: null, runningUntil: now + RUNNING_LEASE_MS, expiresAt, expiresAtDate: expiryDate(expiresAt) } },
      );
    return taken.modifiedCount === 1;
  };

  return {
    findChannelByKey: (key) => channels.get(key),

    async recordFeedback(input) {
      try {
        return await record(input);
      } catch (error) {
        if (error instanceof QuotaReached) return null;
        throw error;
      }
    },

    async hitRateLimit(bucket, expiresAt) {
      const update = { $inc: { count: 1 }, $setOnInsert: { expiresAt, expiresAtDate: expiryDate(expiresAt) } };
      for (;;) {
        try {
          const counter = await data.collection("rate_counters").findOneAndUpdate({ _id: bucket }, update, { upsert: true, returnDocument: "after" });
          return counter!.count as number;
        } catch (error) {
          // Two first hits raced on the upsert; the loser counts on the winner's document.
          if (!isDuplicateKey(error)) throw error;
        }
      }
    },

    async claimIdempotencyKey(scope, key, fingerprint, now, expiresAt): Promise<IdempotencyClaim> {
      const id = compoundId(scope, key);
      for (;;) {
        try {
          await data.collection("idempotency").insertOne({
            _id: id,
            fingerprint,
            response: null,
            runningUntil: now + RUNNING_LEASE_MS,
            expiresAt,
            expiresAtDate: expiryDate(expiresAt),
          });
          return { state: "claimed" };
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
        const existing = await data.collection("idempotency").findOne({ _id: id });
        if (!existing) continue;
        const live = existing.expiresAt > now && (existing.response !== null || existing.runningUntil > now);
        if (live) {
          if (existing.fingerprint !== fingerprint) return { state: "reused" };
          if (existing.response === null) return { state: "in_progress" };
          return { state: "replay", response: existing.response as ReportOutcome };
        }
        if (await takeOver(id, fingerprint, now, expiresAt)) return { state: "claimed" };
      }
    },

    async completeIdempotencyKey(scope, key, response) {
      await data.collection("idempotency").updateOne({ _id: compoundId(scope, key) }, { $set: { response, runningUntil: null } });
    },

    async releaseIdempotencyKey(scope, key) {
      await data.collection("idempotency").deleteOne({ _id: compoundId(scope, key), response: null });
    },

    async saveQualification(session) {
      await data
        .collection("qualifications")
        .replaceOne({ _id: session.id }, { ...toDocument(session), expiresAtDate: expiryDate(session.expiresAt) }, { upsert: true });
    },

    async findQualification(id, now) {
      const found = await data.collection("qualifications").findOne({ _id: id, expiresAt: { $gt: now } });
      return found ? fromDocument<QualificationSession>(found, ["expiresAtDate"]) : null;
    },

    async endQualification(id) {
      await data.collection("qualifications").deleteOne({ _id: id });
    },
  };
}
