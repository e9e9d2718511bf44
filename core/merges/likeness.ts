import type { Suggestion } from "../grouping/decision.ts";
import { bestFirst } from "../grouping/linkage.ts";
import type { GroupingMatch } from "../ports.ts";

/**
 * How alike a feedback and each of the others are, as every page and answer shows a pair: a pair
 * waiting for a person reads as grouping suggested it, so that Possible duplicates, both
 * feedbacks' pages and GET …/similar give it one score, one verdict and one set of words (compared
 * again now, from one side or the other, with the feedbacks of that moment, it would read
 * otherwise); every other pair reads as `compared` found it now. A pair a person dismissed is left
 * out. Best first, as grouping orders matches, the `most` best.
 */
export function likenesses(
  feedbackId: string,
  compared: readonly GroupingMatch[],
  waiting: readonly Suggestion[],
  dismissed: ReadonlySet<string>,
  most: number,
): GroupingMatch[] {
  const byOther = new Map(compared.filter((m) => !dismissed.has(m.id)).map((m) => [m.id, m]));
  for (const s of waiting) {
    const id = s.feedbackId === feedbackId ? s.similarId : s.feedbackId;
    byOther.set(id, { id, score: s.score, same: s.sure, matched: s.matched });
  }
  return [...byOther.values()].sort(bestFirst).slice(0, most);
}
