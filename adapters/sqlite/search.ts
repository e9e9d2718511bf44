import type { Database } from "bun:sqlite";
import type { ExpandedWord, Expansion, Vocabulary } from "../../core/feedback/search-words.ts";
import type { FeedbackFilter } from "../../core/store/feedbacks.ts";
import { appIdOf, orgIdOf } from "./rows.ts";

/**
 * Full-text search keeps one document per feedback in `feedback_search` (FTS5, contentless, no
 * positions). Its rowid is the feedback's `doc`, which sorts as its last activity does:
 * (last_activity_at − 2020-01-01) × 2²² plus a tiebreak, so matches read in rowid order descending
 * come in the list's order, and a page stops after its rows however many feedbacks match.
 *
 * The document holds the feedback's words (`feedback_words`: its key, titles and reports, case-folded),
 * each prefixed with its organization and status: a word's postings are those of one organization
 * and status, so neither is a second list to intersect, and a count per status reads one list per
 * word. Kind, severity, app and feature are tokens of their own. A merged feedback's document is
 * empty. Triggers (schema/triggers.ts) rewrite the document whenever the feedback row or its words change.
 */

/** Where the activity part of a doc starts: docs stay positive until 2089. */
const DOC_EPOCH = 1_577_836_800_000;
/** Room for feedbacks last active in the same millisecond. */
export const DOC_TIES = 4_194_304;

/** The SQL of the first doc of the millisecond `at` (an SQL expression). */
export const firstDocSql = (at: string) => `((${at} - ${DOC_EPOCH}) * ${DOC_TIES})`;

/** The SQL for a new doc for a feedback last active at `at` (an SQL expression): the next free one in its millisecond. */
export const newDoc = (at: string) =>
  `coalesce((SELECT max(doc) + 1 FROM feedback_words WHERE doc BETWEEN ${firstDocSql(at)} AND ${firstDocSql(at)} + ${DOC_TIES - 1}), ${firstDocSql(at)})`;

/**
 * Prefixes and tokens start with a private-use character, never in a word (letters and digits),
 * and carry values in hexadecimal, as the SQL of the triggers writes them with hex().
 */
const PRIVATE = "\uE000";
const hex = (value: string) => Buffer.from(value, "utf8").toString("hex").toUpperCase();
const scope = (orgId: string, status: string) => `${PRIVATE}${hex(orgId)}.${hex(status)}.`;
const token = (letter: string, value: string) => `"${PRIVATE}${letter}${hex(value)}"`;

/** The filters that are tokens of their own: the token's letter, the filter, the column of feedback row `f`. */
const FILTER_TOKENS = [
  ["k", "kind", "f.kind"],
  ["v", "severity", "coalesce(f.severity, '')"],
  ["a", "appId", appIdOf("f.app_number")],
  ["f", "featureId", "coalesce(f.feature_id, '')"],
] as const;

/** The SQL of the document of feedback row `f` with words `words` (an SQL expression). */
export const documentSql = (words: string): string => {
  const scoped = `char(57344) || hex(${orgIdOf("f.org_number")}) || '.' || hex(f.status) || '.'`;
  const tokens = FILTER_TOKENS.map(([letter, , column]) => `' ' || char(57344) || '${letter}' || hex(${column})`);
  return `CASE WHEN f.merged_into IS NULL AND ${words} <> '' THEN ${scoped} || replace(${words}, ' ', ' ' || ${scoped}) || ${tokens.join(" || ")} ELSE '' END`;
};

/**
 * The vocabulary of the store's searches, for the core's expansion of search words. Every search
 * asks it first: `caughtUp` writes the search entries still waiting (search-entries.ts) before.
 */
export const vocabulary = (db: Database, caughtUp: () => Promise<void>): Vocabulary => ({
  startingWith: async (word, limit) => {
    await caughtUp();
    return db
      .query<{ word: string }, [string, string, number]>("SELECT word FROM search_vocabulary WHERE word >= ? AND word < ? LIMIT ?")
      .all(word, `${word}\u{10FFFF}`, limit)
      .map((r) => r.word);
  },
  holding: async (words) => {
    await caughtUp();
    return db
      .query<{ word: string }, [string]>("SELECT word FROM search_vocabulary WHERE word IN (SELECT value FROM json_each(?))")
      .all(JSON.stringify(words))
      .map((r) => r.word);
  },
});

/** The FTS5 query of a search in an organization: each word in one of the statuses, and a token per other filter given. */
export function matchQuery(
  orgId: string,
  filter: Omit<FeedbackFilter, "statuses" | "words"> & { statuses: readonly string[] },
  words: readonly ExpandedWord[],
): string {
  const scopes = filter.statuses.map((status) => scope(orgId, status));
  // Whole words are read lazily in rowid order; a prefix makes FTS5 merge all its postings first.
  const terms = (way: Expansion) =>
    "prefix" in way ? scopes.map((s) => `"${s}${way.prefix}"*`) : scopes.flatMap((s) => way.words.map((known) => `"${s}${known}"`));
  const parts = words.map((ways) => ways.flatMap(terms));
  const filters = FILTER_TOKENS.flatMap(([letter, field]) => (filter[field] ? [token(letter, filter[field])] : []));
  return [...parts.map((terms) => `(${terms.join(" OR ")})`), ...filters].join(" AND ");
}
