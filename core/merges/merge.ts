import { fail, ok, type Result } from "../errors.ts";
import type { DomainEvent } from "../feedback/events.ts";
import type { FeedbackRecord } from "../model.ts";
import { refuse } from "./refusal.ts";

/**
 * A merge merges one feedback (the source) into another of the same app (the target), which then
 * answers for it. It is a link, never a deletion: the record says exactly what moved, so an
 * unmerge gives the source back its reports and leaves the target as it was.
 */
export interface MergeRecord {
  readonly id: string;
  readonly orgId: string;
  readonly appId: string;
  readonly sourceId: string;
  readonly targetId: string;
  /** The person who merged; null when grouping did. */
  readonly by: string | null;
  /** How alike grouping found the two, when a score decided it. */
  readonly score: number | null;
  readonly at: number;
  /** The reports the source held, moved to the target. */
  readonly reportIds: readonly string[];
  /** The source's followers who did not follow the target yet, added to it (the source keeps its own). */
  readonly addedFollowers: readonly string[];
  /** The target before the merge, and after it: the store writes `after` only if the target still has `before.reports`. */
  readonly targetBefore: FeedbackCounts;
  readonly targetAfter: FeedbackCounts;
  /** When and by whom it was undone; a merge is undone at most once. */
  readonly undone: { readonly at: number; readonly by: string | null } | null;
}

export interface FeedbackCounts {
  readonly reports: number;
  readonly lastActivityAt: number;
}

/** What an unmerge writes: the merge it undoes, and what the target becomes. */
export interface Unmerge {
  readonly merge: MergeRecord;
  readonly at: number;
  readonly by: string | null;
  /** The target's report count when planned: the store writes only if it still has it (compare-and-set). */
  readonly expectedReports: number;
  readonly target: FeedbackCounts;
  /**
   * Whether the pair is remembered as dismissed (dismissalAfterUnmerge): a person who separates two
   * feedbacks judged them different; the Undo offered right after a merge takes back a wrong click,
   * and the pair waits for review again as it did.
   */
  readonly dismisses: boolean;
}

type Feedback = Pick<FeedbackRecord, "id" | "key" | "orgId" | "appId" | "reports" | "lastActivityAt" | "mergedInto">;

/** The feedbacks and people a merge reads before it writes. */
interface MergeInput {
  readonly id: string;
  readonly source: Feedback;
  readonly target: Feedback;
  readonly sourceReportIds: readonly string[];
  readonly sourceFollowers: readonly string[];
  readonly targetFollowers: readonly string[];
  readonly by: string | null;
  readonly score: number | null;
  readonly at: number;
}

/**
 * Plans a merge: what moves (every report, the followers the target lacks) and the target's new
 * counts. Two feedbacks merge when they are distinct, of one app, and neither is merged already;
 * a refusal says which of these failed, naming the feedbacks by key.
 */
export function planMerge(input: MergeInput): Result<MergeRecord> {
  const { source, target } = input;
  if (source.id === target.id) return refuse("cannot_merge", { reason: "same_feedback", feedback: source.key });
  if (source.appId !== target.appId || source.orgId !== target.orgId)
    return refuse("cannot_merge", { reason: "other_app", feedback: source.key, target: target.key });
  const alreadyMerged = source.mergedInto ? source : target.mergedInto ? target : null;
  if (alreadyMerged) return refuse("cannot_merge", { reason: "already_merged", feedback: alreadyMerged.key });
  const known = new Set(input.targetFollowers);
  return ok({
    id: input.id,
    orgId: source.orgId,
    appId: source.appId,
    sourceId: source.id,
    targetId: target.id,
    by: input.by,
    score: input.score,
    at: input.at,
    reportIds: [...input.sourceReportIds],
    addedFollowers: input.sourceFollowers.filter((email) => !known.has(email)),
    targetBefore: { reports: target.reports, lastActivityAt: target.lastActivityAt },
    targetAfter: { reports: target.reports + source.reports, lastActivityAt: Math.max(target.lastActivityAt, source.lastActivityAt) },
    undone: null,
  });
}

/**
 * What an unmerge reads before it writes: the feedback it names, the one it was merged into, the
 * reports that one holds now, and the keys of the feedbacks holding the merge's others.
 */
interface UnmergeInput {
  readonly merge: MergeRecord;
  readonly source: Pick<FeedbackRecord, "key">;
  readonly target: Feedback & Pick<FeedbackRecord, "key">;
  /** The reports the target holds now: a set, since the page plans the undoing of each of its merges (thousands) on one. */
  readonly targetReports: ReadonlySet<string>;
  /** Where the reports the merge brought and the target no longer holds are now (their feedbacks' keys). */
  readonly holders: readonly string[];
  readonly at: number;
  readonly by: string | null;
}

/** The keys of the feedbacks holding `reportIds` now, as `holders` (holdersOf) names them: each once, in key order. */
export const holderKeys = (holders: ReadonlyMap<string, string>, reportIds: readonly string[]): string[] =>
  [...new Set(reportIds.flatMap((id) => holders.get(id) ?? []))].sort();

/**
 * Plans the undoing of a standing merge. The target must answer for itself (undo a later merge of
 * it first), still hold every report the merge brought (none split off or taken back since: the
 * refusal names the feedbacks holding them now), and keep at least
 * one report of its own; otherwise the unmerge is refused, saying why, before anything is written.
 * The target keeps activity it had since the merge, and otherwise gets its former last activity back.
 */
export function planUnmerge(input: UnmergeInput): Result<Unmerge> {
  const { merge, source, target, at, by } = input;
  if (merge.undone) return refuse("cannot_unmerge", { reason: "not_merged", feedback: source.key });
  if (target.id !== merge.targetId) return fail("cannot_unmerge");
  if (target.mergedInto) return refuse("cannot_unmerge", { reason: "target_merged", feedback: source.key, target: target.key });
  const left = merge.reportIds.filter((id) => !input.targetReports.has(id)).length;
  if (left > 0)
    return refuse("cannot_unmerge", { reason: "reports_left", feedback: source.key, target: target.key, count: left, holders: input.holders });
  const kept = input.targetReports.size - merge.reportIds.length;
  if (kept < 1) return refuse("cannot_unmerge", { reason: "target_emptied", feedback: source.key, target: target.key });
  const activeSince = target.lastActivityAt > merge.targetAfter.lastActivityAt;
  return ok({
    merge,
    at,
    by,
    expectedReports: target.reports,
    dismisses: true,
    target: {
      reports: kept,
      lastActivityAt: activeSince ? target.lastActivityAt : merge.targetBefore.lastActivityAt,
    },
  });
}

/**
 * The reports standing merges brought into a feedback: all it holds but the one it was made from
 * (a merge moves every report its source held; a split makes a feedback of the report it takes).
 */
export const broughtIn = (feedbackId: string, merges: readonly MergeRecord[]): ReadonlySet<string> =>
  new Set(merges.filter((m) => m.targetId === feedbackId && m.undone === null).flatMap((m) => m.reportIds));

/** The report a feedback was made from, among those it holds (oldest first); its oldest when that one left it (split off). */
export const madeFrom = <R extends { readonly id: string }>(
  feedbackId: string,
  reports: readonly R[],
  merges: readonly MergeRecord[],
): R | undefined => {
  const brought = broughtIn(feedbackId, merges);
  return reports.find((r) => !brought.has(r.id)) ?? reports[0];
};

/** The events of a merge and of its undoing, each about the feedback that answers afterwards. */
export const mergedEvent = (merge: MergeRecord, id: string): DomainEvent => ({
  type: "feedback.merged",
  relatedId: merge.sourceId,
  id,
  orgId: merge.orgId,
  feedbackId: merge.targetId,
  createdAt: merge.at,
});

export const unmergedEvent = (unmerge: Unmerge, id: string): DomainEvent => ({
  type: "feedback.unmerged",
  relatedId: unmerge.merge.targetId,
  id,
  orgId: unmerge.merge.orgId,
  feedbackId: unmerge.merge.sourceId,
  createdAt: unmerge.at,
});
