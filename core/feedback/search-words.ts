/** Runs of letters and digits, with the hyphens inside them: "e-mail", "sign-in" and "DEMO-12" are one run each. */
const RUNS = /[\p{L}\p{N}]+(?:[-\u2010\u2011][\p{L}\p{N}]+)*/gu;
const HYPHEN = /[-\u2010\u2011]/;

/**
 * A run's words: its parts between hyphens and, when every part holds a letter, the word they make
 * joined, as people write it too (e-mail and email, wi-fi and wifi, pre-order and preorder). Numbers
 * are not joined: a key (DEMO-12), a date or a phone number makes no word anyone types.
 */
function spellings(run: string): { readonly parts: string[]; readonly joined?: string } {
  const parts = run.split(HYPHEN);
  return parts.length > 1 && parts.every((part) => /\p{L}/u.test(part)) ? { parts, joined: parts.join("") } : { parts };
}

/**
 * A word of a search, which a feedback must hold: a word starting with this prefix; for a word of one
 * letter (`whole`), that very word; or, for a hyphenated word, one of the forms of its joined
 * word (`joined`, its shared start: see formsOf) or, for one of its parts (`part`, of more than one
 * letter), one of the part's forms.
 */
export type SearchWord = string | { readonly whole: string } | { readonly joined: string; readonly part?: string };

/**
 * Words of a search text: letters and digits, lower-cased, accents removed (as foldedWords keeps a
 * text's: "téléphone" finds "telephone"), a plural or a verb's ending reduced to what
 * the word shares with its other forms; each is matched as a prefix by the store, so "invoices" finds
 * "invoice" too, and "crashing" "crash". A hyphenated word is met by its joined word, which a text
 * holds whether it wrote the hyphen or not (foldedWords), or by all its parts; each of them a whole
 * word in any of its forms: "sign-in" is "signin" (signins) or "sign" (signs, signing, signed), and
 * "signin" or "in". So "e-mail" finds "emails", and "sign-in" finds "signing in" but neither "Signup
 * fails on the invoice page", which its parts as prefixes would (sign… and in…), nor "Signing up
 * fails", which its joined word as a prefix would (signin…). A part of one letter is left to the
 * joined word: "e-mail" is "email", not any word starting with "e". A word of one letter is met by
 * itself alone: as a prefix most feedbacks would meet it, and "R&D", whose words are "r" and "d",
 * would find "Dark mode resets". A digit stays a prefix: "DEMO-1" lists DEMO-1 first, then DEMO-10….
 */
export function searchWords(text: string): SearchWord[] {
  const words = (fold(text).match(RUNS) ?? []).flatMap((run): SearchWord[] => {
    const { parts, joined } = spellings(run);
    if (!joined) return parts.map(searchedAs);
    // A part of one letter would be met by any word starting with it ("e" by "export"): such a part
    // is met by the joined form alone, which a text holds however it wrote the word.
    return parts.map((part) => ({ joined: sharedStart(joined), ...(part.length > 1 && { part: sharedStart(part) }) }));
  });
  return words.slice(0, 32);
}

/**
 * The search words of a text but the words `leftOut` holds (stop words), left out as typed, folded:
 * once reduced to their shared start, "does" is "doe" and "everything" "everyth", which no list of
 * them holds.
 */
export const searchWordsBut = (text: string, leftOut: ReadonlySet<string>): SearchWord[] =>
  searchWords((fold(text).match(RUNS) ?? []).filter((run) => !leftOut.has(run)).join(" "));

/** A search word as it is met: itself alone when a single letter, else as its shared start's prefix. */
const searchedAs = (word: string): SearchWord => (/^\p{L}$/u.test(word) ? { whole: word } : sharedStart(word));

/**
 * The start a word shares with its other forms: a plural with its singular, in English and French
 * (companies and company share "compan", boxes and box "box", chevaux and cheval "cheva", invoices and
 * invoice "invoice", statuses and status "status", heroes and hero "hero"), an English verb's -ing
 * and -ed with its stem (crashing and crashed "crash", updating "updat", shipping "ship"). Short
 * words, and endings that are rarely plurals (status, analysis, class), are kept.
 */
function sharedStart(word: string): string {
  const cut = (n: number) => (word.length - n >= 3 ? word.slice(0, -n) : word);
  if (/ing$/.test(word) && word.length - 3 >= 4) return singleEnd(word.slice(0, -3));
  if (/ed$/.test(word) && word.length - 2 >= 4) return singleEnd(word.slice(0, -2));
  if (/(ss|us|is)$/.test(word)) return word;
  if (word.endsWith("ies")) return cut(3);
  if (/(ss|x|z|ch|sh)es$/.test(word) || (/(us|o)es$/.test(word) && word.length - 2 >= 3)) return cut(2);
  if (word.endsWith("aux")) return cut(2);
  if (/(s|eux)$/.test(word)) return cut(1);
  return word;
}

/** A verb's stem without the consonant its -ing or -ed doubled (shipp, logg): one of them is the stem's start too. */
const singleEnd = (stem: string): string => (/([b-df-hj-np-tv-z])\1$/.test(stem) ? stem.slice(0, -1) : stem);

/**
 * The words whose shared start is `start`: the spellings sharedStart reduces (the start itself, with
 * a plural's -s, -es, -ies, -x or -ux, or a verb's -ing or -ed, its last consonant doubled or not),
 * those of them it reduces to `start`. "sign" is sign, signs, signing and signed, never signup or
 * signal; "in" is in alone. Every word is among the forms of its shared start.
 */
function formsOf(start: string): string[] {
  const endings = ["", "s", "es", "ies", "x", "ux", "ing", "ed", `${start.at(-1)}ing`, `${start.at(-1)}ed`];
  return [...new Set(endings.map((ending) => start + ending))].filter((word) => sharedStart(word) === start);
}

/**
 * The ways a search word is met, any one of which will do, where no vocabulary expands them (the
 * portal's search): a word starting with its prefix, the whole word of one letter, or for a
 * hyphenated word, one of the forms of its joined word or of its part.
 */
export function waysOf(word: SearchWord): Expansion[] {
  if (typeof word === "string") return [{ prefix: word }];
  if ("whole" in word) return [{ words: [word.whole] }];
  return [{ words: formsOf(word.joined) }, ...(word.part ? [{ words: formsOf(word.part) }] : [])];
}

/**
 * Whether a search text has nothing a feedback is found by: not blank, yet no letter or digit (only
 * emoji or punctuation). No feedback matches it; without this, its empty list of words would
 * filter nothing and every feedback would be listed.
 */
export const findsNothing = (text: string | undefined): boolean => text !== undefined && text.trim() !== "" && searchWords(text).length === 0;

/**
 * The words a text is found by: letters and digits, lower-cased, accents removed, each once.
 * Stores keep these per feedback and fold the words of a search the same way, so "téléphone"
 * finds "Telephone" on every store. A hyphenated word gives its parts and its joined form, so
 * "e-mail" is found by "mail" and by "email".
 */
export function foldedWords(text: string): string[] {
  const words = (fold(text).match(RUNS) ?? []).flatMap((run) => {
    const { parts, joined } = spellings(run);
    return joined ? [...parts, joined] : parts;
  });
  return [...new Set(words)];
}

const fold = (text: string): string => text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");

/**
 * A feedback is found by at most this many words: those of its key, title and first reports. A
 * feedback that thousands of reports join would otherwise gain words with each of them, and the
 * store rewrites a feedback's search document whenever it changes.
 */
export const MAX_FEEDBACK_WORDS = 1_000;

/** A feedback's words with those of a new text: the union, up to MAX_FEEDBACK_WORDS. */
export function withWords(words: readonly string[], added: readonly string[]): string[] {
  return [...new Set([...words, ...added])].slice(0, MAX_FEEDBACK_WORDS);
}

/**
 * The words a merge's target is found by: its own, then those of the feedback merged into it that it
 * lacks (up to MAX_FEEDBACK_WORDS). An unmerge gives it back its ownWords.
 */
export const wordsAfterMerge = (target: readonly string[], source: readonly string[]): string[] => withWords(target, source);

/** The words a feedback is found by once it has a new title: its own, then the title's it lacks (up to MAX_FEEDBACK_WORDS). */
export const wordsWithTitle = (words: readonly string[], title: string): string[] => withWords(words, foldedWords(title));

/**
 * The words a feedback is found by once texts of its are read again, by a release that finds more
 * words in a text (a hyphenated word's joined form): its own, then the texts' it lacks (up to
 * MAX_FEEDBACK_WORDS), so that nothing it was found by is lost.
 */
export const wordsWithTexts = (words: readonly string[], texts: readonly string[]): string[] => withWords(words, texts.flatMap(foldedWords));

/** The words a feedback with this text (key, titles, reports) is found by, up to MAX_FEEDBACK_WORDS. */
export const feedbackWords = (text: string): string[] => withWords([], foldedWords(text));

/**
 * The words a feedback is found by from its own text: its key and title, then the messages of the
 * reports it holds, oldest first (a new feedback's one report; those left after an unmerge or a split).
 */
export const ownWords = (feedback: { readonly key: string; readonly title: string }, messages: readonly string[]): string[] =>
  feedbackWords(`${feedback.key} ${feedback.title}\n${messages.join("\n")}`);

/**
 * Beyond this many known words starting with a search word, a store matches the prefix itself:
 * whole words are read in the order of last activity and stop after a page, a prefix is not.
 */
export const MAX_EXPANSION = 32;

/** One way a search word is met: one of these whole words, or a word starting with the prefix. */
export type Expansion = { readonly words: readonly string[] } | { readonly prefix: string };

/** A search word as a store's vocabulary expands it: the ways it is met, any one of which will do. */
export type ExpandedWord = readonly Expansion[];

/** A store's vocabulary: every word its feedbacks are found by. */
export interface Vocabulary {
  /** Up to `limit` of its words that start with `word`, in order. */
  startingWith(word: string, limit: number): Promise<readonly string[]> | readonly string[];
  /** Those of `words` it holds. */
  holding(words: readonly string[]): Promise<readonly string[]> | readonly string[];
}

/**
 * The words of a search, folded, each once, and expanded through the store's vocabulary: each
 * prefix becomes the whole words that start with it, or past MAX_EXPANSION the prefix itself, and a
 * part's forms those the vocabulary holds. Null when no way of a word meets a word of the
 * vocabulary: nothing can match, and nothing need be read.
 */
export async function expandWords(words: readonly SearchWord[], vocabulary: Vocabulary): Promise<ExpandedWord[] | null> {
  const expanded: ExpandedWord[] = [];
  for (const word of foldedSearch(words)) {
    const ways = await Promise.all(waysOf(word).map((way) => throughVocabulary(way, vocabulary)));
    const known = ways.filter((way) => way !== null);
    if (known.length === 0) return null;
    expanded.push(known);
  }
  return expanded;
}

/**
 * A list filter's search words expanded through the store's vocabulary (expandWords), as every
 * store reads a list or counts it: undefined when the filter searches nothing, null when no
 * feedback can match.
 */
export const searchedWords = async (
  filter: { readonly words?: readonly SearchWord[] },
  vocabulary: Vocabulary,
): Promise<ExpandedWord[] | null | undefined> => (filter.words?.length ? expandWords(filter.words, vocabulary) : undefined);

/**
 * A way of meeting a search word as the vocabulary has it, null when it meets none of its words. A
 * part's forms are asked for by name (holding), never through the words they start: "in" starts
 * hundreds of words, and past MAX_EXPANSION the store would match the prefix "in", which "invoice"
 * meets. Its forms are a handful of words (formsOf), so they need no limit and never fall back.
 */
async function throughVocabulary(way: Expansion, vocabulary: Vocabulary): Promise<Expansion | null> {
  if ("words" in way) {
    const held = new Set(await vocabulary.holding(way.words));
    const words = way.words.filter((word) => held.has(word));
    return words.length > 0 ? { words } : null;
  }
  const starting = await vocabulary.startingWith(way.prefix, MAX_EXPANSION + 1);
  if (starting.length === 0) return null;
  return starting.length > MAX_EXPANSION ? way : { words: starting };
}

/**
 * A search's words folded as a feedback's are, each once: a prefix that folds into several words
 * (letters and digits apart) is that many words to meet; a hyphenated word's part stays one.
 */
function foldedSearch(words: readonly SearchWord[]): SearchWord[] {
  const letters = (prefix: string) => fold(prefix).match(/[\p{L}\p{N}]+/gu) ?? [];
  const folded = words.flatMap((word): SearchWord[] =>
    typeof word === "string"
      ? letters(word)
      : "whole" in word
        ? [{ whole: fold(word.whole) }]
        : [{ joined: fold(word.joined), ...(word.part && { part: fold(word.part) }) }],
  );
  return eachWordOnce(folded);
}

/** Search words, each once, in the order first given (a word is its value, not its object). */
export const eachWordOnce = (words: readonly SearchWord[]): SearchWord[] => [...new Map(words.map((word) => [JSON.stringify(word), word])).values()];
