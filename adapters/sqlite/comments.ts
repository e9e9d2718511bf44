import type { Database } from "bun:sqlite";
import type { CommentStore } from "../../core/store/comments.ts";
import { insertEvent, insertJob } from "./outbox.ts";
import { placeholders } from "./rows.ts";
import type { WriteBatch } from "./write-batch.ts";

/** Comments apart from status changes, with the events they send and the jobs they ask for, in one transaction. */
export function commentStore(db: Database, batch: WriteBatch): CommentStore {
  return {
    async addComment(c) {
      await batch.run(() => {
        db.query(
          `INSERT INTO comments (id, feedback_id, user_id, report_id, person_email, person_name, visibility, text, status_from, status_to, at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          c.id,
          c.feedbackId,
          "userId" in c.author ? c.author.userId : "",
          "reportId" in c.author ? c.author.reportId : null,
          "person" in c.author ? c.author.person.email : null,
          "person" in c.author ? (c.author.person.name ?? null) : null,
          c.visibility,
          c.text,
          c.status,
          c.status,
          c.at,
        );
        for (const event of c.events) insertEvent(db, event);
        for (const job of c.jobs) insertJob(db, job, c.at);
      });
    },

    async findComment(commentId) {
      const row = db
        .query<{ id: string; feedback_id: string; org_id: string; text: string; visibility: "internal" | "public"; at: number }, [string]>(
          `SELECT c.id, c.feedback_id, (SELECT o.id FROM organizations o WHERE o.number = f.org_number) AS org_id, c.text, c.visibility, c.at
           FROM comments c JOIN feedbacks f ON f.id = c.feedback_id WHERE c.id = ?`,
        )
        .get(commentId);
      return row ? { id: row.id, orgId: row.org_id, feedbackId: row.feedback_id, text: row.text, visibility: row.visibility, at: row.at } : null;
    },

    publishHeldComment: (feedbackId, commentId, events, jobs, at) =>
      batch.run(() => {
        const changed = db
          .query(
            "UPDATE comments SET visibility = 'public' WHERE id = ? AND feedback_id = ? AND visibility = 'internal' AND person_email IS NOT NULL",
          )
          .run(commentId, feedbackId).changes;
        if (changed !== 1) return false;
        for (const event of events) insertEvent(db, event);
        for (const job of jobs) insertJob(db, job, at);
        return true;
      }),

    deleteHeldComment: (feedbackId, commentId) =>
      batch.run(
        () =>
          db
            .query("DELETE FROM comments WHERE id = ? AND feedback_id = ? AND visibility = 'internal' AND person_email IS NOT NULL")
            .run(commentId, feedbackId).changes === 1,
      ),

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
