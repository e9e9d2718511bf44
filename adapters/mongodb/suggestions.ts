import { newerFirst, type Suggestion } from "../../core/grouping/decision.ts";
import { dismissalOf, UNSUGGESTED } from "../../core/merges/dismissal.ts";
import type { SuggestionStore } from "../../core/store/suggestions.ts";
import { waitingPairs } from "../../core/merges/waiting-pairs.ts";
import { compoundId, type Database, plain } from "./database.ts";
import { mergedIds } from "./merged.ts";
import { dismiss } from "./merges.ts";

/** Suggested pairs, one document a pair (the newer feedback first), decisions kept on it. */
export function suggestionStore(data: Database): SuggestionStore {
  const suggestions = () => data.collection("suggestions");
  return {
    async saveSuggestions(list) {
      for (const s of list) {
        const [feedbackId, similarId] = newerFirst(s.feedbackId, s.similarId);
        // A decided pair keeps its decision: the filter misses it and the upsert's duplicate key is ignored.
        await suggestions()
          .updateOne(
            { _id: compoundId(feedbackId, similarId), dismissedAt: null },
            {
              $set: {
                orgId: s.orgId,
                appId: s.appId,
                feedbackId,
                similarId,
                score: s.score,
                sure: s.sure,
                matched: [...s.matched],
                at: s.at,
                dismissedAt: null,
              },
            },
            { upsert: true },
          )
          .catch((error: { code?: number }) => {
            if (error.code !== 11000) throw error;
          });
      }
    },

    async listSuggestions({ orgId, appId, feedbackId, ...query }) {
      const members = feedbackId === undefined ? [] : await mergedIds(data, feedbackId);
      const undecided = {
        orgId,
        dismissedAt: null,
        ...(appId && { appId }),
        // A pair keys a feedback on either side; $and, as the cursor's `after` takes $or.
        ...(feedbackId !== undefined && { $and: [{ $or: [{ feedbackId: { $in: members } }, { similarId: { $in: members } }] }] }),
      };
      /** The suggestions after `s` in the list's order: by score, then feedback, then pair. */
      const after = (s: Suggestion) => ({
        $or: [
          { score: { $lt: s.score } },
          { score: s.score, feedbackId: { $lt: s.feedbackId } },
          { score: s.score, feedbackId: s.feedbackId, _id: { $lt: compoundId(s.feedbackId, s.similarId) } },
        ],
      });
      return waitingPairs(query, {
        async undecided(last, size) {
          const read = await suggestions()
            .find(last ? { ...undecided, ...after(last) } : undecided)
            .sort({ score: -1, feedbackId: -1, _id: -1 })
            .limit(size)
            .toArray();
          // A suggestion saved before grouping said whether it was sure reads as not sure.
          return read.map((s) => ({ pair: { ...plain<Suggestion>(s, ["dismissedAt", "dismissedBy"]), sure: s.sure === true } }));
        },
        async sides(ids) {
          const found = await data
            .collection("feedbacks")
            .find({ _id: { $in: [...ids] }, orgId }, { projection: { _id: 1, mergedInto: 1, kind: 1, status: 1 } })
            .toArray();
          return found.map((f) => ({
            id: f._id as string,
            kind: f.kind,
            status: f.status,
            ...(f.mergedInto && { mergedInto: f.mergedInto as string }),
          }));
        },
        async dismissed(pairs) {
          const decided = await suggestions()
            .find(
              { _id: { $in: pairs.map((pair) => compoundId(...pair)) }, orgId, dismissedAt: { $ne: null } },
              { projection: { feedbackId: 1, similarId: 1 } },
            )
            .toArray();
          return decided.map((s) => [s.feedbackId as string, s.similarId as string] as const);
        },
      });
    },

    async dismissPair(orgId, feedbackId, similarId, at, by) {
      const feedback = await data.collection("feedbacks").findOne({ _id: feedbackId, orgId }, { projection: { appId: 1 } });
      if (feedback) await dismiss(data, dismissalOf({ orgId, appId: feedback.appId }, feedbackId, similarId, at, by));
    },

    async undismissPair(orgId, feedbackId, similarId) {
      const decided = { _id: compoundId(...newerFirst(feedbackId, similarId)), orgId, dismissedAt: { $ne: null } };
      // One transaction, as SQLite's: a dismissal landing between the two writes is not half undone.
      return data.transaction(async (session) => {
        const deleted = await suggestions().deleteOne({ ...decided, score: UNSUGGESTED }, { session });
        const reopened = await suggestions().updateOne(decided, { $set: { dismissedAt: null, dismissedBy: null } }, { session });
        return deleted.deletedCount + reopened.modifiedCount > 0;
      });
    },

    async dismissedWith(orgId, feedbackId) {
      const decided = await suggestions()
        .find(
          { orgId, dismissedAt: { $ne: null }, $or: [{ feedbackId }, { similarId: feedbackId }] },
          { projection: { feedbackId: 1, similarId: 1 } },
        )
        .toArray();
      return new Set(decided.map((s) => (s.feedbackId === feedbackId ? s.similarId : s.feedbackId) as string));
    },
  };
}
