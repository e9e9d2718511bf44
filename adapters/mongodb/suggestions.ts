import { newerFirst, type Suggestion } from "../../core/grouping/decision.ts";
import { dismissalOf } from "../../core/merges/dismissal.ts";
import type { SuggestionStore } from "../../core/store/suggestions.ts";
import { compoundId, type Database, plain } from "./database.ts";
import { NOT_MERGED } from "./feedbacks.ts";
import { dismiss } from "./merges.ts";

/** How many more suggestions than asked are read, to make up for those whose feedbacks were merged since. */
const OVERREAD = 4;

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
            { $set: { orgId: s.orgId, appId: s.appId, feedbackId, similarId, score: s.score, matched: [...s.matched], at: s.at, dismissedAt: null } },
            { upsert: true },
          )
          .catch((error: { code?: number }) => {
            if (error.code !== 11000) throw error;
          });
      }
    },

    async listSuggestions({ orgId, appId, limit, kinds }) {
      const open = await suggestions()
        .find({ orgId, dismissedAt: null, ...(appId && { appId }) })
        .sort({ score: -1, feedbackId: -1 })
        .limit(limit * OVERREAD)
        .toArray();
      const ids = [...new Set(open.flatMap((s) => [s.feedbackId as string, s.similarId as string]))];
      // The group of kinds of each feedback not merged: the two feedbacks of a pair listed are in one.
      const groupOf = new Map(
        (
          await data
            .collection("feedbacks")
            .find({ _id: { $in: ids }, ...NOT_MERGED }, { projection: { _id: 1, kind: 1 } })
            .toArray()
        ).map((f) => [f._id, kinds.findIndex((group) => group.includes(f.kind))]),
      );
      const oneSubject = (feedbackId: string, similarId: string) =>
        (groupOf.get(feedbackId) ?? -1) >= 0 && groupOf.get(feedbackId) === groupOf.get(similarId);
      return open
        .filter((s) => oneSubject(s.feedbackId, s.similarId))
        .slice(0, limit)
        .map((s) => plain<Suggestion>(s, ["dismissedAt", "dismissedBy"]));
    },

    async dismissPair(orgId, feedbackId, similarId, at, by) {
      const feedback = await data.collection("feedbacks").findOne({ _id: feedbackId, orgId }, { projection: { appId: 1 } });
      if (feedback) await dismiss(data, dismissalOf({ orgId, appId: feedback.appId }, feedbackId, similarId, at, by));
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
