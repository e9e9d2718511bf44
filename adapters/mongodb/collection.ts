import type { ReportOutcome } from "../../core/model.ts";
import type {
  CollectionStore,
  IdempotencyStore,
  IdempotentWrite,
  NewFeedback,
  QualificationSession,
  QualificationStore,
  RateLimitStore,
  RecordedFeedback,
  StoredAnswer,
} from "../../core/store.ts";
import type { ClientSession } from "mongodb";
import { compoundId, type Database, expiryDate, fromDocument, isDuplicateKey, toDocument } from "./database.ts";
import { channelCache } from "./channel-cache.ts";
import { insertEvent, insertJobs } from "./outbox.ts";
import { searchTerms } from "./search-terms.ts";

/** Thrown inside a transaction to abort it when the month's quota is used up. */
class QuotaReached extends Error {}

type AnswerWrite = IdempotentWrite & { readonly response: ReportOutcome };

export function collectionStore(data: Database): CollectionStore & RateLimitStore & IdempotencyStore & QualificationStore {
  const channels = channelCache(data);
  const answers = () => data.collection("idempotency");

  const findAnswer = async (scope: string, key: string, now: number, session?: ClientSession): Promise<StoredAnswer | null> => {
    const found = await answers().findOne({ _id: compoundId(scope, key), expiresAt: { $gt: now } }, { session });
    return found ? { fingerprint: found.fingerprint, response: found.response as ReportOutcome } : null;
  };

  /**
   * Stores an answer in the running transaction; an expired one under the same key is replaced.
   * Two transactions racing on one key conflict on this document, and the retried loser reads the winner's.
   */
  const insertAnswer = (write: AnswerWrite, session: ClientSession) =>
    answers().replaceOne(
      { _id: compoundId(write.scope, write.key) },
      { fingerprint: write.fingerprint, response: write.response, expiresAt: write.expiresAt, expiresAtDate: expiryDate(write.expiresAt) },
      { upsert: true, session },
    );

  const record = (input: NewFeedback): Promise<RecordedFeedback> =>
    data.transaction(async (session): Promise<RecordedFeedback> => {
      const f = input.feedback;
      const { answer } = input;
      const earlier = answer && (await findAnswer(answer.scope, answer.key, answer.now, session));
      if (earlier) return { state: "answered", answer: earlier };
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
      if (input.qualificationId) await data.collection("qualifications").deleteOne({ _id: input.qualificationId }, { session });
      if (answer) await insertAnswer({ ...answer, response: answer.respond(key) }, session);
      return { state: "recorded", feedback: { ...f, key } };
    });

  /** Runs `write` with an answer stored alongside, unless a live answer is already stored under its key. */
  const answering = (answer: AnswerWrite | undefined, write: (session?: ClientSession) => Promise<unknown>): Promise<StoredAnswer | null> => {
    if (!answer) return write().then(() => null);
    return data.transaction(async (session) => {
      const earlier = await findAnswer(answer.scope, answer.key, answer.now, session);
      if (earlier) return earlier;
      await write(session);
      await insertAnswer(answer, session);
      return null;
    });
  };

  return {
    findChannelByKey: (key) => channels.get(key),

    async recordFeedback(input) {
      try {
        return await record(input);
      } catch (error) {
        if (error instanceof QuotaReached) return { state: "quota_exceeded" };
        throw error;
      }
    },

    async rateCount(bucket) {
      return ((await data.collection("rate_counters").findOne({ _id: bucket }))?.count as number | undefined) ?? 0;
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

    findAnswer: (scope, key, now) => findAnswer(scope, key, now),

    saveAnswer: (write, response) => answering({ ...write, response }, async () => {}),

    saveQualification: (session, answer) =>
      answering(answer, (transaction) =>
        data
          .collection("qualifications")
          .replaceOne(
            { _id: session.id },
            { ...toDocument(session), expiresAtDate: expiryDate(session.expiresAt) },
            { upsert: true, ...(transaction && { session: transaction }) },
          ),
      ),

    async findQualification(id, now) {
      const found = await data.collection("qualifications").findOne({ _id: id, expiresAt: { $gt: now } });
      return found ? fromDocument<QualificationSession>(found, ["expiresAtDate"]) : null;
    },

    async endQualification(id) {
      await data.collection("qualifications").deleteOne({ _id: id });
    },
  };
}
