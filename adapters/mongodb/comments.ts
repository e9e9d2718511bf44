import type { CommentStore } from "../../core/store/comments.ts";
import { type Database, plain } from "./database.ts";
import { insertEvent, insertJobs } from "./outbox.ts";

/** Comments apart from status changes, with the events they send and the jobs they ask for, in one transaction. */
export function commentStore(data: Database): CommentStore {
  return {
    async addComment(c) {
      await data.transaction(async (session) => {
        await data.collection("comments").insertOne(
          {
            _id: c.id,
            feedbackId: c.feedbackId,
            orgId: c.orgId,
            userId: "userId" in c.author ? c.author.userId : "",
            ...("reportId" in c.author && { reportId: c.author.reportId }),
            ...("person" in c.author && { person: { email: c.author.person.email, ...(c.author.person.name && { name: c.author.person.name }) } }),
            visibility: c.visibility,
            text: c.text,
            statusFrom: c.status,
            statusTo: c.status,
            at: c.at,
          },
          { session },
        );
        for (const event of c.events) await insertEvent(data, event, session);
        await insertJobs(data, c.jobs, c.at, session);
      });
    },

    async findComment(commentId) {
      const found = await data.collection("comments").findOne({ _id: commentId });
      if (!found) return null;
      const feedback = found.orgId ? null : await data.collection("feedbacks").findOne({ _id: found.feedbackId }, { projection: { orgId: 1 } });
      const c = plain<{ feedbackId: string; orgId?: string; text: string; at: number; visibility?: "internal" | "public" }>(found);
      return {
        id: found._id,
        orgId: c.orgId ?? feedback?.orgId,
        feedbackId: c.feedbackId,
        text: c.text,
        visibility: c.visibility ?? "internal",
        at: c.at,
      };
    },

    async publishHeldComment(feedbackId, commentId, events, jobs, at) {
      return data.transaction(async (session) => {
        const changed = await data
          .collection("comments")
          .updateOne(
            { _id: commentId, feedbackId, visibility: "internal", person: { $exists: true } },
            { $set: { visibility: "public" } },
            { session },
          );
        if (changed.modifiedCount !== 1) return false;
        for (const event of events) await insertEvent(data, event, session);
        await insertJobs(data, jobs, at, session);
        return true;
      });
    },

    async deleteHeldComment(feedbackId, commentId) {
      const deleted = await data.collection("comments").deleteOne({ _id: commentId, feedbackId, visibility: "internal", person: { $exists: true } });
      return deleted.deletedCount === 1;
    },

    async countPublicComments(feedbackIds) {
      if (feedbackIds.length === 0) return new Map();
      const found = await data
        .collection("comments")
        .find({ feedbackId: { $in: [...feedbackIds] }, visibility: "public" }, { projection: { feedbackId: 1 } })
        .toArray();
      const counts = new Map<string, number>();
      for (const c of found) counts.set(c.feedbackId, (counts.get(c.feedbackId) ?? 0) + 1);
      return counts;
    },
  };
}
