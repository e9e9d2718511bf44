import type { Grouper } from "../../core/ports.ts";
import { groupingKeys, terms, type TermCounts } from "../../core/grouping/analyze.ts";
import { linkMatches } from "../../core/grouping/linkage.ts";
import { factsAgree, type TitleFacts, titleFacts, titleOf } from "../../core/grouping/titles-agree.ts";
import {
  cosine,
  mayShareSubject,
  nameOneThing,
  NOTHING_NAMED_THRESHOLD,
  SAME_SUBJECT_THRESHOLD,
  sharedWords,
  SUGGESTION_THRESHOLD,
  type TermStats,
  weigh,
  type Weighted,
} from "./similarity.ts";

/** Words shown with a match. */
const MATCHED_WORDS = 6;

/**
 * Analysed texts kept in memory (a cache: nothing is lost when it is cold), about 560 bytes each
 * packed, so 2.2 MB. A report's candidates are the recent feedbacks of its subject: in the grouping
 * benchmark 4,000 missed as often as 20,000, and 1,000 missed 13 % more.
 */
const CACHE_SIZE = 4_000;

/** Terms never hold it: words are letters and digits, trigrams add spaces. */
const SEPARATOR = "\n";

/**
 * An analysed text as the cache keeps it: its terms in one string. A string per term took 1.3 KB
 * a text instead of 560 bytes, and under a steady load of reports the server's resident memory
 * was 12 MB higher.
 */
interface Packed {
  readonly terms: string;
  readonly counts: Uint32Array;
}

const pack = ({ terms, counts }: TermCounts): Packed => ({ terms: terms.join(SEPARATOR), counts });
const unpack = ({ terms, counts }: Packed): TermCounts => ({ terms: terms === "" ? [] : terms.split(SEPARATOR), counts });

/**
 * A report is a sure duplicate of a feedback's own text when the texts are alike, may share a
 * subject, and their titles agree (titlesAgree): on real reports, similarity alone merges
 * unrelated reports that share a template or differ by the one word that is their subject.
 */
const sureDuplicate = (mine: TermCounts, myTitle: () => TitleFacts, theirs: TermCounts, theirTitle: () => TitleFacts, score: number): boolean =>
  score >= SAME_SUBJECT_THRESHOLD && mayShareSubject(mine, new Set(theirs.terms)) && factsAgree(myTitle(), theirTitle());

/** Document frequencies over the candidates and the new text: the app's own vocabulary decides what is rare. */
function statsOf(documents: readonly TermCounts[]): TermStats {
  const frequency = new Map<string, number>();
  for (const document of documents) for (const term of document.terms) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  return { documents: documents.length, frequency: (term) => frequency.get(term) ?? 0 };
}

/**
 * The offline grouper: TF-IDF cosine over case-folded, stemmed English and French words, a bilingual
 * lexicon of feedback vocabulary, and character trigrams, over the texts' subject words
 * (subjectText). A sure duplicate is decided against a feedback's own text (sureDuplicate); any
 * feedback above the suggestion threshold is worth a person's look, from a higher one when the two
 * name nothing in common.
 */
export function createLexicalGrouper(): Grouper {
  // Candidates come back report after report: their analysis is kept, least recently used out first.
  const analysed = new Map<string, Packed>();
  const termsOf = (text: string): TermCounts => {
    const cached = analysed.get(text);
    if (cached) analysed.delete(text);
    const counts = cached ? unpack(cached) : terms(text);
    analysed.set(text, cached ?? pack(counts));
    if (analysed.size > CACHE_SIZE) analysed.delete(analysed.keys().next().value!);
    return counts;
  };
  // Titles of the candidates a sure duplicate is decided against, read once each (least recently used out first).
  const titles = new Map<string, TitleFacts>();
  const titleFactsOf = (text: string): TitleFacts => {
    const title = titleOf(text);
    const facts = titles.get(title) ?? titleFacts(title);
    titles.delete(title);
    titles.set(title, facts);
    if (titles.size > CACHE_SIZE) titles.delete(titles.keys().next().value!);
    return facts;
  };
  return {
    keys: groupingKeys,

    async compare(text, candidates) {
      if (candidates.length === 0) return { matches: [] };
      const mine = termsOf(text);
      const theirs = candidates.map((c) => termsOf(c.text));
      const stats = statsOf([mine, ...theirs]);
      const reference = weigh(mine, stats);
      let myTitle: TitleFacts | undefined;
      const mineFacts = () => (myTitle ??= titleFacts(titleOf(text)));
      // Single linkage (core's linkMatches): a feedback ranks by its most similar text, a sure duplicate of its own only.
      const compared = theirs.flatMap((counts, i) => {
        const candidate = candidates[i]!;
        const weighted = weigh(counts, stats);
        const score = cosine(reference, weighted);
        if (score < NOTHING_NAMED_THRESHOLD && !nameOneThing(reference, weighted)) return [];
        return {
          id: candidate.id,
          score,
          closest: weighted,
          ...(candidate.own && { same: sureDuplicate(mine, mineFacts, counts, () => titleFactsOf(candidate.text), score) }),
        };
      });
      return { matches: linkMatches(compared, SUGGESTION_THRESHOLD, (closest: Weighted) => sharedWords(reference, closest, MATCHED_WORDS)) };
    },
  };
}
