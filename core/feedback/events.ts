import type { Status } from "../schemas/feedback.ts";

export const EVENT_TYPES = [
  "feedback.created",
  "feedback.status_changed",
  "feedback.shipped",
  "feedback.merged",
  "feedback.unmerged",
  "changelog.published",
  "feedback.voted",
  "comment.created",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** A domain event before it gets its identity; the use case stamps id and time. */
export type EventDraft =
  | { readonly type: "feedback.created" }
  /** A person's vote was counted (cast on the portal, or relayed by the team). */
  | { readonly type: "feedback.voted" }
  /** A status change; `relatedId` names the changelog entry whose publishing made it, when one did. */
  | { readonly type: "feedback.status_changed" | "feedback.shipped"; readonly previousStatus: Status; readonly relatedId?: string }
  /**
   * `feedback.merged` is about the feedback that absorbed another (`relatedId`, the one merged
   * into it); `feedback.unmerged` about the one restored (`relatedId`, the one it left).
   */
  | { readonly type: "feedback.merged" | "feedback.unmerged"; readonly relatedId: string }
  /** A changelog entry was published; its `feedbackId` is the entry's id (the event's subject). */
  | { readonly type: "changelog.published" }
  /** `comment.created` is sent for public comments only; `relatedId` is the comment. */
  | { readonly type: "comment.created"; readonly relatedId: string };

export type DomainEvent = EventDraft & {
  readonly id: string;
  readonly orgId: string;
  /** What the event is about: a feedback, or for `changelog.published` the entry. */
  readonly feedbackId: string;
  readonly createdAt: number;
  /** Whose change it was (a grant's person, as `Grant.userId`); absent for what the service did of itself. Never sent to webhooks. */
  readonly actorId?: string;
};

/**
 * A status change as the feedback's history keeps it: the status it left, when, whose change it
 * was when known (`DomainEvent.actorId`), and the changelog entry whose publishing made it, if one did.
 */
export interface StatusChange {
  readonly previousStatus: Status;
  readonly at: number;
  readonly by?: string;
  readonly entryId?: string;
}

/**
 * Background work a state change asks for; queued in the same transaction. `feedbackId` names
 * what the job is about: for `announce_changelog`, the entry's id.
 */
export interface JobRequest {
  readonly kind:
    | "group_report"
    | "regroup_feedback"
    | "notify_followers"
    | "sync_tracker"
    | "announce_changelog"
    | "notify_answer"
    | "slack_report"
    | "slack_notice"
    | "notify_mentions"
    | "notify_assignee"
    | "send_invitation"
    | "send_password_reset"
    | "send_digest"
    | "notify_reply";
  /** The organization the job works in; empty for a job about a person alone (a password reset). */
  readonly orgId: string;
  /** The feedback the job is about; empty for a job about people (an invitation, a reset, a digest) or a report from Slack, which has none yet. */
  readonly feedbackId: string;
  /**
   * What else the job is about, that no record of its feedback holds: the Slack request a report
   * comes from (JSON), the status a notice tells, the invitation or reset to send, the day of a
   * digest, the assignment to tell, the person who made a change or published an entry (not told of their own).
   */
  readonly detail?: string;
}
