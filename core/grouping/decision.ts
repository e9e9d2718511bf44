import type { GroupingMatch } from "../ports.ts";

/** How an app groups: `auto` merges sure duplicates and suggests likely ones; `review` only suggests. */
export const GROUPING_MODES = ["auto", "review"] as const;
export type GroupingMode = (typeof GROUPING_MODES)[number];

/** A pair grouping found alike, waiting for a person: the newer feedback and the older one it may duplicate. */
export interface Suggestion {
  readonly orgId: string;
  readonly appId: string;
  readonly feedbackId: string;
  readonly similarId: string;
  readonly score: number;
  /**
   * Whether the grouper found them one subject (its automatic threshold): a pair `review` mode, or a
   * second sure match, left for a person. The others are only alike enough to be worth a look.
   */
  readonly sure: boolean;
  /** The words the two share that weighed most. */
  readonly matched: readonly string[];
  readonly at: number;
}

/**
 * A pair of feedbacks as stores key it, the newer first (ids are time-ordered), so that a pair has
 * one suggestion or decision whichever of the two found the other.
 */
export const newerFirst = (a: string, b: string): readonly [newer: string, older: string] => (a > b ? [a, b] : [b, a]);

/** What grouping does with the matches of a new feedback. */
interface GroupingDecision {
  /** The duplicate to merge with, when the mode lets grouping decide alone. */
  readonly merge: GroupingMatch | null;
  readonly suggest: readonly GroupingMatch[];
}

/**
 * Decides for feedback `feedbackId` from the grouper's matches (best first): a pair a person
 * dismissed is left out; in `auto` mode the best sure match is merged and the others suggested; in
 * `review` every match is suggested. A sure match older than the feedback comes before a newer one,
 * however close: the jobs of a burst of duplicates run at once and see each other, and merged each
 * with its closest sibling they would merge in small groups beside the feedback they all duplicate.
 * Towards the older, every merge goes down to it. (One job at a time sees only older feedbacks.)
 */
export function decideGrouping(
  mode: GroupingMode,
  matches: readonly GroupingMatch[],
  dismissed: ReadonlySet<string>,
  feedbackId: string,
): GroupingDecision {
  const open = matches.filter((m) => !dismissed.has(m.id));
  const sure = mode === "auto" ? open.filter((m) => m.same) : [];
  // Ids are time-ordered: a smaller one is older.
  const merge = sure.find((m) => m.id < feedbackId) ?? sure[0] ?? null;
  return { merge, suggest: open.filter((m) => m !== merge) };
}
