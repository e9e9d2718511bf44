import type { GroupingMatch } from "../ports.ts";

/** Grouping's order of matches: sure duplicates first, then the most alike. */
export const bestFirst = (a: GroupingMatch, b: GroupingMatch): number => Number(b.same) - Number(a.same) || b.score - a.score;

/** A candidate text compared with a new report's, by a grouper. */
interface TextComparison<Closest> {
  /** The feedback the text answers for: its own, or one merged into it. */
  readonly id: string;
  readonly score: number;
  /** For a feedback's own text, whether the new report is a sure duplicate of it; absent for a text merged into it. */
  readonly same?: boolean;
  /** What the matched words of the feedback are drawn from, should this text be its closest. */
  readonly closest: Closest;
}

/**
 * The matches of a new report from its comparisons with candidate texts (single linkage): a
 * feedback scores as its most similar text (the last of equals), but is a sure duplicate only of its
 * own, since compared with what was merged into it a feedback would grow report by report. Those
 * scoring under `suggestionThreshold` are left out; sure duplicates come first, then by score (to
 * three decimals): the best sure one is the one to merge with.
 */
export function linkMatches<Closest>(
  texts: readonly TextComparison<Closest>[],
  suggestionThreshold: number,
  matchedWords: (closest: Closest) => readonly string[],
): GroupingMatch[] {
  const feedbacks = new Map<string, { score: number; closest?: { readonly of: Closest }; same: boolean }>();
  for (const text of texts) {
    const feedback = feedbacks.get(text.id) ?? { score: Number.NEGATIVE_INFINITY, same: false };
    if (text.score >= feedback.score) Object.assign(feedback, { score: text.score, closest: { of: text.closest } });
    if (text.same !== undefined) feedback.same = text.same;
    feedbacks.set(text.id, feedback);
  }
  const matches: GroupingMatch[] = [];
  for (const [id, { score, closest, same }] of feedbacks) {
    if (score < suggestionThreshold || !closest) continue;
    matches.push({ id, score: Math.round(score * 1000) / 1000, same, matched: matchedWords(closest.of) });
  }
  return matches.sort(bestFirst);
}
