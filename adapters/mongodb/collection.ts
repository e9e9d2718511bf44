import type { CollectionStore, NewFeedback, RecordedFeedback } from "../../core/store/collection.ts";
import { compoundId, type Database, isDuplicateKey, toDocument } from "./database.ts";
import { findAnswer, insertAnswer } from "./idempotency.ts";
import { channelCache } from "./channel-cache.ts";
import { insertEvent, insertJobs } from "./outbox.ts";
import { addToVocabulary } from "./search-terms.ts";
import { companiesOf, revenueOf } from "../../core/triage/companies.ts";
import { feedbackDocument, takeKey } from "./feedbacks.ts";
import { ownWords } from "../../core/feedback/search-words.ts";

/** Thrown inside a transaction to abort it when the month's quota is used up. */
class QuotaReached extends Error {}

/** Collection: what a channel key opens, and a report recorded as a new feedback with its effects. */
export function collectionStore(data: Database): CollectionStore {
  const channels = channelCache(data);
  const record = (input: NewFeedback): Promise<RecordedFeedback> =>
    data.transaction(async (session): Promise<RecordedFeedback> => {
      const f = input.feedback;
      const { answer } = input;
      const earlier = answer && (await findAnswer(data, answer.scope, answer.key, answer.now, session));
      if (earlier) return { state: "answered", answer: earlier };
      const { limit, month } = input.quota;
      // One document per organization and month; the conditional increment is the quota check: the filter
      // is core's quotaAllows (`used < limit`, none when unlimited) written as a query, so that two
      // concurrent reports cannot both take the last unit.
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
      const key = await takeKey(data, f.orgId, session);
      const r = input.report;
      await data
        .collection("feedbacks")
        .insertOne(
          feedbackDocument(
            { ...f, key, revenue: revenueOf(companiesOf([r])) },
            await addToVocabulary(data, ownWords({ key, title: f.title }, [r.report.message]), session),
            [r.source],
          ),
          {
            session,
          },
        );
      await data.collection("reports").insertOne({ ...toDocument(r), statusTokenHash: input.statusTokenHash }, { session });
      if (input.follower) {
        const { feedbackId, email, ...rest } = input.follower;
        await data
          .collection("followers")
          .updateOne({ _id: compoundId(feedbackId, email) }, { $setOnInsert: { feedbackId, email, ...rest } }, { upsert: true, session });
      }
      if (input.attachments.length > 0) await data.collection("attachments").insertMany(input.attachments.map(toDocument), { session });
      await insertEvent(data, input.event, session);
      await insertJobs(data, input.jobs, f.createdAt, session);
      if (input.qualificationId) await data.collection("qualifications").deleteOne({ _id: input.qualificationId }, { session });
      if (answer) await insertAnswer(data, { ...answer, response: answer.respond(key) }, session);
      return { state: "recorded", feedback: { ...f, key } };
    });

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
  };
}
