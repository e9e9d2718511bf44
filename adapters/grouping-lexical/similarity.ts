import type { TermCounts } from "../../core/grouping/analyze.ts";

/** Corpus statistics: how many documents, and in how many each term appears. */
export interface TermStats {
  readonly documents: number;
  readonly frequency: (term: string) => number;
}

/** Smoothed inverse document frequency. */
export const idf = (stats: TermStats, term: string): number => Math.log((1 + stats.documents) / (1 + stats.frequency(term))) + 1;

/** A text's TF-IDF vector with its norm, computed once per comparison round. */
export interface Weighted {
  readonly vector: ReadonlyMap<string, number>;
  readonly norm: number;
}

export function weigh(counts: TermCounts, stats: TermStats): Weighted {
  const vector = new Map<string, number>();
  let squares = 0;
  for (const [term, count] of Object.entries(counts)) {
    const weight = (1 + Math.log(count > 0 ? count : 1)) * idf(stats, term);
    vector.set(term, weight);
    squares += weight * weight;
  }
  return { vector, norm: Math.sqrt(squares) };
}

/** Cosine similarity of two weighted texts, from 0 (nothing shared) to 1. */
export function cosine(a: Weighted, b: Weighted): number {
  if (a.norm === 0 || b.norm === 0) return 0;
  const [small, large] = a.vector.size <= b.vector.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, weight] of small.vector) dot += weight * (large.vector.get(term) ?? 0);
  return dot / (a.norm * b.norm);
}

/**
 * Two texts are on the same subject from this similarity on. Chosen on test/fixtures/grouping.json
 * for precision first: a wrong merge hides a problem, a missed one only leaves a duplicate.
 */
export const SAME_SUBJECT_THRESHOLD = 0.4;
