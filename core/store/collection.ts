import type { DomainEvent, JobRequest } from "../feedback/events.ts";
import type { AppRecord, Attachment, Channel, FeedbackRecord, Follower, Organization, ReportOutcome, ReportRecord } from "../model.ts";
import type { IdempotentWrite, StoredAnswer } from "./idempotency.ts";

export interface ChannelContext {
  readonly channel: Channel;
  readonly app: AppRecord;
  readonly organization: Organization;
}

export interface NewFeedback {
  readonly feedback: Omit<FeedbackRecord, "key">;
  readonly report: ReportRecord;
  readonly statusTokenHash: string;
  readonly follower?: Follower;
  readonly event: DomainEvent;
  readonly jobs: readonly JobRequest[];
  readonly quota: { readonly month: string; readonly limit: number | null };
  /** Files the reporter sent with the report (already in file storage), linked to the report in the same write. */
  readonly attachments: readonly Attachment[];
  /** The qualification session the report ends, closed in the same transaction. */
  readonly qualificationId?: string;
  /** The idempotent request's answer, committed with the feedback; it depends on the key the feedback is given. */
  readonly answer?: IdempotentWrite & { readonly respond: (ticketId: string) => ReportOutcome };
}

export type RecordedFeedback =
  | { readonly state: "recorded"; readonly feedback: FeedbackRecord }
  | { readonly state: "quota_exceeded" }
  /** A live answer was already stored under the idempotency key; nothing was written. */
  | { readonly state: "answered"; readonly answer: StoredAnswer };

/** Where reports come in: the channel a key opens, and the report recorded as a new feedback. */
export interface CollectionStore {
  findChannelByKey(key: string): Promise<ChannelContext | null>;
  /**
   * Records a report as a new feedback, with its event, jobs, follower, quota use and idempotent
   * answer, in one transaction; allocates the feedback key.
   */
  recordFeedback(input: NewFeedback): Promise<RecordedFeedback>;
}
