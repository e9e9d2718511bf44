import type { DomainEvent, JobRequest } from "../feedback/events.ts";
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
  /** The events it sends (`comment.created` for a public one), committed with it. */
  readonly events: readonly DomainEvent[];
  /** Work it asks for (telling the team of a reporter's answer), queued in the same transaction. */
  readonly jobs: readonly JobRequest[];
}

/** A comment as read back, for the event that tells of it. */
type StoredComment = Pick<CommentRecord, "id" | "orgId" | "feedbackId" | "text" | "visibility" | "at">;

/** Comments written apart from status changes (those come with applyStatusChange). */
export interface CommentStore {
  /** Adds the comment with its events and jobs, in one transaction. */
  addComment(comment: CommentRecord): Promise<void>;
  findComment(commentId: string): Promise<StoredComment | null>;
  /** How many public comments each of these feedbacks has; a feedback with none is absent. */
  countPublicComments(feedbackIds: readonly string[]): Promise<Map<string, number>>;
}
