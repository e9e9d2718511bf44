import type { Database } from "bun:sqlite";
import type { CommentStore } from "../../core/store/comments.ts";
import { insertJob } from "./outbox.ts";
import type { WriteBatch } from "./write-batch.ts";

/** Comments apart from status changes, with the jobs they ask for, in one transaction. */
export function commentStore(db: Database, batch: WriteBatch): CommentStore {
  return {
    async addComment(c) {
      await batch.run(() => {
        db.query(
          "INSERT INTO comments (id, feedback_id, user_id, report_id, visibility, text, status_from, status_to, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        ).run(
          c.id,
          c.feedbackId,
          "userId" in c.author ? c.author.userId : "",
          "reportId" in c.author ? c.author.reportId : null,
          c.visibility,
          c.text,
          c.status,
          c.status,
          c.at,
        );
        for (const job of c.jobs) insertJob(db, job, c.at);
      });
    },
  };
}
