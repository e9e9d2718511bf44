import { words } from "./analyze.ts";
import { PHRASES } from "./lexicon.ts";

/**
 * The first expression of the texts, as written, that folds to a concept ("dark mode" for
 * "darkmode"), or undefined. The lexicon's expressions are written without accents, so one typed
 * with them is not found here, and its concept is shown as it is.
 */
function expressionFor(concept: string, texts: readonly string[]): string | undefined {
  for (const text of texts) {
    // As the lexicon reads a text: lower case, punctuation as spaces ("doesn't" as "doesn t"). Each
    // character stays one, so a span found is the text's own.
    const read = text.toLowerCase().replace(/[^\p{L}\p{N}\s]/gu, " ");
    if (read.length !== text.length) continue;
    for (const [expression, named] of PHRASES) {
      if (named !== concept) continue;
      // Without the lexicon's g flag: a fresh search from the start, no lastIndex carried between texts.
      const found = new RegExp(expression.source).exec(read);
      if (found) return text.slice(found.index, found.index + found[0].length);
    }
  }
  return undefined;
}

/** The first word of a text that folds to each wanted term, as written. */
function wordsIn(text: string, wanted: ReadonlySet<string>): Map<string, string> {
  const written = new Map<string, string>();
  // A word folded once is not folded again: a report's text repeats its words.
  const seen = new Set<string>();
  for (const word of text.match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (written.size === wanted.size) break;
    const lower = word.toLowerCase();
    if (seen.has(lower)) continue;
    seen.add(lower);
    const [folded] = words(word);
    if (folded !== undefined && wanted.has(folded) && !written.has(folded)) written.set(folded, word);
  }
  return written;
}

/** Two ways of writing that start alike are one word, inflected or derived ("crashes", "crashed"; "payment", "paying"; "dark mode", "dark-mode"). */
const oneWord = (a: string, b: string): boolean => a.slice(0, 3).toLowerCase() === b.slice(0, 3).toLowerCase();

/**
 * The terms two texts matched on (stems and concepts, as `words` folds them: "googl" for "Google")
 * as the reports wrote them: in each text, the first word that folds to the term, or else the
 * first expression that does ("does nothing" for "unresponsive"). Where the texts say it in
 * different words (a concept's synonyms: "broken" and "declined"), each is shown ("broken /
 * declined"), so a person sees why two reports met; one word inflected is shown once. A term that
 * nothing written folds to stays as it is.
 */
export function asWritten(terms: readonly string[], texts: readonly string[]): string[] {
  const wanted = new Set(terms);
  const each = texts.map((text) => wordsIn(text, wanted));
  return terms.map((term) => {
    const forms: string[] = [];
    texts.forEach((text, i) => {
      const form = each[i]!.get(term) ?? expressionFor(term, [text]);
      if (form !== undefined && !forms.some((seen) => oneWord(seen, form))) forms.push(form);
    });
    return forms.length > 0 ? forms.join(" / ") : term;
  });
}
