import type { Status } from "../schemas/feedback.ts";

export const EVENT_TYPES = [
  "feedback.created",
  "feedback.status_changed",
  "feedback.shipped",
  "feedback.merged",
  "feedback.unmerged",
  "comment.created",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** A domain event before it gets its identity; the use case stamps id and time. */
export type EventDraft =
  | { readonly type: "feedback.created" }
  | { readonly type: "feedback.status_changed" | "feedback.shipped"; readonly previousStatus: Status }
  /**
   * `feedback.merged` is about the feedback that absorbed another (`relatedId`, the one merged
   * into it); `feedback.unmerged` about the one restored (`relatedId`, the one it left).
   */
  | { readonly type: "feedback.merged" | "feedback.unmerged"; readonly relatedId: string }
  /** `comment.created` is sent for public comments only; `relatedId` is the comment. */
  | { readonly type: "comment.created"; readonly relatedId: string };

export type DomainEvent = EventDraft & {
  readonly id: string;
  readonly orgId: string;
  readonly feedbackId: string;
  readonly createdAt: number;
};

/** A status change as the feedback's history keeps it: the status it left, and when. */
export interface StatusChange {
  readonly previousStatus: Status;
  readonly at: number;
}

/** Background work a state change asks for; queued in the same transaction. */
export interface JobRequest {
  readonly kind: "group_report" | "notify_followers" | "sync_tracker";
  readonly orgId: string;
  readonly feedbackId: string;
}
