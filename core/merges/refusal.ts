import type { ErrorCode, Failure } from "../errors.ts";

/**
 * Why a merge, an unmerge or a split is refused, decided by the core before anything is written,
 * so that every report stays in exactly one visible feedback and no visible feedback is left
 * empty. The keys name the feedbacks in the message: `feedback` is the one the request names.
 */
export type MergeRefusal =
  /** No feedback of the organization has this key (as it was typed, in upper case). */
  | { readonly reason: "unknown_feedback"; readonly feedback: string }
  /** A feedback named twice: merged into itself. */
  | { readonly reason: "same_feedback"; readonly feedback: string }
  /** The two feedbacks belong to different apps. */
  | { readonly reason: "other_app"; readonly feedback: string; readonly target: string }
  /** The feedback is merged into another already: `holder`, the key of the one that holds it, where it was read. */
  | { readonly reason: "already_merged"; readonly feedback: string; readonly holder?: string }
  /**
   * The feedback is not merged into another (or that merge was undone already). `mergedHere`: the
   * keys of the feedbacks merged into it, when it is the one others were merged into: those unmerge.
   */
  | { readonly reason: "not_merged"; readonly feedback: string; readonly mergedHere?: readonly string[] }
  /**
   * The merge an Undo names was undone already: an Undo takes back only the merge it names.
   * `mergedAgain`: the feedback was merged again since (by grouping or a person), which stays.
   */
  | { readonly reason: "merge_undone"; readonly feedback: string; readonly mergedAgain?: true }
  /** The feedback it was merged into has been merged into a third since. */
  | { readonly reason: "target_merged"; readonly feedback: string; readonly target: string }
  /**
   * Reports the merge brought have left the target since (split off, or taken back by the unmerge of
   * another merge that had brought them too): an unmerge cannot give them back. `holders` are the
   * keys of the feedbacks that hold them now.
   */
  | {
      readonly reason: "reports_left";
      readonly feedback: string;
      readonly target: string;
      readonly count: number;
      readonly holders: readonly string[];
    }
  /** The target holds only the reports the merge brought: an unmerge would leave it empty. */
  | { readonly reason: "target_emptied"; readonly feedback: string; readonly target: string }
  /** The report is the feedback's only one: split off, it would leave the feedback empty. */
  | { readonly reason: "only_report"; readonly feedback: string }
  /** The report left the feedback since (split off, or its feedback merged or unmerged): `target` holds it now. */
  | { readonly reason: "report_moved"; readonly feedback: string; readonly target: string };

export const REFUSAL_REASONS = [
  "unknown_feedback",
  "same_feedback",
  "other_app",
  "already_merged",
  "not_merged",
  "merge_undone",
  "target_merged",
  "reports_left",
  "target_emptied",
  "only_report",
  "report_moved",
] as const satisfies readonly MergeRefusal["reason"][];

/** A refused merge, unmerge or split (or a feedback not found), with why. */
export const refuse = (
  code: Extract<ErrorCode, "not_found" | "cannot_merge" | "cannot_unmerge" | "cannot_split">,
  refusal: MergeRefusal,
): Failure => ({
  ok: false,
  code,
  refusal,
});
