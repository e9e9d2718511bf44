import { newerFirst } from "../grouping/decision.ts";
import type { Unmerge } from "./merge.ts";
import type { SplitRecord } from "./split.ts";

/**
 * The score a decision's record carries when grouping never suggested its pair (dismissed from a
 * feedback's page, unmerged, split): no grouper suggests a pair it scored 0 (its thresholds are
 * above), so taken back, such a decision leaves nothing to review.
 */
export const UNSUGGESTED = 0;

/**
 * A decision that two feedbacks are not duplicates, as stores keep it: on the pair's one
 * suggestion (the newer feedback first, as grouping suggests them), which grouping then leaves alone.
 */
export interface Dismissal {
  readonly orgId: string;
  readonly appId: string;
  /** The newer feedback of the pair. */
  readonly feedbackId: string;
  /** The older feedback of the pair. */
  readonly similarId: string;
  readonly at: number;
  readonly by: string | null;
}

/** A person's decision that feedbacks `a` and `b` of an app are not duplicates. */
export const dismissalOf = (
  app: { readonly orgId: string; readonly appId: string },
  a: string,
  b: string,
  at: number,
  by: string | null,
): Dismissal => {
  const [feedbackId, similarId] = newerFirst(a, b);
  return { orgId: app.orgId, appId: app.appId, feedbackId, similarId, at, by };
};

/**
 * An unmerged pair is dismissed: the two feedbacks a person separated are never merged or suggested
 * again. Null for the undoing of a wrong click, which leaves the pair as it was before the merge.
 */
export const dismissalAfterUnmerge = (u: Unmerge): Dismissal | null =>
  u.dismisses ? dismissalOf(u.merge, u.merge.sourceId, u.merge.targetId, u.at, u.by) : null;

/** A split pair is dismissed: the new feedback and the one its report left are never merged or suggested again. */
export const dismissalAfterSplit = (s: SplitRecord): Dismissal => dismissalOf(s, s.newFeedback.id, s.feedbackId, s.at, s.by);
