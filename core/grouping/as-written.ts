import { words } from "./analyze.ts";
import { PHRASES } from "./lexicon.ts";

/** A way a text writes a term, and whether it opens a sentence there (where a capital is the sentence's, not the word's). */
interface Written {
  readonly word: string;
  readonly opens: boolean;
}

/** What may stand between a sentence's end and the next one's first word: spaces, quotes, brackets. */
const BETWEEN = /[\s"'«»“”‘’()[\]]/u;

/** Whether the word at `index` opens a sentence: the text's start, or after . ! ? … : or a line break, quotes and brackets between. */
function opensSentence(text: string, index: number): boolean {
  let i = index - 1;
  for (; i >= 0 && BETWEEN.test(text[i]!); i--) if (text[i] === "\n") return true;
  return i < 0 || /[.!?…:]/.test(text[i]!);
}

/**
 * The first expression of the text, as written, that folds to a concept ("dark mode" for
 * "darkmode"; "white screen" for "empty", the first word of the "empty page" it reads as), or
 * undefined. The lexicon's expressions are written without accents, so one typed with them is not
 * found here, and its concept is shown as it is.
 */
function expressionIn(concept: string, text: string): Written | undefined {
  // As the lexicon reads a text: lower case, punctuation as spaces ("doesn't" as "doesn t"). Each
  // character stays one, so a span found is the text's own.
  const read = text.toLowerCase().replace(/[^\p{L}\p{N}\s]/gu, " ");
  if (read.length !== text.length) return undefined;
  for (const [expression, named] of PHRASES) {
    // An expression read as two words ("empty page") is shown for the first, which says what it is; the second is a word of its own.
    if (named.split(" ")[0] !== concept) continue;
    // Without the lexicon's g flag: a fresh search from the start, no lastIndex carried between texts.
    const found = new RegExp(expression.source).exec(read);
    if (found) return { word: text.slice(found.index, found.index + found[0].length), opens: opensSentence(text, found.index) };
  }
  return undefined;
}

/**
 * The first word of a text that folds to each wanted term, as written; one within a sentence is
 * preferred to one opening it, whose capital may be the sentence's rather than the word's.
 */
function wordsIn(text: string, wanted: ReadonlySet<string>): Map<string, Written> {
  const written = new Map<string, Written>();
  let settled = 0;
  // A word folded once is not folded again: a report's text repeats its words.
  const seen = new Set<string>();
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (settled === wanted.size) break;
    const word = match[0];
    const opens = opensSentence(text, match.index);
    const lower = `${opens ? "^" : ""}${word.toLowerCase()}`;
    if (seen.has(lower)) continue;
    seen.add(lower);
    const [folded] = words(word);
    if (folded === undefined || !wanted.has(folded)) continue;
    const known = written.get(folded);
    // Kept: a word within a sentence, or the first opening one until a word within a sentence comes.
    if (known && (!known.opens || opens)) continue;
    written.set(folded, { word, opens });
    if (!opens) settled++;
  }
  return written;
}

/** Two ways of writing that start alike are one word, inflected or derived ("crashes", "crashed"; "payment", "paying"; "dark mode", "dark-mode"). */
const oneWord = (a: string, b: string): boolean => a.slice(0, 3).toLowerCase() === b.slice(0, 3).toLowerCase();

/**
 * The terms two texts matched on (stems and concepts, as `words` folds them: "googl" for "Google")
 * as the reports wrote them: in each text, the first word that folds to the term, or else the
 * first expression that does ("does nothing" for "unresponsive"), preferring where a word is
 * written within a sentence ("Search is broken" and "the search" show "search"). Where the texts say it in
 * different words (a concept's synonyms: "broken" and "declined"), each is shown ("broken /
 * declined"), so a person sees why two reports met; one word inflected is shown once. A term that
 * nothing written folds to stays as it is.
 */
export function asWritten(terms: readonly string[], texts: readonly string[]): string[] {
  const wanted = new Set(terms);
  const each = texts.map((text) => wordsIn(text, wanted));
  return terms.map((term) => {
    const forms: Written[] = [];
    texts.forEach((text, i) => {
      const form = each[i]!.get(term) ?? expressionIn(term, text);
      if (form === undefined) return;
      const same = forms.findIndex((seen) => oneWord(seen.word, form.word));
      if (same === -1) forms.push(form);
      // Written within a sentence in another text, the word shows the case it has there.
      else if (forms[same]!.opens && !form.opens) forms[same] = form;
    });
    // One only ever opening a sentence keeps its capital: it may be a name's (Safari, Google).
    return forms.length > 0 ? forms.map((form) => form.word).join(" / ") : term;
  });
}
