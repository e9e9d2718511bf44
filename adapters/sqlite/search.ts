import type { Database } from "bun:sqlite";
import { type ExpandedWord, type Expansion, ownWords, type Vocabulary } from "../../core/feedback/search-words.ts";
import type { FeedbackFilter } from "../../core/store/feedbacks.ts";
import { appIdOf, orgIdOf, refOf } from "./rows.ts";

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

/** The vocabulary of the store's searches, for the core's expansion of search words. */
export const vocabulary = (db: Database): Vocabulary => ({
  startingWith: (word, limit) =>
    db
      .query<{ word: string }, [string, string, number]>("SELECT word FROM search_vocabulary WHERE word >= ? AND word < ? LIMIT ?")
      .all(word, `${word}\u{10FFFF}`, limit)
      .map((r) => r.word),
  holding: (words) =>
    db
      .query<{ word: string }, [string]>("SELECT word FROM search_vocabulary WHERE word IN (SELECT value FROM json_each(?))")
      .all(JSON.stringify(words))
      .map((r) => r.word),
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

/** Makes a new feedback's words these (those of its key, title and report): its document is written. */
export function indexNewFeedback(db: Database, feedbackId: string, words: readonly string[]): void {
  db.query(
    `INSERT INTO feedback_words (doc, feedback_ref, words) SELECT ${newDoc("f.last_activity_at")}, f.ref, ?2 FROM feedbacks f WHERE f.id = ?1`,
  ).run(feedbackId, words.join(" "));
  addToVocabulary(db, words);
}

/**
 * Adds words to those a feedback is found by: `grow` gives its words from those it has (core's
 * wordsWithTitle, wordsAfterMerge), and none is written when it adds none. `activeAt`: the feedback's
 * last activity about to be written, so that its document is rewritten once, not once for the
 * words and once more when the activity moves it.
 */
export function addWords(db: Database, feedbackId: string, grow: (known: readonly string[]) => string[], activeAt?: number): void {
  const existing = db.query<{ words: string }, [string]>(`SELECT words FROM feedback_words WHERE feedback_ref = ${refOf("?")}`).get(feedbackId);
  if (!existing) {
    indexNewFeedback(db, feedbackId, grow([]));
    return;
  }
  const known = existing.words.split(" ");
  const words = grow(known);
  if (words.length === known.length) return;
  if (activeAt === undefined) db.query(`UPDATE feedback_words SET words = ? WHERE feedback_ref = ${refOf("?")}`).run(words.join(" "), feedbackId);
  else
    db.query(`UPDATE feedback_words SET words = ?1, doc = ${newDoc("?2")} WHERE feedback_ref = ${refOf("?3")}`).run(
      words.join(" "),
      activeAt,
      feedbackId,
    );
  addToVocabulary(db, words.slice(known.length));
}

/** Makes a feedback's words those of its key, title and the reports it holds now (after an unmerge or a split). */
export function rewriteWords(db: Database, feedbackId: string): void {
  const f = db.query<{ key: string; title: string }, [string]>("SELECT key, title FROM feedbacks WHERE id = ?").get(feedbackId);
  if (!f) return;
  const messages = db
    .query<{ body: string }, [string]>(`SELECT body FROM reports WHERE feedback_ref = ${refOf("?")} ORDER BY at, id`)
    .all(feedbackId)
    .map((r) => (JSON.parse(r.body) as { message: string }).message);
  const words = ownWords(f, messages);
  db.query(`UPDATE feedback_words SET words = ? WHERE feedback_ref = ${refOf("?")}`).run(words.join(" "), feedbackId);
  addToVocabulary(db, words);
}

/** Keeps the words in the vocabulary a search word is expanded from, in one statement. */
function addToVocabulary(db: Database, words: readonly string[]): void {
  if (words.length) db.query("INSERT OR IGNORE INTO search_vocabulary (word) SELECT value FROM json_each(?)").run(JSON.stringify(words));
}
