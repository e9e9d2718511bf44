import type { HelpArticle } from "../../core/model.ts";

const STOP = new Set(
  "the and for with that this when what your have does from into there their then than about comment dans pour avec quand mais sont plus tout cela cette votre vous nous leur".split(
    " ",
  ),
);

/** Significant folded words, four letters or more, cut to five letters so "refunds" meets "refund" and "reached" "reach". */
function keywords(text: string): Set<string> {
  const folded = text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
  return new Set((folded.match(/[\p{L}\p{N}]{4,}/gu) ?? []).filter((w) => !STOP.has(w)).map((w) => w.slice(0, 5)));
}

/**
 * The article that answers a report, if one clearly does: at least two of the report's keywords
 * and nearly half of them appear in it, one of them in its title.
 */
export function answeringArticle(text: string, articles: readonly HelpArticle[]): HelpArticle | null {
  const asked = keywords(text);
  if (asked.size === 0) return null;
  let best: { article: HelpArticle; score: number } | null = null;
  for (const article of articles) {
    const title = keywords(article.title);
    const body = keywords(article.body);
    const shared = [...asked].filter((w) => title.has(w) || body.has(w));
    const coverage = shared.length / asked.size;
    const inTitle = shared.some((w) => title.has(w));
    if (shared.length >= 2 && coverage >= 0.4 && inTitle && (!best || coverage > best.score)) best = { article, score: coverage };
  }
  return best?.article ?? null;
}

/** The first paragraph of an article, short enough to display in a conversation. */
export function excerpt(article: HelpArticle, max = 280): string {
  const paragraph = article.body
    .trim()
    .split(/\n\s*\n/)[0]!
    .replace(/\s+/g, " ");
  return paragraph.length <= max ? paragraph : `${paragraph.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}
