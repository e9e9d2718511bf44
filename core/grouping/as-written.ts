import { words } from "./analyze.ts";

/**
 * The terms two texts matched on (stems and concepts, as `words` folds them: "googl" for "Google")
 * as the reports wrote them: each becomes the first word of the texts, in order, that folds to
 * it. A term that no single word folds to (the concept of an expression) stays as it is.
 */
export function asWritten(terms: readonly string[], texts: readonly string[]): string[] {
  const wanted = new Set(terms);
  const written = new Map<string, string>();
  const seen = new Set<string>();
  for (const text of texts) {
    for (const word of text.match(/[\p{L}\p{N}]+/gu) ?? []) {
      if (written.size === wanted.size) break;
      const lower = word.toLowerCase();
      if (seen.has(lower)) continue;
      seen.add(lower);
      const [folded] = words(word);
      if (folded !== undefined && wanted.has(folded) && !written.has(folded)) written.set(folded, word);
    }
  }
  return terms.map((term) => written.get(term) ?? term);
}
