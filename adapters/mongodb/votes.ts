import type { ClientSession } from "mongodb";
import type { VoteStore } from "../../core/store/votes.ts";
import type { VoteRecord } from "../../core/votes/vote.ts";
import { compoundId, type Database } from "./database.ts";
import { mergedIds } from "./merged.ts";
import { insertEvent } from "./outbox.ts";

/**
 * Sets a feedback's votes to the people who voted for it or for a feedback merged into it, each
 * once: what merges, unmerges and withdrawals call in their transactions.
 */
export async function recountVotes(data: Database, feedbackId: string, session: ClientSession): Promise<void> {
  const ids = await mergedIds(data, feedbackId, session);
  const votes = await data
    .collection("votes")
    .find({ feedbackId: { $in: ids } }, { session, projection: { email: 1 } })
    .toArray();
  await data.collection("feedbacks").updateOne({ _id: feedbackId }, { $set: { votes: new Set(votes.map((v) => v.email)).size } }, { session });
}

/** Votes, each person's own; a feedback's `votes` counts them over what it answers for. */
export function voteStore(data: Database): VoteStore {
  const votes = () => data.collection("votes");
  return {
    castVote: (orgId, vote, status, follower, events) =>
      data.transaction(async (session) => {
        const feedback = await data
          .collection("feedbacks")
          .findOne({ _id: vote.feedbackId, orgId }, { session, projection: { status: 1, mergedInto: 1 } });
        if (!feedback || feedback.mergedInto !== undefined || feedback.status !== status) return "changed" as const;
        const ids = await mergedIds(data, vote.feedbackId, session);
        if (await votes().findOne({ feedbackId: { $in: ids }, email: vote.email }, { session, projection: { _id: 1 } })) return "held" as const;
        await votes().insertOne({ _id: compoundId(vote.feedbackId, vote.email), ...vote }, { session });
        await data.collection("feedbacks").updateOne({ _id: vote.feedbackId }, { $inc: { votes: 1 } }, { session });
        const { feedbackId, email, language, name } = follower;
        await data
          .collection("followers")
          .updateOne(
            { _id: compoundId(feedbackId, email) },
            { $setOnInsert: { feedbackId, email, language }, ...(name && { $set: { name } }) },
            { upsert: true, session },
          );
        for (const event of events) await insertEvent(data, event, session);
        return "cast" as const;
      }),

    withdrawVote: (orgId, feedbackId, email) =>
      data.transaction(async (session) => {
        if (!(await data.collection("feedbacks").findOne({ _id: feedbackId, orgId }, { session, projection: { _id: 1 } }))) return false;
        const ids = await mergedIds(data, feedbackId, session);
        const removed = await votes().deleteMany({ feedbackId: { $in: ids }, email }, { session });
        if (removed.deletedCount === 0) return false;
        for (const id of ids) await recountVotes(data, id, session);
        return true;
      }),

    async listVoters(orgId, feedbackId) {
      if (!(await data.collection("feedbacks").findOne({ _id: feedbackId, orgId }, { projection: { _id: 1 } }))) return [];
      const all = await votes()
        .find({ feedbackId: { $in: await mergedIds(data, feedbackId) } })
        .sort({ at: 1, _id: 1 })
        .toArray();
      const first = new Map<string, VoteRecord>();
      for (const v of all) {
        if (!first.has(v.email)) first.set(v.email, { feedbackId, email: v.email, ...(v.name && { name: v.name }), at: v.at });
      }
      return [...first.values()].sort((a, b) => a.at - b.at || (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
    },

    async countsVoter(orgId, feedbackId, email) {
      if (!(await data.collection("feedbacks").findOne({ _id: feedbackId, orgId }, { projection: { _id: 1 } }))) return false;
      // A vote's _id is its feedback and e-mail: one look-up per feedback of the merge tree.
      const ids = (await mergedIds(data, feedbackId)).map((id) => compoundId(id, email));
      return (await votes().findOne({ _id: { $in: ids } }, { projection: { _id: 1 } })) !== null;
    },
  };
}
