/**
 * Text analysis for grouping: case and accents folded, English and French stop words removed,
 * words reduced to a light stem so that "crashes", "crashed" and "crashing" meet, as do
 * "plantage", "plante" and "planté"; then the bilingual lexicon folds words and expressions of one
 * meaning to one concept.
 */
import { CONCEPTS, GENERIC, PHRASES, STOP_WORDS, SYMPTOMS } from "./lexicon.ts";
import { subjectText } from "./subject-text.ts";

/** Suffixes stripped, longest first; a stem keeps at least four letters. */
const SUFFIXES = [
  "issements",
  "issement",
  "ements",
  "ement",
  "ations",
  "ation",
  "itions",
  "ition",
  "ements",
  "ments",
  "ment",
  "ingly",
  "ings",
  "ing",
  "edly",
  "ness",
  "ies",
  "ied",
  "ers",
  "er",
  "ed",
  "es",
  "ly",
  "s",
  "euses",
  "euse",
  "eux",
  "ees",
  "ee",
  "ez",
  "ait",
  "aient",
  "ant",
  "ons",
  "e",
];

function stem(word: string): string {
  for (const suffix of SUFFIXES) {
    if (word.length - suffix.length >= 4 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

/** Each lexicon word, and each lexicon word's stem, to its concept: a variant the lexicon lacks still meets through its stem. */
const CONCEPT_OF_WORD = new Map<string, string>();
const CONCEPT_OF_STEM = new Map<string, string>();
for (const [concept, variants] of Object.entries(CONCEPTS)) {
  for (const variant of variants.split(" ")) {
    CONCEPT_OF_WORD.set(variant, concept);
    CONCEPT_OF_STEM.set(stem(variant), concept);
  }
  CONCEPT_OF_WORD.set(concept, concept);
}
for (const [, concept] of PHRASES) CONCEPT_OF_WORD.set(concept, concept);
const CONCEPT_NAMES: ReadonlySet<string> = new Set(CONCEPT_OF_WORD.values());

/** Folded words of a text: lower case, no accents, no stop words, each a concept of the lexicon or else its stem. */
export function words(text: string): string[] {
  let folded = text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/['’]/g, " ")
    // "10MB" reads as "10 MB".
    .replace(/(\d)(\p{L})/gu, "$1 $2");
  for (const [expression, concept] of PHRASES) folded = folded.replace(expression, ` ${concept} `);
  return (folded.match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w))
    .map((w) => {
      const concept = CONCEPT_OF_WORD.get(w);
      if (concept) return concept;
      const stemmed = stem(w);
      return CONCEPT_OF_STEM.get(stemmed) ?? stemmed;
    });
}

/** Whether a text uses the vocabulary of software and its problems: any word or concept of the lexicon. */
export const usesProductVocabulary = (text: string): boolean => words(text).some((w) => CONCEPT_NAMES.has(w) || GENERIC.has(w) || SYMPTOMS.has(w));

/**
 * HTML-like tags, attributes included (`<img src=x onerror=alert(1)>`), and scripts and styles with
 * their content. A script stops looking for its end where the next one begins, and a tag at the next
 * `<`: looked for from each of many unclosed `<script>`, an end costs a feedback's text its length
 * squared (minutes for a million characters, which a feedback's reports together may hold).
 */
const MARKUP = /<(script|style)\b[^<>]*>(?:(?!<(?:script|style)\b)[\s\S])*?<\/\1\s*>|<\/?[a-z][^<>]*>/gi;

/**
 * Whether a text says anything in words once markup is set aside. A report made only of tags or
 * symbols names no subject, so it can share one with no feedback.
 */
export const hasWords = (text: string): boolean => words(text.replace(MARKUP, " ")).length > 0;

/**
 * A text's terms, each once, and how often each occurs (`counts[i]` for `terms[i]`). Two arrays,
 * because the grouper caches thousands: 1.6 KB a text, against 3.8 KB as a Map and 2.9 KB as an
 * object keyed by terms, which also made JSC a new hidden class for about every new word.
 */
export interface TermCounts {
  readonly terms: readonly string[];
  readonly counts: Uint32Array;
}

/** What a term says about a report's subject; its prefix in TermCounts. */
export const TermKind = {
  /** A word or concept naming what the report is about: "w:" */
  subject: "w",
  /** How it goes wrong: "s:" */
  symptom: "s",
  /** Words any report may use ("button", "show"): "g:" */
  generic: "g",
  /** A character trigram of a word the lexicon does not know: "c:" */
  trigram: "c",
  /** A word of the text's title (its first line), counted again: "t:" */
  title: "t",
} as const;

const kindOf = (word: string): string => (GENERIC.has(word) ? TermKind.generic : SYMPTOMS.has(word) ? TermKind.symptom : TermKind.subject);

/**
 * The terms of a text's subject (subjectText) with their counts: its words and concepts, each under its kind, and the
 * character trigrams of the words the lexicon does not know, so that typos and compounds still
 * meet (a concept's own name has no spelling variants).
 */
export function terms(text: string): TermCounts {
  const counts = new Map<string, number>();
  const add = (term: string) => counts.set(term, (counts.get(term) ?? 0) + 1);
  // The title (the first line) names the subject: its words count again, as terms of their own.
  const titleEnd = text.indexOf("\n");
  if (titleEnd > 0) for (const word of new Set(words(subjectText(text.slice(0, titleEnd))))) add(`${TermKind.title}:${word}`);
  for (const word of words(subjectText(text))) {
    add(`${kindOf(word)}:${word}`);
    if (CONCEPT_NAMES.has(word)) continue;
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) add(`${TermKind.trigram}:${padded.slice(i, i + 3)}`);
  }
  return { terms: [...counts.keys()], counts: Uint32Array.from(counts.values()) };
}

/** The keys under which a text is indexed for grouping: the folded, stemmed words of its subject text. */
export const groupingKeys = (text: string): string[] => [...new Set(words(subjectText(text)))].map(groupingKey);

/** The key a folded word is indexed under. */
export const groupingKey = (word: string): string => `w:${word}`;
