import { newerFirst, type Suggestion } from "../../core/grouping/decision.ts";
import { dismissalOf, UNSUGGESTED } from "../../core/merges/dismissal.ts";
import type { SuggestionStore } from "../../core/store/suggestions.ts";
import { compoundId, type Database, type Document, plain } from "./database.ts";
import { NOT_MERGED } from "./feedbacks.ts";
import { dismiss } from "./merges.ts";

/**
 * How many more suggestions than asked are read at a time, to make up for those left out (a
 * feedback merged since, or kinds no longer one subject); more are read until the page is full.
 */
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

    async listSuggestions({ orgId, appId, feedbackId, limit, kinds, closed }) {
      /** The pairs of a batch whose feedbacks are not merged, whose kinds are in one group, and one of which is open. */
      const listable = async (batch: Document[]) => {
        const ids = [...new Set(batch.flatMap((s) => [s.feedbackId as string, s.similarId as string]))];
        const found = await data
          .collection("feedbacks")
          .find({ _id: { $in: ids }, ...NOT_MERGED }, { projection: { _id: 1, kind: 1, status: 1 } })
          .toArray();
        const groupOf = new Map(found.map((f) => [f._id, kinds.findIndex((group) => group.includes(f.kind))]));
        const open = new Set(found.filter((f) => !closed.includes(f.status)).map((f) => f._id));
        const group = (id: string) => groupOf.get(id) ?? -1;
        return batch.filter(
          (s) => group(s.feedbackId) >= 0 && group(s.feedbackId) === group(s.similarId) && (open.has(s.feedbackId) || open.has(s.similarId)),
        );
      };
      const undecided = {
        orgId,
        dismissedAt: null,
        ...(appId && { appId }),
        // A pair keys a feedback on either side; $and, as the batches' `after` takes $or.
        ...(feedbackId !== undefined && { $and: [{ $or: [{ feedbackId }, { similarId: feedbackId }] }] }),
      };
      const listed: Document[] = [];
      /** The suggestions after `s` in the list's order: by score, then feedback, then pair. */
      const after = (s: Document) => ({
        $or: [
          { score: { $lt: s.score } },
          { score: s.score, feedbackId: { $lt: s.feedbackId } },
          { score: s.score, feedbackId: s.feedbackId, _id: { $lt: s._id } },
        ],
      });
      // Batch after batch, until the page is full or nothing is left.
      for (let last: Document | undefined; listed.length < limit; ) {
        const batch = await suggestions()
          .find(last ? { ...undecided, ...after(last) } : undecided)
          .sort({ score: -1, feedbackId: -1, _id: -1 })
          .limit(limit * OVERREAD)
          .toArray();
        listed.push(...(await listable(batch)));
        if (batch.length < limit * OVERREAD) break;
        last = batch.at(-1);
      }
      // A suggestion saved before grouping said whether it was sure reads as not sure.
      return listed.slice(0, limit).map((s) => ({ ...plain<Suggestion>(s, ["dismissedAt", "dismissedBy"]), sure: s.sure === true }));
    },

    async dismissPair(orgId, feedbackId, similarId, at, by) {
      const feedback = await data.collection("feedbacks").findOne({ _id: feedbackId, orgId }, { projection: { appId: 1 } });
      if (feedback) await dismiss(data, dismissalOf({ orgId, appId: feedback.appId }, feedbackId, similarId, at, by));
    },

    async undismissPair(orgId, feedbackId, similarId) {
      const decided = { _id: compoundId(...newerFirst(feedbackId, similarId)), orgId, dismissedAt: { $ne: null } };
      // One transaction, as SQLite's: a dismissal landing between the two writes is not half undone.
      await data.transaction(async (session) => {
        await suggestions().deleteOne({ ...decided, score: UNSUGGESTED }, { session });
        await suggestions().updateOne(decided, { $set: { dismissedAt: null, dismissedBy: null } }, { session });
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
