import type { JobRequest } from "../feedback/events.ts";
import type { CommentVisibility } from "../schemas/comment.ts";
import type { Status } from "../schemas/feedback.ts";

/** A comment that comes with no status change: a team member's note or reply, or the reporter's answer. */
export interface CommentRecord {
  readonly id: string;
  readonly orgId: string;
  readonly feedbackId: string;
  readonly text: string;
  readonly at: number;
  /** The feedback's status when it was written (a comment's change is from it to itself). */
  readonly status: Status;
  readonly author: { readonly userId: string } | { readonly reportId: string };
  readonly visibility: CommentVisibility;
  /** Work it asks for (telling the team of a reporter's answer), queued in the same transaction. */
  readonly jobs: readonly JobRequest[];
}

/** Comments written apart from status changes (those come with applyStatusChange). */
export interface CommentStore {
  addComment(comment: CommentRecord): Promise<void>;
}
