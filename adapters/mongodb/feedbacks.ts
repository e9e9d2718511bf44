import type { ClientSession, Filter } from "mongodb";
import { isOpen } from "../../core/feedback/status.ts";
import type { FeatureRecord, FeedbackRecord, Follower, ReportRecord } from "../../core/model.ts";
import { STATUSES, type Status } from "../../core/schemas/feedback.ts";
import type { CatalogStore, FeedbackFilter, FeedbackStore, FollowerStore, GroupingStore, StatusChangeRecord } from "../../core/store.ts";
import { compoundId, type Database, type Document, fromDocument, isDuplicateKey, plain } from "./database.ts";
import { insertEvent, insertJobs } from "./outbox.ts";
import { searchTerms, wordsFilter } from "./search-terms.ts";

const OPEN_STATUSES = STATUSES.filter(isOpen);
const UNFOLDED = { mergedInto: { $exists: false } };

export const toFeedback = (document: Document): FeedbackRecord => fromDocument<FeedbackRecord>(document, ["words"]);
const toReport = (document: Document): ReportRecord => fromDocument<ReportRecord>(document, ["statusTokenHash"]);

/** The filter of a list query: every index of the store starts with orgId and ends with the sort keys. */
function listFilter(orgId: string, filter: FeedbackFilter, after: { lastActivityAt: number; id: string } | null): Filter<Document> {
  return {
    orgId,
    ...UNFOLDED,
    status: { $in: [...filter.statuses] },
    ...(filter.kind && { kind: filter.kind }),
    ...(filter.severity && { severity: filter.severity }),
    ...(filter.appId && { appId: filter.appId }),
    ...(filter.featureId && { featureId: filter.featureId }),
    ...(filter.words?.length && wordsFilter(filter.words)),
    ...(after && {
      $or: [{ lastActivityAt: { $lt: after.lastActivityAt } }, { lastActivityAt: after.lastActivityAt, _id: { $lt: after.id } }],
    }),
  };
}

export function feedbackStore(data: Database): FeedbackStore & CatalogStore & GroupingStore & FollowerStore {
  const feedbacks = () => data.collection("feedbacks");

  const applyChange = (c: StatusChangeRecord) =>
    data.transaction(async (session) => {
      const changed = await feedbacks().updateOne({ _id: c.feedbackId, orgId: c.orgId, status: c.from }, { $set: { status: c.to } }, { session });
      if (changed.modifiedCount !== 1) return false;
      if (c.comment) {
        await data.collection("comments").insertOne(
          {
            _id: c.comment.id,
            feedbackId: c.feedbackId,
            userId: c.comment.authorUserId,
            text: c.comment.text,
            statusFrom: c.from,
            statusTo: c.to,
            at: c.at,
          },
          { session },
        );
      }
      for (const event of c.events) await insertEvent(data, event, session);
      await insertJobs(data, c.jobs, c.at, session);
      return true;
    });

  /** Copies followers to another feedback, keeping the target's own entry when both follow. */
  const copyFollowers = async (fromId: string, toId: string, session: ClientSession) => {
    const followers = await data.collection("followers").find({ feedbackId: fromId }, { session }).toArray();
    for (const { _id, feedbackId: _f, ...follower } of followers) {
      await data
        .collection("followers")
        .updateOne({ _id: compoundId(toId, follower.email) }, { $setOnInsert: { ...follower, feedbackId: toId } }, { upsert: true, session });
    }
    await data.collection("followers").deleteMany({ feedbackId: fromId }, { session });
  };

  const fold = (orgId: string, sourceId: string, targetId: string) =>
    data.transaction(async (session) => {
      if (sourceId === targetId) return false;
      const [source, target] = await Promise.all([sourceId, targetId].map((id) => feedbacks().findOne({ _id: id, orgId, ...UNFOLDED }, { session })));
      if (!source || !target || source.appId !== target.appId) return false;
      await data.collection("reports").updateMany({ feedbackId: sourceId }, { $set: { feedbackId: targetId } }, { session });
      await copyFollowers(sourceId, targetId, session);
      await feedbacks().updateOne(
        { _id: targetId },
        { $inc: { reports: source.reports }, $max: { lastActivityAt: source.lastActivityAt }, $addToSet: { words: { $each: source.words ?? [] } } },
        { session },
      );
      const folded = await feedbacks().updateOne({ _id: sourceId, ...UNFOLDED }, { $set: { mergedInto: targetId } }, { session });
      return folded.modifiedCount === 1;
    });

  return {
    async listFeedbacks(orgId, filter, after, limit) {
      const found = await feedbacks()
        .find(listFilter(orgId, filter, after))
        .sort({ lastActivityAt: -1, _id: -1 })
        .limit(limit)
        .toArray();
      return found.map(toFeedback);
    },

    async findFeedback(orgId, keyOrId) {
      const found = await feedbacks().findOne({ orgId, $or: [{ key: keyOrId }, { _id: keyOrId }] });
      return found ? toFeedback(found) : null;
    },

    async listReports(feedbackId) {
      return (await data.collection("reports").find({ feedbackId }).sort({ at: 1, _id: 1 }).toArray()).map(toReport);
    },

    async findReportByStatusId(statusId) {
      const found = await data.collection("reports").findOne({ statusId });
      return found ? { report: toReport(found), tokenHash: found.statusTokenHash } : null;
    },

    async statusHistory(feedbackId) {
      const events = await data
        .collection("events")
        .find({ feedbackId, type: { $in: ["feedback.created", "feedback.status_changed"] } })
        .sort({ createdAt: 1, _id: 1 })
        .toArray();
      return events.map((e) => ({ type: e.type, previousStatus: e.previousStatus ?? null, at: e.createdAt }));
    },

    async listComments(feedbackId) {
      const comments = await data.collection("comments").find({ feedbackId }).sort({ at: 1, _id: 1 }).toArray();
      return comments.map((c) => ({ text: c.text, userId: c.userId, statusFrom: c.statusFrom, statusTo: c.statusTo, at: c.at }));
    },

    async countByStatus(orgId) {
      const counts = await feedbacks()
        .aggregate<{ _id: Status; n: number }>([{ $match: { orgId, ...UNFOLDED } }, { $group: { _id: "$status", n: { $sum: 1 } } }])
        .toArray();
      return Object.fromEntries(counts.map((c) => [c._id, c.n]));
    },

    applyStatusChange: applyChange,

    async serviceSecret() {
      // Two processes may race here; the first upsert wins and both read it back.
      await data
        .collection("meta")
        .updateOne({ _id: "service_secret" }, { $setOnInsert: { value: crypto.getRandomValues(new Uint8Array(32)) } }, { upsert: true })
        .catch((error) => {
          if (!isDuplicateKey(error)) throw error;
        });
      const stored = (await data.collection("meta").findOne({ _id: "service_secret" }))!.value;
      // The driver reads binary data back as a BSON Binary.
      return new Uint8Array(stored instanceof Uint8Array ? stored : stored.buffer);
    },

    async listApps(orgId) {
      return (await data.collection("apps").find({ orgId }).sort({ name: 1, _id: 1 }).toArray()).map((a) => fromDocument(a));
    },

    async findApp(orgId, appId) {
      const found = await data.collection("apps").findOne({ orgId, _id: appId });
      return found ? fromDocument(found) : null;
    },

    async listFeatures(orgId, appId) {
      const features = (await data.collection("features").find({ orgId, appId }).sort({ path: 1 }).toArray()).map((f) =>
        fromDocument<FeatureRecord>(f),
      );
      const counts = await feedbacks()
        .aggregate<{ _id: string; n: number }>([
          { $match: { orgId, featureId: { $in: features.map((f) => f.id) }, status: { $in: OPEN_STATUSES }, ...UNFOLDED } },
          { $group: { _id: "$featureId", n: { $sum: 1 } } },
        ])
        .toArray();
      const open = new Map(counts.map((c) => [c._id, c.n]));
      return features.map((f) => ({ ...f, openFeedbacks: open.get(f.id) ?? 0 }));
    },

    async findFeature(orgId, featureId) {
      const found = await data.collection("features").findOne({ orgId, _id: featureId });
      return found ? fromDocument<FeatureRecord>(found) : null;
    },

    async keyFrequencies(appId, keys) {
      const unique = [...new Set(keys)];
      if (unique.length === 0) return new Map();
      const frequencies = await data
        .collection("grouping_df")
        .find({ _id: { $in: unique.map((k) => compoundId(appId, k)) } })
        .toArray();
      return new Map(frequencies.map((f) => [f.key as string, f.n as number]));
    },

    async groupingCandidates({ orgId, appId, keys, postingsPerKey, statuses, before, limit }) {
      // The most recent postings of each key (ids are time-ordered): bounded work per report.
      const shared = new Map<string, number>();
      for (const key of keys) {
        const postings = await data
          .collection("grouping_keys")
          .find({ appId, key }, { projection: { feedbackId: 1 } })
          .sort({ feedbackId: -1 })
          .limit(postingsPerKey)
          .toArray();
        for (const p of postings) shared.set(p.feedbackId, (shared.get(p.feedbackId) ?? 0) + 1);
      }
      const byShared = (a: [string, number], b: [string, number]) => b[1] - a[1] || (a[0] < b[0] ? 1 : a[0] > b[0] ? -1 : 0);
      const best = [...shared].sort(byShared).slice(0, limit * 2);
      // Rank on the postings alone, then read rows only for the best few (some may have closed since).
      const posted = await feedbacks()
        .find({ _id: { $in: best.map(([id]) => id) }, orgId }, { projection: { _id: 1, mergedInto: 1 } })
        .toArray();
      const answeringFor = new Map(posted.map((f) => [f._id, (f.mergedInto as string | undefined) ?? f._id]));
      const eligible = await feedbacks()
        .find(
          {
            _id: { $in: [...new Set(answeringFor.values())] },
            orgId,
            ...UNFOLDED,
            status: { $in: [...statuses] },
            $or: [{ createdAt: { $lt: before.createdAt } }, { createdAt: before.createdAt, _id: { $lt: before.id } }],
          },
          { projection: { _id: 1 } },
        )
        .toArray();
      const open = new Set(eligible.map((f) => f._id));
      const chosen = best.filter(([id]) => open.has(answeringFor.get(id) ?? "")).slice(0, limit);
      const docs = new Map(
        (
          await data
            .collection("grouping_docs")
            .find({ _id: { $in: chosen.map(([id]) => id) } })
            .toArray()
        ).map((d) => [d._id, d]),
      );
      return chosen.flatMap(([id]) => {
        const doc = docs.get(id);
        return doc ? [{ id: answeringFor.get(id)!, text: doc.text as string, ...(doc.vector && { vector: doc.vector as number[] }) }] : [];
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

    async setTriage(orgId, feedbackId, t) {
      const set = Object.fromEntries(Object.entries(t).filter(([, v]) => v !== undefined));
      if (Object.keys(set).length === 0) return;
      // A new title is searchable too.
      const words = t.title ? { $addToSet: { words: { $each: searchTerms(t.title) } } } : {};
      await feedbacks().updateOne({ _id: feedbackId, orgId }, { $set: set, ...words });
    },

    foldFeedback: (orgId, sourceId, targetId) => fold(orgId, sourceId, targetId),

    async listFollowers(feedbackId) {
      return (await data.collection("followers").find({ feedbackId }).toArray()).map((f) => plain<Follower>(f));
    },

    async addFollower(f) {
      const { email } = f;
      await data
        .collection("followers")
        .updateOne(
          { _id: compoundId(f.feedbackId, email) },
          { $setOnInsert: { feedbackId: f.feedbackId, email, language: f.language }, ...(f.name && { $set: { name: f.name } }) },
          { upsert: true },
        );
    },

    async removeFollower(feedbackId, email) {
      return (await data.collection("followers").deleteOne({ _id: compoundId(feedbackId, email) })).deletedCount === 1;
    },

    async claimNotification(feedbackId, email, key, at, leaseMs) {
      const id = compoundId(feedbackId, email, key);
      try {
        await data.collection("notifications").insertOne({ _id: id, at, sentAt: null });
        return true;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      // Taken over only when unconfirmed and its lease has run out.
      const taken = await data.collection("notifications").updateOne({ _id: id, sentAt: null, at: { $lte: at - leaseMs } }, { $set: { at } });
      return taken.modifiedCount === 1;
    },

    async confirmNotification(feedbackId, email, key, at) {
      await data.collection("notifications").updateOne({ _id: compoundId(feedbackId, email, key) }, { $set: { sentAt: at } });
    },

    async releaseNotification(feedbackId, email, key) {
      await data.collection("notifications").deleteOne({ _id: compoundId(feedbackId, email, key) });
    },
  };
}
