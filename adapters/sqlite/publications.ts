import type { Database, SQLQueryBindings } from "bun:sqlite";
import type { PortalSort } from "../../core/schemas/portal.ts";
import type { Publication, PublicationStore } from "../../core/store/publications.ts";
import { topRankParts } from "../../core/portal/top-rank.ts";
import { type Expansion, type SearchWord, waysOf } from "../../core/feedback/search-words.ts";
import { appIdOf, FEEDBACK_COLUMNS, type FeedbackRow, placeholders, toFeedback } from "./rows.ts";
import type { WriteBatch } from "./write-batch.ts";

/** The tests of a publication's words `p.words` (split at spaces) for one way of meeting a search word: a word starting with the prefix, or one of the words. */
const wordTests = (way: Expansion): [sql: string, param: string][] =>
  "prefix" in way
    ? [["instr(' ' || p.words, ?) > 0", ` ${way.prefix}`]]
    : way.words.map((word) => ["instr(' ' || p.words || ' ', ?) > 0", ` ${word} `]);

/** The rows of publication_words `w` that meet one way of meeting a search word: a word in the prefix's range, or one of the words. */
const postingTests = (way: Expansion): [sql: string, params: string[]] =>
  "prefix" in way
    ? ["(w.word >= ? AND w.word < ?)", [way.prefix, `${way.prefix}\u{10FFFF}`]]
    : [`w.word IN (${placeholders(way.words.length)})`, [...way.words]];

/**
 * Under this many publications holding each word of a search, a page is read from those of its
 * rarest word, then sorted; at this many or more, from the order's index, each publication's words
 * tested until the page is full, which a word this common fills soon. Words that are common each
 * may yet be met together by few publications or none, which the index would be read through for:
 * a search of several words is read from its rarest word's up to ten times as many.
 */
const FEW_PUBLICATIONS = 1_000;
const fewFor = (words: readonly SearchWord[]): number => (words.length > 1 ? 10 * FEW_PUBLICATIONS : FEW_PUBLICATIONS);

interface PublicationRow {
  feedback_id: string;
  org_id: string;
  title: string;
  description: string | null;
  published_at: number;
  words: string;
}

const toPublication = (r: PublicationRow): Publication => ({
  feedbackId: r.feedback_id,
  orgId: r.org_id,
  title: r.title,
  description: r.description,
  publishedAt: r.published_at,
  words: r.words,
});

/** The columns of publications each public order sorts on, descending (an index each, migrations/037-portal.sql, 038); ties by id desc. */
const ORDER_COLUMNS: Readonly<Record<PortalSort, readonly string[]>> = {
  top: ["p.votes", "p.reports"],
  new: ["p.created_at"],
  trending: ["p.last_activity_at"],
};

/** A cursor's value as the order's columns: `top` keeps votes and reports in one rank. */
const positionValues = (order: PortalSort, value: number): number[] => {
  if (order !== "top") return [value];
  const { votes, reports } = topRankParts(value);
  return [votes, reports];
};

/** The feedbacks published on the portal, and the public lists of them. */
export function publicationStore(db: Database, batch: WriteBatch): PublicationStore {
  return {
    async publish(p) {
      await batch.run(() =>
        db
          .query(
            `INSERT INTO publications (feedback_id, org_id, title, description, published_at, words,
               status, kind, app_id, reports, votes, created_at, last_activity_at, listed)
             SELECT ?1, ?2, ?3, ?4, ?5, ?6, f.status, f.kind, ${appIdOf("f.app_number")}, f.reports, f.votes, f.created_at, f.last_activity_at, f.merged_into IS NULL
             FROM feedbacks f WHERE f.id = ?1
             ON CONFLICT (feedback_id) DO UPDATE SET title = excluded.title, description = excluded.description, words = excluded.words`,
          )
          .run(p.feedbackId, p.orgId, p.title, p.description, p.publishedAt, p.words),
      );
    },

    unpublish: (orgId, feedbackId) =>
      batch.run(() => db.query("DELETE FROM publications WHERE org_id = ? AND feedback_id = ?").run(orgId, feedbackId).changes === 1),

    async findPublications(feedbackIds) {
      if (feedbackIds.length === 0) return new Map();
      const rows = db
        .query<PublicationRow, string[]>(`SELECT * FROM publications WHERE feedback_id IN (${placeholders(feedbackIds.length)})`)
        .all(...feedbackIds);
      return new Map(rows.map((r) => [r.feedback_id, toPublication(r)]));
    },

    /**
     * A page is read from the order's index of publications (organization, listed, sort value, id),
     * its filters tested on each publication's own copy of the feedback's status, kind and app, and
     * only the page's feedbacks are read: the cost follows the page, not the feedbacks published.
     */
    async listPublished(orgId, filter, after, limit, order) {
      const columns = ORDER_COLUMNS[order];
      const on = columns.map((c) => `${c} DESC`).join(", ");
      const where = ["p.org_id = ?", "p.listed = 1", `p.status IN (${placeholders(filter.statuses.length)})`];
      const params: SQLQueryBindings[] = [orgId, ...filter.statuses];
      if (filter.kind) {
        where.push("p.kind = ?");
        params.push(filter.kind);
      }
      if (filter.appId) {
        where.push("p.app_id = ?");
        params.push(filter.appId);
      }
      for (const word of filter.words ?? []) {
        const tests = waysOf(word).flatMap(wordTests);
        where.push(`(${tests.map(([sql]) => sql).join(" OR ")})`);
        params.push(...tests.map(([, param]) => param));
      }
      if (after) {
        where.push(`(${columns.join(", ")}, p.feedback_id) < (${columns.map(() => "?").join(", ")}, ?)`);
        params.push(...positionValues(order, after.value), after.id);
      }
      const from = rarestWord(db, orgId, filter.words ?? []);
      const rows = db
        .query<FeedbackRow & { p_title: string; p_description: string | null; p_published_at: number; p_words: string }, SQLQueryBindings[]>(
          `SELECT ${FEEDBACK_COLUMNS}, p.title AS p_title, p.description AS p_description, p.published_at AS p_published_at, p.words AS p_words
           FROM (SELECT p.* FROM ${from.sql} WHERE ${where.join(" AND ")} ORDER BY ${on}, p.feedback_id DESC LIMIT ?) p
           CROSS JOIN feedbacks f ON f.id = p.feedback_id
           ORDER BY ${on}, p.feedback_id DESC`,
        )
        .all(...from.params, ...params, limit);
      return rows.map((r) => ({
        feedback: toFeedback(r),
        publication: { feedbackId: r.id, orgId, title: r.p_title, description: r.p_description, publishedAt: r.p_published_at, words: r.p_words },
      }));
    },
  };
}

/**
 * Where a page of a search is read from: the publications of its rarest word (publication_words)
 * when it is in few of them, else all of the organization's, in the order's index.
 */
function rarestWord(db: Database, orgId: string, words: readonly SearchWord[]): { sql: string; params: SQLQueryBindings[] } {
  const few = fewFor(words);
  let rarest: { sql: string; params: SQLQueryBindings[]; found: number } | null = null;
  for (const word of words) {
    const tests = waysOf(word).map(postingTests);
    const sql = `w.org_id = ? AND (${tests.map(([test]) => test).join(" OR ")})`;
    const params = [orgId, ...tests.flatMap(([, values]) => values)];
    const { found } = db
      .query<{ found: number }, SQLQueryBindings[]>(`SELECT count(*) AS found FROM (SELECT 1 FROM publication_words w WHERE ${sql} LIMIT ?)`)
      .get(...params, few)!;
    if (found < (rarest?.found ?? few)) rarest = { sql, params, found };
  }
  if (!rarest) return { sql: "publications p", params: [] };
  return {
    sql: `(SELECT DISTINCT w.feedback_id FROM publication_words w WHERE ${rarest.sql}) w CROSS JOIN publications p ON p.feedback_id = w.feedback_id`,
    params: rarest.params,
  };
}
