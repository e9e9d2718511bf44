import type { Status } from "../schemas/feedback.ts";
import type { FeedbackSummary } from "../schemas/feedback.ts";
import type { EventType } from "../feedback/events.ts";
import type { ChangelogEntry } from "../schemas/changelog.ts";
import type { CommentRecord } from "../store/comments.ts";

export interface StoredEvent {
  readonly id: string;
  readonly orgId: string;
  readonly feedbackId: string;
  readonly type: EventType;
  readonly previousStatus: Status | null;
  /** For a merge, the feedback merged in; for an unmerge, the feedback left; for a comment, the comment; for a status change a changelog entry made, the entry. */
  readonly relatedId: string | null;
  readonly createdAt: number;
}

/** The other feedback of a merge or an unmerge, as a delivery names it. */
interface RelatedFeedback {
  readonly id: string;
  readonly key: string;
}

/**
 * The JSON body of a delivery: the same event id at every retry; the feedback as it is now. A
 * merge names the feedback merged in (`merged`), an unmerge the one it was separated from (`unmergedFrom`),
 * a new public comment its text and time (`comment`).
 */
export function eventBody(
  event: StoredEvent,
  feedback: FeedbackSummary,
  related: RelatedFeedback | null = null,
  comment: Pick<CommentRecord, "id" | "text" | "visibility" | "at"> | null = null,
): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    createdAt: new Date(event.createdAt).toISOString(),
    data: {
      feedback,
      ...(event.previousStatus !== null && event.type !== "feedback.created" && { previousStatus: event.previousStatus }),
      ...(related && event.type === "feedback.merged" && { merged: related }),
      ...(related && event.type === "feedback.unmerged" && { unmergedFrom: related }),
      ...(comment && { comment: { id: comment.id, text: comment.text, visibility: comment.visibility, at: new Date(comment.at).toISOString() } }),
    },
  });
}

/** The JSON body of a `changelog.published` delivery: the entry as it is now, its feedbacks by key. */
export function entryEventBody(event: StoredEvent, entry: ChangelogEntry): string {
  return JSON.stringify({ id: event.id, type: event.type, createdAt: new Date(event.createdAt).toISOString(), data: { entry } });
}
