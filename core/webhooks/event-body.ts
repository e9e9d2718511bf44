import type { Status } from "../schemas/feedback.ts";
import type { FeedbackSummary } from "../schemas/feedback.ts";
import type { EventType } from "../feedback/events.ts";

export interface StoredEvent {
  readonly id: string;
  readonly orgId: string;
  readonly feedbackId: string;
  readonly type: EventType;
  readonly previousStatus: Status | null;
  readonly createdAt: number;
}

/** The JSON body of a delivery: the same event id at every retry; the feedback as it is now. */
export function eventBody(event: StoredEvent, feedback: FeedbackSummary): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    createdAt: new Date(event.createdAt).toISOString(),
    data: { feedback, ...(event.previousStatus !== null && event.type !== "feedback.created" && { previousStatus: event.previousStatus }) },
  });
}
