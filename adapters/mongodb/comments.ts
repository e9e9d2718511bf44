import type { CommentStore } from "../../core/store/comments.ts";
import type { Database } from "./database.ts";
import { insertJobs } from "./outbox.ts";

/** Comments apart from status changes, with the jobs they ask for, in one transaction. */
export function commentStore(data: Database): CommentStore {
  return {
    async addComment(c) {
      await data.transaction(async (session) => {
        await data.collection("comments").insertOne(
          {
            _id: c.id,
            feedbackId: c.feedbackId,
            userId: "userId" in c.author ? c.author.userId : "",
            ...("reportId" in c.author && { reportId: c.author.reportId }),
            visibility: c.visibility,
            text: c.text,
            statusFrom: c.status,
            statusTo: c.status,
            at: c.at,
          },
          { session },
        );
        await insertJobs(data, c.jobs, c.at, session);
      });
    },
  };
}
