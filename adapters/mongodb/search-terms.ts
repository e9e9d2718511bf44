/**
 * The words a feedback is found by: lower-cased, accents removed, as the SQLite store's FTS5
 * tokenizer does. Each feedback keeps them in `words`, a multikey index answers prefix matches.
 */
export function searchTerms(text: string): string[] {
  return [...new Set(fold(text).match(/[\p{L}\p{N}]+/gu) ?? [])];
}

const fold = (text: string): string => text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Every word must start some word of the feedback (an anchored regex uses the index). */
export const wordsFilter = (words: readonly string[]) => ({
  $and: words.flatMap((w) => searchTerms(w)).map((w) => ({ words: { $regex: `^${escapeRegExp(w)}` } })),
});
