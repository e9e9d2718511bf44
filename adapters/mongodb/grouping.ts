import { chosenCandidates, rankCandidates } from "../../core/grouping/candidates.ts";
import type { GroupingStore } from "../../core/store/grouping.ts";
import { compoundId, type Database, isDuplicateKey, plain } from "./database.ts";
import { urgencyOf } from "../../core/feedback/order.ts";
import { wordsWithTitle } from "../../core/feedback/search-words.ts";
import { addToVocabulary } from "./search-terms.ts";
import { HELD, recordTriageChange } from "./triage.ts";
import { assistantFields } from "../../core/triage/journal.ts";
import type { Kind, Status } from "../../core/schemas/feedback.ts";
import { type ChainLink, followMerges, readMerges } from "../../core/merges/merge-chain.ts";

/** A feedback as grouping candidates read it: where its merges lead, and whether it is one the query asks for. */
interface Holder extends ChainLink {
  readonly status: Status;
  readonly kind: Kind;
}

/** The grouping index (postings of keys, with each feedback's text) and triage. */
export function groupingStore(data: Database): GroupingStore {
  const feedbacks = () => data.collection("feedbacks");

  return {
    async keyFrequencies(appId, keys) {
      const unique = [...new Set(keys)];
      if (unique.length === 0) return new Map();
      const frequencies = await data
        .collection("grouping_df")
        .find({ _id: { $in: unique.map((k) => compoundId(appId, k)) } })
        .toArray();
      return new Map(frequencies.map((f) => [f.key as string, f.n as number]));
    },

    async groupingCandidates(query) {
      const { orgId, appId, keys, postingsPerKey, statuses, kinds, exclude } = query;
      // The most recent postings of each key (ids are time-ordered): bounded work per report.
      const postings: string[][] = [];
      for (const key of keys) {
        const found = await data
          .collection("grouping_keys")
          .find({ appId, key }, { projection: { feedbackId: 1 } })
          .sort({ feedbackId: -1 })
          .limit(postingsPerKey)
          .toArray();
        postings.push(found.map((p) => p.feedbackId as string));
      }
      // Rank on the postings alone, then read rows only for the best few (some may have closed since).
      const ranked = rankCandidates(postings, query);
      // A merged feedback's text answers for the feedback holding it now, however deep the merges (A into B, B into C: C).
      const posted = [...new Set([...ranked.newest, ...ranked.oldest])];
      const known = new Map<string, Holder | null>();
      await readMerges(posted, known, async (ids) =>
        (
          await feedbacks()
            .find({ _id: { $in: ids }, orgId }, { projection: { _id: 1, mergedInto: 1, status: 1, kind: 1 } })
            .toArray()
        ).map((f): Holder => ({ id: f._id, status: f.status, kind: f.kind, ...(f.mergedInto && { mergedInto: f.mergedInto as string }) })),
      );
      const answeringFor = new Map(
        posted.flatMap((id) => {
          const holder = followMerges(id, known).holder;
          const eligible = holder && holder.id !== exclude && statuses.includes(holder.status) && kinds.includes(holder.kind);
          return eligible ? [[id, holder.id] as const] : [];
        }),
      );
      const candidate = (id: string) => answeringFor.has(id);
      const chosen = chosenCandidates(ranked.newest.filter(candidate), ranked.oldest.filter(candidate), query);
      const docs = new Map(
        (
          await data
            .collection("grouping_docs")
            .find({ _id: { $in: chosen } })
            .toArray()
        ).map((d) => [d._id, d]),
      );
      return chosen.flatMap((id) => {
        const doc = docs.get(id);
        return doc
          ? [
              {
                id: answeringFor.get(id)!,
                text: doc.text as string,
                own: answeringFor.get(id) === id,
                ...(doc.vector && { vector: doc.vector as number[] }),
              },
            ]
          : [];
      });
    },

    async indexForGrouping(appId, feedbackId, keys, text, vector) {
      await data
        .collection("grouping_docs")
        .replaceOne({ _id: feedbackId }, { appId, text, ...(vector && { vector: [...vector] }) }, { upsert: true });
      for (const key of new Set(keys)) {
        const posted = await data
          .collection("grouping_keys")
          .updateOne({ _id: compoundId(appId, key, feedbackId) }, { $setOnInsert: { appId, key, feedbackId } }, { upsert: true })
          .catch((error) => {
            if (isDuplicateKey(error)) return { upsertedCount: 0 };
            throw error;
          });
        if (posted.upsertedCount === 1) {
          await data
            .collection("grouping_df")
            .updateOne({ _id: compoundId(appId, key) }, { $inc: { n: 1 }, $setOnInsert: { appId, key } }, { upsert: true });
        }
      }
    },

    async setTriage(orgId, feedbackId, t, author) {
      await data.transaction(async (session) => {
        const stored = await feedbacks().findOne({ _id: feedbackId, orgId }, { session, projection: { words: 1, ...HELD } });
        if (!stored) return;
        // A feature or severity a person set while the assistant worked stays.
        const fields = assistantFields(plain(stored), t);
        const set: Record<string, unknown> = {
          ...fields,
          ...(t.nature && { nature: t.nature }),
          ...(t.diagnostic && { diagnostic: t.diagnostic }),
          ...(t.summary && { summary: t.summary }),
        };
        if (fields.severity) set.urgency = urgencyOf(fields.severity);
        if (Object.keys(set).length === 0) return;
        if (author) await recordTriageChange(data, stored, fields, author, session);
        // A new title is searchable too, within the feedback's cap of words; a merge that adds
        // its source's words meanwhile conflicts with this write, and the transaction runs again.
        if (fields.title) set.words = await addToVocabulary(data, wordsWithTitle(stored.words, fields.title), session);
        await feedbacks().updateOne({ _id: feedbackId, orgId }, { $set: set }, { session });
      });
    },
  };
}
