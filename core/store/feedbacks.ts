import type { CommentPerson } from "./comments.ts";
import type { DomainEvent, JobRequest, StatusChange } from "../feedback/events.ts";
import type { FeedbackRecord, ReportRecord } from "../model.ts";
import type { FEEDBACK_ORDERS, Kind, Severity, Status } from "../schemas/feedback.ts";
import type { CommentVisibility } from "../schemas/comment.ts";
import type { SearchWord } from "../feedback/search-words.ts";

export interface FeedbackFilter {
  readonly statuses: readonly Status[];
  readonly kind?: Kind;
  readonly severity?: Severity;
  readonly appId?: string;
  readonly featureId?: string;
  /** Words to find (all of them, each by one of its prefixes) in key, title, summary and reports. */
  readonly words?: readonly SearchWord[];
  /** Only feedbacks published on the portal (true), or only those not published (false). */
  readonly published?: boolean;
  /** Only feedbacks holding a report from this source (a channel kind, `agent`, `portal`). */
  readonly source?: string;
  /** Owned by this e-mail; null: owned by no one. */
  readonly owner?: string | null;
  /** Carrying this tag (as the organization spells it). */
  readonly tag?: string;
  /** Due before this time (ms), whatever the time of day its due date names; with a due date (`set`); without one (`none`). */
  readonly due?: { readonly before: number } | "set" | "none";
}

/** The orders a list can take. */
export type FeedbackOrder = (typeof FEEDBACK_ORDERS)[number];

/** The orders a store sorts on one stored value of each feedback: all but the due order, which it reads as two runs (feedback/due-order.ts). */
export type ValueOrder = Exclude<FeedbackOrder, "due">;

/** Keyset position in a list: the last row's sort value in the list's order (see positionOf) and its id. */
export interface ListPosition {
  readonly value: number;
  readonly id: string;
}

export interface StatusChangeRecord {
  readonly orgId: string;
  readonly feedbackId: string;
  readonly from: Status;
  readonly to: Status;
  readonly comment?: { readonly id: string; readonly text: string; readonly authorUserId: string };
  readonly at: number;
  readonly events: readonly DomainEvent[];
  readonly jobs: readonly JobRequest[];
}

export interface StatusComment {
  readonly id: string;
  readonly text: string;
  /** The team member who wrote it; empty when the reporter did (`reportId`). */
  readonly userId: string;
  /** Set when the reporter wrote it, from their tracking page: the report they track. */
  readonly reportId?: string;
  /** Set when a person signed in on the portal wrote it (comments/CommentPerson). */
  readonly person?: CommentPerson;
  readonly statusFrom: Status;
  readonly statusTo: Status;
  readonly at: number;
  /** Who may read it: the team only (internal; every comment before visibility existed, and those given with a status change) or also the public. */
  readonly visibility: CommentVisibility;
}

/** Feedbacks as the team reads and moves them: lists, reports, history, counts, status changes. */
export interface FeedbackStore {
  /**
   * One page in the order asked, strictly after `after`; merged feedbacks are left out. `activity`:
   * lastActivityAt desc; `reports`: reports desc; `severity`: severity rank asc (SEVERITY_RANK: P0
   * first, none last); `due`: dueAt asc, those without one last by lastActivityAt desc
   * (feedback/due-order.ts); ties by id desc.
   */
  listFeedbacks(orgId: string, filter: FeedbackFilter, after: ListPosition | null, limit: number, order?: FeedbackOrder): Promise<FeedbackRecord[]>;
  /**
   * The same list read back from a position toward its top: the feedbacks at `at` (the row there
   * included) and before it in the list's order, the nearest first, at most `limit`. What a page
   * back through the list reads.
   */
  listFeedbacksUpTo(orgId: string, filter: FeedbackFilter, at: ListPosition, limit: number, order?: FeedbackOrder): Promise<FeedbackRecord[]>;
  /** By key or id, within the organization. */
  findFeedback(orgId: string, keyOrId: string): Promise<FeedbackRecord | null>;
  /**
   * By id, many at once, within the organization (merged ones included): those found, each once,
   * in no given order. One read however many are asked for: a feedback thousands were merged into
   * names each of them.
   */
  findFeedbacks(orgId: string, ids: readonly string[]): Promise<FeedbackRecord[]>;
  /** By id alone, in whichever organization holds it: for a signed link that names a feedback and nothing else (an unsubscribe link). */
  findFeedbackById(feedbackId: string): Promise<FeedbackRecord | null>;
  listReports(feedbackId: string): Promise<ReportRecord[]>;
  /** A report by its tracking id, with the hash of its tracking token. */
  findReportByStatusId(statusId: string): Promise<{ report: ReportRecord; tokenHash: string } | null>;
  /** Each time the feedback's status changed, oldest first, with the status it left. */
  statusChanges(feedbackId: string): Promise<StatusChange[]>;
  /** The comments of a feedback, oldest first, each with the status change it came with (from = to for one written on its own). */
  listComments(feedbackId: string): Promise<StatusComment[]>;
  /** How many feedbacks of the organization (merged ones left out) that pass the filter have each status. */
  countByStatus(orgId: string, filter?: Omit<FeedbackFilter, "statuses">): Promise<Partial<Record<Status, number>>>;
  /**
   * Writes a status change with its comment, events and jobs in one transaction, if the
   * feedback still has status `from`; false otherwise (a concurrent change won).
   */
  applyStatusChange(change: StatusChangeRecord): Promise<boolean>;
}
