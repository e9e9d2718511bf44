import type { ClientSession } from "mongodb";
import { type Dismissal, dismissalAfterSplit, dismissalAfterUnmerge, UNSUGGESTED } from "../../core/merges/dismissal.ts";
import type { MergeRecord } from "../../core/merges/merge.ts";
import type { MergeStore } from "../../core/store/merges.ts";
import type { SplitRecord } from "../../core/merges/split.ts";
import { compoundId, type Database, type Document, fromDocument } from "./database.ts";
import { feedbackDocument, takeKey, NOT_MERGED } from "./feedbacks.ts";
import { insertEvent, insertJobs } from "./outbox.ts";
import { recountVotes } from "./votes.ts";
import { addToVocabulary } from "./search-terms.ts";
import { refreshRevenue, refreshSources } from "./held-reports.ts";
import { ownWords, wordsAfterMerge } from "../../core/feedback/search-words.ts";

const toMerge = ({ undoneAt, undoneBy, by, score, ...rest }: Document): MergeRecord => ({
  ...fromDocument<Omit<MergeRecord, "by" | "score" | "undone">>(rest as Document),
  by: by ?? null,
  score: score ?? null,
  undone: typeof undoneAt === "number" ? { at: undoneAt, by: undoneBy ?? null } : null,
});

/** Merges, their undoing and splits, each one transaction with its events. */
export function mergeStore(data: Database): MergeStore {
  const feedbacks = () => data.collection("feedbacks");
  const reportCount = async (id: string, orgId: string, session: ClientSession) =>
    (await feedbacks().findOne({ _id: id, orgId, ...NOT_MERGED }, { session, projection: { reports: 1 } }))?.reports as number | undefined;

  /** How many of these reports the feedback holds: a plan whose reports moved since writes nothing. */
  const holding = async (feedbackId: string, reportIds: readonly string[], session: ClientSession) =>
    (
      await data
        .collection("reports")
        .find({ _id: { $in: [...reportIds] }, feedbackId }, { session, projection: { _id: 1 } })
        .toArray()
    ).length;

  /** The words a feedback is found by, from its key, title and the reports it holds now, oldest first (ownWords). */
  const wordsOf = async (feedback: Document, session: ClientSession) => {
    const kept = await data
      .collection("reports")
      .find({ feedbackId: feedback._id }, { session, projection: { report: 1 } })
      .sort({ at: 1, _id: 1 })
      .toArray();
    return addToVocabulary(
      data,
      ownWords(
        { key: String(feedback.key), title: String(feedback.title) },
        kept.map((r) => String(r.report?.message ?? "")),
      ),
      session,
    );
  };

  return {
    applySplit: (s, events, jobs) =>
      data.transaction(async (session) => {
        const current = await feedbacks().findOne({ _id: s.feedbackId, orgId: s.orgId, ...NOT_MERGED }, { session });
        if (current?.reports !== s.expectedReports || (await holding(s.feedbackId, [s.reportId], session)) !== 1) return null;
        const f = s.newFeedback;
        const key = await takeKey(data, f.orgId, session);
        const moved = await data
          .collection("reports")
          .findOneAndUpdate({ _id: s.reportId, feedbackId: s.feedbackId }, { $set: { feedbackId: f.id } }, { session, returnDocument: "after" });
        if (!moved) throw new Error(`split ${s.id}: the report left the feedback`);
        await feedbacks().insertOne(
          feedbackDocument({ ...f, key }, await addToVocabulary(data, ownWords({ key, title: f.title }, [moved.report.message]), session), [
            String(moved.source),
          ]),
          { session },
        );
        const follower = s.follower && (await data.collection("followers").findOne({ _id: compoundId(s.feedbackId, s.follower) }, { session }));
        if (follower) {
          const { _id, ...rest } = follower;
          await data
            .collection("followers")
            .updateOne({ _id: compoundId(f.id, rest.email) }, { $setOnInsert: { ...rest, feedbackId: f.id } }, { upsert: true, session });
        }
        const { retitle } = s.remaining;
        const title = retitle && current.title === retitle.from ? retitle.to : current.title;
        await feedbacks().updateOne(
          { _id: s.feedbackId },
          {
            $set: {
              reports: s.remaining.reports,
              lastActivityAt: s.remaining.lastActivityAt,
              title,
              words: await wordsOf({ ...current, title }, session),
            },
          },
          { session },
        );
        await refreshRevenue(data, [s.feedbackId, f.id], session);
        await refreshSources(data, [s.feedbackId], session);
        const { id, ...fields } = s;
        await data.collection("splits").insertOne({ _id: id, ...fields, newFeedback: { ...f } }, { session });
        await dismiss(data, dismissalAfterSplit(s), session);
        for (const event of events) await insertEvent(data, event, session);
        await insertJobs(data, jobs, s.at, session);
        return { ...f, key };
      }),

    async holdersOf(orgId, reportIds) {
      const reports = await data
        .collection("reports")
        .find({ _id: { $in: [...reportIds] } }, { projection: { feedbackId: 1 } })
        .toArray();
      const found = await feedbacks()
        .find({ _id: { $in: [...new Set(reports.map((r) => r.feedbackId as string))] }, orgId }, { projection: { key: 1 } })
        .toArray();
      const keys = new Map(found.map((f) => [f._id as string, f.key as string]));
      return new Map(
        reports.flatMap((r) => {
          const key = keys.get(r.feedbackId as string);
          return key === undefined ? [] : [[r._id as string, key] as const];
        }),
      );
    },

    async listSplits(orgId, feedbackId) {
      const found = await data
        .collection("splits")
        .find({ orgId, $or: [{ feedbackId }, { "newFeedback.id": feedbackId }] })
        .sort({ at: 1, _id: 1 })
        .toArray();
      return found.map((s) => ({ ...fromDocument<SplitRecord>(s, ["follower"]), follower: s.follower ?? null }));
    },

    applyMerge: (m, events) =>
      data.transaction(async (session) => {
        // One after the other: a transaction's operations may not run in parallel (mingo-mongo.ts says why).
        const source = await reportCount(m.sourceId, m.orgId, session);
        const target = await reportCount(m.targetId, m.orgId, session);
        if (source !== m.reportIds.length || target !== m.targetBefore.reports) return false;
        if ((await holding(m.sourceId, m.reportIds, session)) !== m.reportIds.length) return false;
        await data
          .collection("reports")
          .updateMany({ _id: { $in: [...m.reportIds] }, feedbackId: m.sourceId }, { $set: { feedbackId: m.targetId } }, { session });
        const added = await data
          .collection("followers")
          .find({ feedbackId: m.sourceId, email: { $in: [...m.addedFollowers] } }, { session })
          .toArray();
        for (const { _id, ...follower } of added) {
          await data
            .collection("followers")
            .updateOne(
              { _id: compoundId(m.targetId, follower.email) },
              { $setOnInsert: { ...follower, feedbackId: m.targetId } },
              { upsert: true, session },
            );
        }
        const stored = async (id: string) => await feedbacks().findOne({ _id: id }, { session, projection: { words: 1, sources: 1 } });
        const [into, from] = [await stored(m.targetId), await stored(m.sourceId)];
        const words = wordsAfterMerge(into?.words ?? [], from?.words ?? []);
        // The target holds every report of the source now: the sources of both.
        const sources = [...new Set<string>([...(into?.sources ?? []), ...(from?.sources ?? [])])].sort();
        await feedbacks().updateOne(
          { _id: m.targetId },
          { $set: { reports: m.targetAfter.reports, lastActivityAt: m.targetAfter.lastActivityAt, words, sources } },
          { session },
        );
        await feedbacks().updateOne({ _id: m.sourceId }, { $set: { mergedInto: m.targetId } }, { session });
        // The target now counts the source's voters too, each person once.
        await recountVotes(data, m.targetId, session);
        await refreshRevenue(data, [m.targetId], session);
        const { id, undone: _, ...fields } = m;
        await data.collection("merges").insertOne({ _id: id, ...fields, undoneAt: null, undoneBy: null }, { session });
        for (const event of events) await insertEvent(data, event, session);
        return true;
      }),

    applyUnmerge: (u, events) =>
      data.transaction(async (session) => {
        const m = u.merge;
        const standing = await data.collection("merges").findOne({ _id: m.id, undoneAt: null }, { session });
        const source = await feedbacks().findOne({ _id: m.sourceId }, { session, projection: { mergedInto: 1 } });
        const target = await feedbacks().findOne({ _id: m.targetId, orgId: m.orgId, ...NOT_MERGED }, { session });
        if (!standing || source?.mergedInto !== m.targetId || target?.reports !== u.expectedReports) return false;
        if ((await holding(m.targetId, m.reportIds, session)) !== m.reportIds.length) return false;
        await data
          .collection("reports")
          .updateMany({ _id: { $in: [...m.reportIds] }, feedbackId: m.targetId }, { $set: { feedbackId: m.sourceId } }, { session });
        await data.collection("followers").deleteMany({ feedbackId: m.targetId, email: { $in: [...m.addedFollowers] } }, { session });
        // The target is found again by its own words only: its key, title and the reports it keeps.
        await feedbacks().updateOne(
          { _id: m.targetId },
          { $set: { reports: u.target.reports, lastActivityAt: u.target.lastActivityAt, words: await wordsOf(target, session) } },
          { session },
        );
        await feedbacks().updateOne({ _id: m.sourceId }, { $unset: { mergedInto: "" } }, { session });
        // Each counts its own voters again: the votes never moved, so both are as they were.
        await recountVotes(data, m.targetId, session);
        await recountVotes(data, m.sourceId, session);
        await refreshRevenue(data, [m.targetId, m.sourceId], session);
        await refreshSources(data, [m.targetId, m.sourceId], session);
        await data.collection("merges").updateOne({ _id: m.id }, { $set: { undoneAt: u.at, undoneBy: u.by } }, { session });
        await dismiss(data, dismissalAfterUnmerge(u), session);
        for (const event of events) await insertEvent(data, event, session);
        return true;
      }),

    async findMerge(orgId, sourceId) {
      const found = await data.collection("merges").find({ orgId, sourceId, undoneAt: null }).sort({ at: -1 }).limit(1).toArray();
      return found[0] ? toMerge(found[0]) : null;
    },

    async listMerges(orgId, feedbackId) {
      const found = await data
        .collection("merges")
        .find({ orgId, $or: [{ sourceId: feedbackId }, { targetId: feedbackId }] })
        .sort({ at: 1, _id: 1 })
        .toArray();
      return found.map(toMerge);
    },
  };
}

/** Keeps a decision that two feedbacks are not duplicates, on the pair's suggestion (its one id). */
export async function dismiss(data: Database, d: Dismissal | null, session?: ClientSession): Promise<void> {
  // None to record: an unmerge that takes back a wrong click leaves the pair waiting.
  if (!d) return;
  const { orgId, appId, feedbackId, similarId, at, by } = d;
  await data
    .collection("suggestions")
    .updateOne(
      { _id: compoundId(feedbackId, similarId) },
      { $set: { dismissedAt: at, dismissedBy: by }, $setOnInsert: { orgId, appId, feedbackId, similarId, score: UNSUGGESTED, matched: [], at } },
      { upsert: true, ...(session && { session }) },
    );
}
