import type { FeedbackRecord } from "../model.ts";
import type { FeedbackFilter, FeedbackStore, ListPosition, ValueOrder } from "../store/feedbacks.ts";
import { type DueRuns, dueOrderAfter, dueOrderUpTo } from "./due-order.ts";
import { type ExpandedWord, searchedWords, type Vocabulary } from "./search-words.ts";

/** A search's words as a store expanded them for one page: undefined when the list searches nothing. */
type PageWords = readonly ExpandedWord[] | undefined;

type Rows = FeedbackRecord[] | Promise<FeedbackRecord[]>;

/**
 * A page in an order of one stored value: strictly after `from` (from the top when null), or read
 * `back` from it, its row included, toward the top, the nearest first.
 */
export type ValueRead = (
  orgId: string,
  filter: FeedbackFilter,
  words: PageWords,
  from: ListPosition | null,
  limit: number,
  order: ValueOrder,
  back: boolean,
) => Rows;

/** A page of the due order's first run, the feedbacks that have a due date (DueRuns' `dated`). */
export type DatedRead = (orgId: string, filter: FeedbackFilter, words: PageWords, from: ListPosition | null, limit: number, back: boolean) => Rows;

/** How a store reads a page of a list: its vocabulary, which expands a search's words once for the page, and its two reads. */
interface ListReads {
  readonly vocabulary: Vocabulary;
  readonly read: ValueRead;
  readonly dated: DatedRead;
}

/**
 * A store's lists from its reads: every order but the due one is one read; the due order joins its
 * two runs (dueOrderAfter, dueOrderUpTo), the second read in the order of activity. A search's
 * words are expanded once for a page, whose runs both use them.
 */
export function listsFrom(reads: ListReads): Pick<FeedbackStore, "listFeedbacks" | "listFeedbacksUpTo"> {
  const runs = (words: PageWords): DueRuns => ({
    dated: async (orgId, filter, from, limit, back) => reads.dated(orgId, filter, words, from, limit, back),
    activity: async (orgId, filter, from, limit, back) => reads.read(orgId, filter, words, from, limit, "activity", back),
  });
  return {
    async listFeedbacks(orgId, filter, after, limit, order = "activity") {
      const words = await searchedWords(filter, reads.vocabulary);
      if (words === null) return [];
      return order === "due" ? dueOrderAfter(runs(words), orgId, filter, after, limit) : reads.read(orgId, filter, words, after, limit, order, false);
    },
    async listFeedbacksUpTo(orgId, filter, at, limit, order = "activity") {
      const words = await searchedWords(filter, reads.vocabulary);
      if (words === null) return [];
      return order === "due" ? dueOrderUpTo(runs(words), orgId, filter, at, limit) : reads.read(orgId, filter, words, at, limit, order, true);
    },
  };
}
