import type { Grouper } from "../../core/ports.ts";
import { groupingKeys, terms, type TermCounts } from "../../core/grouping/analyze.ts";
import { cosine, mayShareSubject, SAME_SUBJECT_THRESHOLD, type TermStats, weigh } from "./similarity.ts";

/** Analysed texts kept in memory (a cache: nothing is lost when it is cold). */
const CACHE_SIZE = 20_000;

/** Document frequencies over the candidates and the new text: the app's own vocabulary decides what is rare. */
function statsOf(documents: readonly TermCounts[]): TermStats {
  const frequency = new Map<string, number>();
  for (const document of documents) for (const term of Object.keys(document)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  return { documents: documents.length, frequency: (term) => frequency.get(term) ?? 0 };
}

/**
 * The offline grouper: TF-IDF cosine over folded, stemmed English and French words, a bilingual
 * lexicon of feedback vocabulary, and character trigrams; the most similar open feedback above
 * the threshold that may share the report's subject (mayShareSubject) is the duplicate.
 */
export function createLexicalGrouper(): Grouper {
  // Candidates come back report after report: their analysis is kept, least recently used out first.
  const analysed = new Map<string, TermCounts>();
  const termsOf = (text: string): TermCounts => {
    let counts = analysed.get(text);
    if (counts) analysed.delete(text);
    else counts = terms(text);
    analysed.set(text, counts);
    if (analysed.size > CACHE_SIZE) analysed.delete(analysed.keys().next().value!);
    return counts;
  };
  return {
    keys: groupingKeys,

    async findDuplicate(text, candidates) {
      if (candidates.length === 0) return { duplicateOf: null };
      const mine = termsOf(text);
      const theirs = candidates.map((c) => termsOf(c.text));
      const stats = statsOf([mine, ...theirs]);
      const reference = weigh(mine, stats);
      // A feedback answers with its most similar report (single linkage); its reports together decide what it is about.
      const feedbacks = new Map<string, { score: number; terms: TermCounts }>();
      theirs.forEach((counts, i) => {
        const id = candidates[i]!.id;
        const feedback = feedbacks.get(id) ?? { score: 0, terms: {} };
        feedback.score = Math.max(feedback.score, cosine(reference, weigh(counts, stats)));
        for (const term of Object.keys(counts)) feedback.terms[term] = 1;
        feedbacks.set(id, feedback);
      });
      let best: { id: string; score: number } | null = null;
      for (const [id, { score, terms: known }] of feedbacks) {
        if (score >= SAME_SUBJECT_THRESHOLD && (!best || score > best.score) && mayShareSubject(mine, known)) best = { id, score };
      }
      return { duplicateOf: (best as { id: string } | null)?.id ?? null };
    },
  };
}
