import type { CommentStore } from "../../core/store/comments.ts";
import { type Database, plain } from "./database.ts";
import { insertEvent } from "./outbox.ts";

/** Comments written on their own, with the events they send. */
export function commentStore(data: Database): CommentStore {
  return {
    async addComment(c, status, events) {
      await data.transaction(async (session) => {
        await data.collection("comments").insertOne(
          {
            _id: c.id,
            feedbackId: c.feedbackId,
            orgId: c.orgId,
            userId: c.userId,
            text: c.text,
            statusFrom: status,
            statusTo: status,
            at: c.at,
            visibility: c.visibility,
          },
          { session },
        );
        for (const event of events) await insertEvent(data, event, session);
      });
    },

    async findComment(commentId) {
      const found = await data.collection("comments").findOne({ _id: commentId });
      if (!found) return null;
      const feedback = found.orgId ? null : await data.collection("feedbacks").findOne({ _id: found.feedbackId }, { projection: { orgId: 1 } });
      const c = plain<{ feedbackId: string; orgId?: string; userId: string; text: string; at: number; visibility?: "internal" | "public" }>(found);
      return {
        id: found._id,
        orgId: c.orgId ?? feedback?.orgId,
        feedbackId: c.feedbackId,
        userId: c.userId,
        text: c.text,
        visibility: c.visibility ?? "internal",
        at: c.at,
      };
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
