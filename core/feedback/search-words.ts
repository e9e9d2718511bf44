/** Words of a search text: letters and digits, lower-cased; each is matched as a prefix by the store. */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 32);
}

/**
 * The words a text is found by: letters and digits, lower-cased, accents removed, each once.
 * Stores keep these per feedback and fold the words of a search the same way, so "téléphone"
 * finds "Telephone" on every store.
 */
export function foldedWords(text: string): string[] {
  return [...new Set(fold(text).match(/[\p{L}\p{N}]+/gu) ?? [])];
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

/** The words a feedback with this text (key, titles, reports) is found by, up to MAX_FEEDBACK_WORDS. */
export const feedbackWords = (text: string): string[] => withWords([], foldedWords(text));
