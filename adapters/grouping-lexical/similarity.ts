import { TermKind, type TermCounts } from "../../core/grouping/analyze.ts";

/** Corpus statistics: how many documents, and in how many each term appears. */
export interface TermStats {
  readonly documents: number;
  readonly frequency: (term: string) => number;
}

/** Smoothed inverse document frequency. */
const idf = (stats: TermStats, term: string): number => Math.log((1 + stats.documents) / (1 + stats.frequency(term))) + 1;

/**
 * How much a term of each kind counts. Trigrams only bridge spelling variants and generic words
 * only support a match, so neither can outweigh what a report is about.
 */
const KIND_WEIGHT: Readonly<Record<string, number>> = {
  [TermKind.subject]: 1,
  [TermKind.symptom]: 1,
  [TermKind.generic]: 0.5,
  [TermKind.trigram]: 0.25,
  [TermKind.title]: 1,
};

const kindWeight = (term: string): number => KIND_WEIGHT[term.slice(0, term.indexOf(":"))] ?? 1;

/** A text's TF-IDF vector with its norm, computed once per comparison round. */
export interface Weighted {
  readonly vector: ReadonlyMap<string, number>;
  readonly norm: number;
}

export function weigh(counts: TermCounts, stats: TermStats): Weighted {
  const vector = new Map<string, number>();
  let squares = 0;
  counts.terms.forEach((term, i) => {
    const weight = kindWeight(term) * (1 + Math.log(counts.counts[i]!)) * idf(stats, term);
    vector.set(term, weight);
    squares += weight * weight;
  });
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

const termsOfKind = (terms: Iterable<string>, kind: string): string[] => [...terms].filter((term) => term.startsWith(`${kind}:`));

const subjectPrefix = `${TermKind.subject}:`;

/**
 * Whether two weighted texts name at least one thing in common ("checkout", "invoice"), beyond a
 * symptom ("does nothing") or a word any report uses ("button"), which are said of every subject.
 */
export function nameOneThing(a: Weighted, b: Weighted): boolean {
  const [small, large] = a.vector.size <= b.vector.size ? [a, b] : [b, a];
  for (const term of small.vector.keys()) if (term.startsWith(subjectPrefix) && large.vector.has(term)) return true;
  return false;
}

/**
 * Whether a report may be on the subject of a feedback, whatever their similarity: they must
 * name at least one thing in common ("login", "invoice"), and when both say how it goes wrong,
 * agree on one symptom ("no results" and "slow" are two subjects of one search page).
 * `feedback` holds the terms of the feedback's own text.
 */
export function mayShareSubject(report: TermCounts, feedback: ReadonlySet<string>): boolean {
  if (!termsOfKind(report.terms, TermKind.subject).some((term) => feedback.has(term))) return false;
  const symptoms = termsOfKind(report.terms, TermKind.symptom);
  return symptoms.length === 0 || termsOfKind(feedback, TermKind.symptom).length === 0 || symptoms.some((term) => feedback.has(term));
}

/**
 * Two texts are on the same subject from this similarity on. Chosen on test/fixtures/grouping.json
 * for precision first: a wrong merge hides a problem, a missed one only leaves a duplicate.
 */
export const SAME_SUBJECT_THRESHOLD = 0.35;

/** From this similarity on, two texts are worth a person's look (a suggestion), even when they are not sure duplicates. */
export const SUGGESTION_THRESHOLD = 0.15;

/**
 * From this similarity on, two texts that name nothing in common (nameOneThing) are worth a person's
 * look: one shared symptom ("does nothing") is said of every subject, so it must be most of what both
 * say ("Playback stutters" and "La vidéo se fige"). Twice the suggestion threshold, chosen on
 * test/fixtures/grouping.json: from it no set of the grouping benchmark offers a true pair less.
 */
export const NOTHING_NAMED_THRESHOLD = 0.3;

/** The shared terms that weigh most in the similarity of two weighted texts, as words (trigrams left out). */
export function sharedWords(a: Weighted, b: Weighted, count: number): string[] {
  const shared: Array<[string, number]> = [];
  for (const [term, weight] of a.vector) {
    const other = b.vector.get(term);
    if (other !== undefined && !term.startsWith(`${TermKind.trigram}:`)) shared.push([term.slice(term.indexOf(":") + 1), weight * other]);
  }
  return [...new Set(shared.sort((x, y) => y[1] - x[1]).map(([word]) => word))].slice(0, count);
}
