import type { DomainEvent } from "../feedback/events.ts";
import type { Status } from "../schemas/feedback.ts";
import type { Visibility } from "../schemas/portal.ts";

export interface CommentRecord {
  readonly id: string;
  readonly orgId: string;
  readonly feedbackId: string;
  readonly userId: string;
  readonly text: string;
  readonly visibility: Visibility;
  readonly at: number;
}

/** Comments written on their own, outside a status change. */
export interface CommentStore {
  /** Adds the comment (kept with the status the feedback has, `status`) and its events in one transaction. */
  addComment(comment: CommentRecord, status: Status, events: readonly DomainEvent[]): Promise<void>;
  findComment(commentId: string): Promise<CommentRecord | null>;
  /** How many public comments each of these feedbacks has; a feedback with none is absent. */
  countPublicComments(feedbackIds: readonly string[]): Promise<Map<string, number>>;
}
