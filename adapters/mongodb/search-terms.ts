// Each feedback keeps the words it is found by in `words`; a multikey index answers prefix matches.
import { foldedWords } from "../../core/feedback/search-words.ts";

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Every word must start some word of the feedback (an anchored regex uses the index). */
export const wordsFilter = (words: readonly string[]) => ({
  $and: words.flatMap((w) => foldedWords(w)).map((w) => ({ words: { $regex: `^${escapeRegExp(w)}` } })),
});
