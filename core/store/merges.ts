import type { DomainEvent, JobRequest } from "../feedback/events.ts";
import type { MergeRecord, Unmerge } from "../merges/merge.ts";
import type { SplitRecord } from "../merges/split.ts";
import type { FeedbackRecord } from "../model.ts";

/**
 * Merges as links: a merge and its undoing each commit with their events, moving reports,
 * followers and counts in one transaction. Both writes are compare-and-set on what was planned.
 */
export interface MergeStore {
  /**
   * Writes a planned merge: moves its reports, adds its followers to the target, sets the target's
   * counts, merges the source, records the merge with its events. False,
   * with nothing written, when either feedback is merged or its report count changed since.
   */
  applyMerge(merge: MergeRecord, events: readonly DomainEvent[]): Promise<boolean>;
  /**
   * Undoes a standing merge: its reports go back to the source, the followers it added leave the
   * target, the target gets the planned counts, the source answers for itself again, and the pair
   * is remembered as dismissed unless the unmerge says otherwise (an Undo right after the merge). False, with nothing written, when the merge was undone or the target changed since.
   */
  applyUnmerge(unmerge: Unmerge, events: readonly DomainEvent[]): Promise<boolean>;
  /** The standing merge that merged this feedback, if any. */
  findMerge(orgId: string, sourceId: string): Promise<MergeRecord | null>;
  /** The merges into or out of a feedback, undone ones too, oldest first. */
  listMerges(orgId: string, feedbackId: string): Promise<MergeRecord[]>;
  /**
   * Writes a planned split: the new feedback gets the organization's next key, the report moves to
   * it (with its follower), the feedback it left gets the planned counts, the pair is remembered as
   * dismissed, and the events and jobs commit with it. Null, with nothing written, when the feedback is
   * merged or its report count changed since.
   */
  applySplit(split: SplitRecord, events: readonly DomainEvent[], jobs: readonly JobRequest[]): Promise<FeedbackRecord | null>;
  /** Where these reports are now: each one's id, to the key of the feedback of the organization holding it (holderKeys names them). */
  holdersOf(orgId: string, reportIds: readonly string[]): Promise<Map<string, string>>;
  /** The splits of a feedback, oldest first: those that took a report out of it, and the one it was made by. */
  listSplits(orgId: string, feedbackId: string): Promise<SplitRecord[]>;
}
