import type { TermCounts } from "../../core/grouping/analyze.ts";

/** Corpus statistics: how many documents, and in how many each term appears. */
export interface TermStats {
  readonly documents: number;
  readonly frequency: (term: string) => number;
}

/** Smoothed inverse document frequency. */
export const idf = (stats: TermStats, term: string): number => Math.log((1 + stats.documents) / (1 + stats.frequency(term))) + 1;

function weighted(counts: TermCounts, stats: TermStats): Map<string, number> {
  const vector = new Map<string, number>();
  for (const [term, count] of Object.entries(counts)) vector.set(term, (1 + Math.log(count > 0 ? count : 1)) * idf(stats, term));
  return vector;
}

/** TF-IDF cosine similarity of two texts' terms, from 0 (nothing shared) to 1. */
export function cosine(a: TermCounts, b: TermCounts, stats: TermStats): number {
  const va = weighted(a, stats);
  const vb = weighted(b, stats);
  let dot = 0;
  for (const [term, weight] of va) dot += weight * (vb.get(term) ?? 0);
  const norm = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((s, x) => s + x * x, 0));
  const denominator = norm(va) * norm(vb);
  return denominator === 0 ? 0 : dot / denominator;
}

/**
 * Two texts are on the same subject from this similarity on. Chosen on test/fixtures/grouping.json
 * for precision first: a wrong merge hides a problem, a missed one only leaves a duplicate.
 */
export const SAME_SUBJECT_THRESHOLD = 0.4;
