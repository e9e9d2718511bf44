import type { Database } from "bun:sqlite";
import type { CommentStore } from "../../core/store/comments.ts";
import { insertEvent } from "./outbox.ts";
import { placeholders } from "./rows.ts";
import type { WriteBatch } from "./write-batch.ts";

/** Comments written on their own, with the events they send. */
export function commentStore(db: Database, batch: WriteBatch): CommentStore {
  return {
    async addComment(c, status, events) {
      await batch.run(() => {
        db.query("INSERT INTO comments (id, feedback_id, user_id, text, status_from, status_to, at, visibility) VALUES (?, ?, ?, ?, ?, ?, ?, ?)").run(
          c.id,
          c.feedbackId,
          c.userId,
          c.text,
          status,
          status,
          c.at,
          c.visibility,
        );
        for (const event of events) insertEvent(db, event);
      });
    },

    async findComment(commentId) {
      const row = db
        .query<
          { id: string; feedback_id: string; org_id: string; user_id: string; text: string; visibility: "internal" | "public"; at: number },
          [string]
        >(`SELECT c.id, c.feedback_id, ${"(SELECT o.id FROM organizations o WHERE o.number = f.org_number)"} AS org_id, c.user_id, c.text, c.visibility, c.at
           FROM comments c JOIN feedbacks f ON f.id = c.feedback_id WHERE c.id = ?`)
        .get(commentId);
      return row
        ? { id: row.id, orgId: row.org_id, feedbackId: row.feedback_id, userId: row.user_id, text: row.text, visibility: row.visibility, at: row.at }
        : null;
    },

    async countPublicComments(feedbackIds) {
      if (feedbackIds.length === 0) return new Map();
      const rows = db
        .query<{ feedback_id: string; n: number }, string[]>(
          `SELECT feedback_id, count(*) AS n FROM comments WHERE feedback_id IN (${placeholders(feedbackIds.length)}) AND visibility = 'public' GROUP BY feedback_id`,
        )
        .all(...feedbackIds);
      return new Map(rows.map((r) => [r.feedback_id, r.n]));
    },
  };
}
