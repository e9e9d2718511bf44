// What a list query should answer, computed the plain way, and every page a store answers for it:
// the store's plans must agree with a filter and a sort of all the feedbacks, across cursors.
import { positionOf } from "../../core/feedback/order.ts";
import { type SearchWord, waysOf } from "../../core/feedback/search-words.ts";
import type { FeedbackRecord } from "../../core/model.ts";
import type { FeedbackFilter, FeedbackOrder, FeedbackStore, ListPosition } from "../../core/store/feedbacks.ts";

/** The words of a feedback's key and title, as a search merges them (the titles of these tests are lower case already). */
const wordsOf = (f: FeedbackRecord): string[] => `${f.key.toLowerCase()} ${f.title}`.split(/[\s-]+/);

/** Whether words meet a search word, one of its ways: a word starts with its prefix, or is one of its whole words. */
const holds = (words: readonly string[], word: SearchWord): boolean =>
  waysOf(word).some((way) => ("prefix" in way ? words.some((w) => w.startsWith(way.prefix)) : way.words.some((w) => words.includes(w))));

/**
 * Which of two feedbacks comes first by due date, the plain way: the soonest due first, those
 * without one after all those with one, the most recently active first among them.
 */
const byDueDate = (a: FeedbackRecord, b: FeedbackRecord): number =>
  a.dueAt === undefined || b.dueAt === undefined
    ? Number(a.dueAt === undefined) - Number(b.dueAt === undefined) || b.lastActivityAt - a.lastActivityAt
    : a.dueAt - b.dueAt;

/** The ids a list query keeps, in its order (ties by id, descending); a search word is the start of a word of the key or title. */
export function plainly(records: readonly FeedbackRecord[], filter: FeedbackFilter, order: FeedbackOrder): string[] {
  const kept = records.filter(
    (f) =>
      filter.statuses.includes(f.status) &&
      (!filter.kind || f.kind === filter.kind) &&
      (!filter.appId || f.appId === filter.appId) &&
      (!filter.severity || f.severity === filter.severity) &&
      (filter.due === undefined ||
        (filter.due === "none" ? f.dueAt === undefined : f.dueAt !== undefined && (filter.due === "set" || f.dueAt < filter.due.before))) &&
      (filter.words ?? []).every((w) => holds(wordsOf(f), w)),
  );
  return kept
    .sort((a, b) => {
      const [x, y] = [positionOf(a, order), positionOf(b, order)];
      const byValue = order === "due" ? byDueDate(a, b) : order === "severity" ? x.value - y.value : y.value - x.value;
      return byValue || (a.id < b.id ? 1 : -1);
    })
    .map((f) => f.id);
}

/**
 * The ids of every page of a list query, `size` at a time, each page after the last one's position.
 * Each page is also read back from its last row (listFeedbacksUpTo), as the inbox's way to the
 * page before does: that must give the rows read up to it, the nearest first, or this throws.
 */
export async function everyPage(
  store: Pick<FeedbackStore, "listFeedbacks" | "listFeedbacksUpTo">,
  orgId: string,
  filter: FeedbackFilter,
  order: FeedbackOrder,
  size: number,
): Promise<string[]> {
  const read: string[] = [];
  let after: ListPosition | null = null;
  for (let page = 0; page < 1_000; page++) {
    const rows = await store.listFeedbacks(orgId, filter, after, size, order);
    read.push(...rows.map((f) => f.id));
    if (rows.length > 0) {
      const back = (await store.listFeedbacksUpTo(orgId, filter, positionOf(rows.at(-1)!, order), size, order)).map((f) => f.id);
      const expected = read.slice(-size).reverse();
      if (back.join() !== expected.join()) throw new Error(`read back from page ${page}: ${back.join()} where ${expected.join()} were read`);
    }
    if (rows.length < size) return read;
    after = positionOf(rows.at(-1)!, order);
  }
  throw new Error("more than 1,000 pages");
}
