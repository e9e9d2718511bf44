import type { DomainEvent, JobRequest } from "../feedback/events.ts";
import type { CommentVisibility } from "../schemas/comment.ts";
import type { Status } from "../schemas/feedback.ts";

/** A person signed in on the portal who wrote a comment there: never a member of the team. */
export interface CommentPerson {
  readonly email: string;
  readonly name?: string;
}

/** A comment that comes with no status change: a team member's note or reply, or the reporter's answer. */
export interface CommentRecord {
  readonly id: string;
  readonly orgId: string;
  readonly feedbackId: string;
  readonly text: string;
  readonly at: number;
  /** The feedback's status when it was written (a comment's change is from it to itself). */
  readonly status: Status;
  readonly author: { readonly userId: string } | { readonly reportId: string } | { readonly person: CommentPerson };
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
  /**
   * Makes public a comment a portal person wrote that was held for the team (internal) on this
   * feedback, with the events and jobs that publishing it causes, in one transaction; false when
   * the feedback holds no such comment (already public, a team member's, another feedback's, or none).
   */
  publishHeldComment(
    feedbackId: string,
    commentId: string,
    events: readonly DomainEvent[],
    jobs: readonly JobRequest[],
    at: number,
  ): Promise<boolean>;
  /**
   * Deletes for good a comment a portal person wrote on this feedback that is still held for the
   * team (internal); false when there is no such held comment (published, a team member's, another
   * feedback's, or none), and then nothing is deleted.
   */
  deleteHeldComment(feedbackId: string, commentId: string): Promise<boolean>;
  /** How many public comments each of these feedbacks has; a feedback with none is absent. */
  countPublicComments(feedbackIds: readonly string[]): Promise<Map<string, number>>;
}
