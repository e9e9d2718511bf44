import type { Grouper } from "../../core/ports.ts";

/** Share of distinct words two texts must have in common (Jaccard) to be the same subject. */
const THRESHOLD = 0.5;
const STOP_WORDS = new Set(
  "the a an and or is are was were be to of in on at for with it this that i my we our you your when then not no de la le les un une des et ou est sont à au aux en dans sur pour avec il elle je mon ma mes ne pas quand".split(
    " ",
  ),
);

function words(text: string): Set<string> {
  const all =
    text
      .toLowerCase()
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(all.filter((w) => w.length > 1 && !STOP_WORDS.has(w)));
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared);
}

/** A first lexical grouper: the most similar candidate by word overlap, above a fixed threshold. */
export function createLexicalGrouper(): Grouper {
  return {
    async findDuplicate(text, candidates) {
      const mine = words(text);
      let best: { id: string; score: number } | null = null;
      for (const c of candidates) {
        const score = jaccard(mine, words(c.text));
        if (score >= THRESHOLD && (!best || score > best.score)) best = { id: c.id, score };
      }
      return best?.id ?? null;
    },
  };
}
