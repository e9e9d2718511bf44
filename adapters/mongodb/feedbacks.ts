import type { ClientSession, Filter } from "mongodb";
import { feedbackKey } from "../../core/feedback/key.ts";
import type { FeedbackRecord, ReportRecord } from "../../core/model.ts";
import { STATUSES, type Status } from "../../core/schemas/feedback.ts";
import { sortedValue, urgencyOf } from "../../core/feedback/order.ts";
import type { FeedbackFilter, FeedbackStore, ListPosition, StatusChangeRecord, ValueOrder } from "../../core/store/feedbacks.ts";
import { type DatedRead, listsFrom, type ValueRead } from "../../core/feedback/list-reads.ts";
import { type Database, type Document, fromDocument, toDocument } from "./database.ts";
import { insertEvent, insertJobs } from "./outbox.ts";
import { vocabulary, wordsFilter } from "./search-terms.ts";
import { type ExpandedWord, searchedWords } from "../../core/feedback/search-words.ts";
/** Feedbacks not merged into another. */
export const NOT_MERGED = { mergedInto: { $exists: false } };

/** What a feedback's document holds for the store's own queries, which the core's record has not. */
const STORED_ONLY = ["words", "urgency", "sources", "trackerOpeningUntil", "published"];

/**
 * A feedback as the core reads it: its votes and revenue are stored for every feedback (the list
 * sorts on them) and absent from the record at 0.
 */
export const toFeedback = ({ revenue, ...document }: Document): FeedbackRecord => ({
  ...fromDocument<FeedbackRecord>(document as Document, document.votes ? STORED_ONLY : [...STORED_ONLY, "votes"]),
  ...(revenue > 0 && { revenue }),
});
const toReport = (document: Document): ReportRecord => fromDocument<ReportRecord>(document, ["statusTokenHash"]);

/**
 * The filter of a list query, given its search's words expanded: every index of the store starts
 * with orgId and ends with the sort keys of an order. A published feedback's document says so,
 * written with its publication (publications.ts).
 */
function listFilter(orgId: string, filter: FeedbackFilter, words: readonly ExpandedWord[] | undefined): Filter<Document> {
  return {
    orgId,
    ...NOT_MERGED,
    ...(filter.published !== undefined && { published: filter.published ? true : { $ne: true } }),
    ...(filter.source !== undefined && { sources: filter.source }),
    status: { $in: [...filter.statuses] },
    ...(filter.kind && { kind: filter.kind }),
    ...(filter.severity && { severity: filter.severity }),
    ...(filter.appId && { appId: filter.appId }),
    ...(filter.featureId && { featureId: filter.featureId }),
    ...(filter.owner !== undefined && { owner: filter.owner ?? { $exists: false } }),
    ...(filter.tag !== undefined && { tags: filter.tag }),
    ...(filter.due !== undefined && { dueAt: dueCondition(filter.due) }),
    ...(words !== undefined && words.length > 0 && wordsFilter(words)),
  };
}

/** A due date filter as a condition on `dueAt`, which a feedback without a due date lacks; its index holds those that have one. */
const dueCondition = (due: NonNullable<FeedbackFilter["due"]>): Filter<Document> =>
  due === "none" ? { $exists: false } : { $exists: true, ...(due !== "set" && { $lt: due.before }) };

/** Takes the organization's next feedback key (DEMO-42), inside a transaction, never given twice. */
export async function takeKey(data: Database, orgId: string, session: ClientSession): Promise<string> {
  const org = await data
    .collection("organizations")
    .findOneAndUpdate({ _id: orgId }, { $inc: { nextSeq: 1 } }, { session, returnDocument: "before" });
  if (!org) throw new Error(`no organization ${orgId}`);
  return feedbackKey(org.keyPrefix, org.nextSeq);
}

/** A feedback as stored: its fields, its urgency, the words it is found by and the sources of its reports. */
export const feedbackDocument = (feedback: FeedbackRecord, words: readonly string[], sources: readonly string[]): Document => ({
  ...toDocument(feedback),
  urgency: urgencyOf(feedback.severity),
  votes: feedback.votes ?? 0,
  revenue: feedback.revenue ?? 0,
  words,
  sources,
});

/** The field each order sorts on, descending (a list position's value there: core's sortedValue); ties by _id desc. */
const ORDERS: Readonly<Record<ValueOrder, string>> = {
  activity: "lastActivityAt",
  reports: "reports",
  severity: "urgency",
  votes: "votes",
  revenue: "revenue",
};

/**
 * The rows strictly after a keyset position, or read back, at it and before it (toward the top of
 * the list); the first condition bounds the index scan, the second skips the ties read.
 */
const valueBound = (order: ValueOrder, from: ListPosition, back: boolean): Filter<Document> => {
  const on = ORDERS[order];
  const value = sortedValue(order, from.value);
  return back
    ? { [on]: { $gte: value }, $or: [{ [on]: { $gt: value } }, { _id: { $gte: from.id } }] }
    : { [on]: { $lte: value }, $or: [{ [on]: { $lt: value } }, { _id: { $lt: from.id } }] };
};

/**
 * The rows of the due order's first run strictly after a position (a due date and an id: core's
 * DueRuns), or read back from it, its row included; the due date bounds the index scan, the rest skips the ties read.
 */
const datedBound = (from: ListPosition, back: boolean): Filter<Document> =>
  back
    ? { dueAt: { $lte: from.value }, $or: [{ dueAt: { $lt: from.value } }, { _id: { $gte: from.id } }] }
    : { dueAt: { $gte: from.value }, $or: [{ dueAt: { $gt: from.value } }, { _id: { $lt: from.id } }] };

/** Feedbacks as the inbox reads them, and their status changes. */
export function feedbackStore(data: Database): FeedbackStore {
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

  /**
   * A page of the due order's first run (core's ListReads), a search's words as its page expanded
   * them, from the due dates' index, which holds it in its order.
   */
  const dated: DatedRead = async (orgId, filter, words, from, limit, back) => {
    const match = listFilter(orgId, filter, words);
    const found = await feedbacks()
      .find(from ? { $and: [match, datedBound(from, back)] } : match)
      .sort(back ? { dueAt: -1, _id: 1 } : { dueAt: 1, _id: -1 })
      .limit(limit)
      .toArray();
    return found.map(toFeedback);
  };

  /**
   * A page of a list in an order of one stored value, strictly after `from`, or read `back` from it
   * (its row included) toward the top, the nearest first; a search's words as its page expanded them.
   */
  const read: ValueRead = async (orgId, filter, words, from, limit, order, back) => {
    const match = listFilter(orgId, filter, words);
    const way = back ? 1 : -1;
    const found = await feedbacks()
      .find({ ...match, ...(from && valueBound(order, from, back)) })
      .sort({ [ORDERS[order]]: way, _id: way })
      .limit(limit)
      .toArray();
    return found.map(toFeedback);
  };

  return {
    ...listsFrom({ vocabulary: vocabulary(data), read, dated }),

    async findFeedback(orgId, keyOrId) {
      const found = await feedbacks().findOne({ orgId, $or: [{ key: keyOrId }, { _id: keyOrId }] });
      return found ? toFeedback(found) : null;
    },

    async findFeedbacks(orgId, ids) {
      const found = await feedbacks()
        .find({ orgId, _id: { $in: [...new Set(ids)] } })
        .toArray();
      return found.map(toFeedback);
    },

    async findFeedbackById(feedbackId) {
      const found = await feedbacks().findOne({ _id: feedbackId });
      return found ? toFeedback(found) : null;
    },

    async listReports(feedbackId) {
      return (await data.collection("reports").find({ feedbackId }).sort({ at: 1, _id: 1 }).toArray()).map(toReport);
    },

    async findReportByStatusId(statusId) {
      const found = await data.collection("reports").findOne({ statusId });
      return found ? { report: toReport(found), tokenHash: found.statusTokenHash } : null;
    },

    async statusChanges(feedbackId) {
      const events = await data.collection("events").find({ feedbackId, type: "feedback.status_changed" }).sort({ createdAt: 1, _id: 1 }).toArray();
      // A copy from SQLite carries a null where no one is named.
      return events.map((e) => ({
        previousStatus: e.previousStatus,
        at: e.createdAt,
        ...(typeof e.actorId === "string" && { by: e.actorId }),
        ...(typeof e.relatedId === "string" && { entryId: e.relatedId }),
      }));
    },

    async listComments(feedbackId) {
      const comments = await data.collection("comments").find({ feedbackId }).sort({ at: 1, _id: 1 }).toArray();
      return comments.map((c) => ({
        id: c._id,
        text: c.text,
        userId: c.userId,
        ...(typeof c.reportId === "string" && { reportId: c.reportId }),
        ...(c.person && { person: { email: c.person.email as string, ...(c.person.name && { name: c.person.name as string }) } }),
        statusFrom: c.statusFrom,
        statusTo: c.statusTo,
        at: c.at,
        // Comments written before the portal carry no visibility: they are internal.
        visibility: c.visibility ?? "internal",
      }));
    },

    async countByStatus(orgId, filter = {}) {
      const words = await searchedWords(filter, vocabulary(data));
      if (words === null) return {};
      const match = listFilter(orgId, { ...filter, statuses: STATUSES }, words);
      const counts = await feedbacks()
        .aggregate<{ _id: Status; n: number }>([{ $match: match }, { $group: { _id: "$status", n: { $sum: 1 } } }])
        .toArray();
      return Object.fromEntries(counts.map((c) => [c._id, c.n]));
    },

    applyStatusChange: applyChange,
  };
}
