import { fail, ok, type Result } from "../errors.ts";
import type { DomainEvent, JobRequest } from "../feedback/events.ts";
import { INITIAL_STATUS } from "../feedback/status.ts";
import type { FeedbackRecord, ReportRecord } from "../model.ts";
import { initialTitle } from "../report/title.ts";
import type { FeedbackCounts } from "./merge.ts";
import { refuse } from "./refusal.ts";

/**
 * One report taken out of a feedback into a new feedback of its own: grouping put it with the
 * wrong subject. The reporter follows the new feedback too; the pair is not grouped again.
 */
export interface SplitRecord {
  readonly id: string;
  readonly orgId: string;
  readonly appId: string;
  /** The feedback the report leaves. */
  readonly feedbackId: string;
  readonly reportId: string;
  /** The new feedback, without its key (the store gives it the organization's next one). */
  readonly newFeedback: Omit<FeedbackRecord, "key">;
  /** The reporter's address, when they follow the feedback the report leaves: they follow the new one too. */
  readonly follower: string | null;
  readonly by: string;
  readonly at: number;
  /** Compare-and-set: the store writes only if the feedback still holds this many reports. */
  readonly expectedReports: number;
  /**
   * What the feedback the report leaves becomes: its counts, and its title where it was the
   * report's (`retitle`: taken only if the title is still `from`, so a rename made meanwhile stays).
   */
  readonly remaining: FeedbackCounts & { readonly retitle?: { readonly from: string; readonly to: string } };
}

interface SplitInput {
  readonly id: string;
  readonly newFeedbackId: string;
  readonly feedback: FeedbackRecord;
  readonly reports: readonly ReportRecord[];
  readonly reportId: string;
  readonly followers: readonly string[];
  readonly by: string;
  readonly at: number;
}

/** Plans a split: the report must be one of the feedback's, and not its only one. */
export function planSplit(input: SplitInput): Result<SplitRecord> {
  const { feedback, reports } = input;
  const report = reports.find((r) => r.id === input.reportId);
  if (!report) return fail("not_found");
  if (feedback.mergedInto) return fail("cannot_split");
  if (reports.length < 2) return refuse("cannot_split", { reason: "only_report", feedback: feedback.key });
  const others = reports.filter((r) => r !== report);
  const email = report.report.author.email;
  const title = initialTitle(report.report);
  return ok({
    id: input.id,
    orgId: feedback.orgId,
    appId: feedback.appId,
    feedbackId: feedback.id,
    reportId: report.id,
    newFeedback: {
      id: input.newFeedbackId,
      orgId: feedback.orgId,
      appId: feedback.appId,
      title,
      kind: report.report.kind,
      status: INITIAL_STATUS,
      ...(report.report.observed && { observed: report.report.observed }),
      ...(report.report.expected && { expected: report.report.expected }),
      reports: 1,
      // The list orders by last activity, which is the last report received: the new feedback's is
      // its report's time, as the feedback it left recounts its own from the reports it keeps. It
      // is dated from that report too, never from the split, so it is never created after its
      // last activity and sits among the feedbacks by when its subject was reported, not above
      // or below them by when someone tidied up (the split's time stays on the split record).
      createdAt: report.at,
      lastActivityAt: report.at,
    },
    follower: email && input.followers.includes(email) ? email : null,
    by: input.by,
    at: input.at,
    expectedReports: feedback.reports,
    remaining: {
      reports: feedback.reports - 1,
      lastActivityAt: Math.max(...others.map((r) => r.at)),
      ...retitled(feedback, title, report, others),
    },
  });
}

/**
 * The title the feedback takes when the report split off is the one its title was made from (its
 * first report, the title as that report gave it: no one renamed it): its first remaining report's.
 * A title someone wrote stays.
 */
function retitled(
  feedback: FeedbackRecord,
  title: string,
  report: ReportRecord,
  others: readonly ReportRecord[],
): Pick<SplitRecord["remaining"], "retitle"> {
  const first = others.reduce((a, b) => (b.at < a.at ? b : a));
  if (feedback.title !== title || first.at < report.at) return {};
  const next = initialTitle(first.report);
  return next === title ? {} : { retitle: { from: title, to: next } };
}

/** The new feedback is created as any other: `feedback.created` goes out for it. */
export const splitEvent = (split: SplitRecord, id: string): DomainEvent => ({
  type: "feedback.created",
  id,
  orgId: split.orgId,
  feedbackId: split.newFeedback.id,
  createdAt: split.at,
});

/**
 * The new feedback is triaged and compared like a new one: the grouping job commits with the split
 * (it grades it and attaches it to a feature, as none of that follows the report out).
 */
export const splitJob = (split: SplitRecord): JobRequest => ({ kind: "group_report", orgId: split.orgId, feedbackId: split.newFeedback.id });
