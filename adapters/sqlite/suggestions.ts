import type { Database } from "bun:sqlite";
import { newerFirst, type Suggestion } from "../../core/grouping/decision.ts";
import { dismissalOf, UNSUGGESTED } from "../../core/merges/dismissal.ts";
import { type PairReads, type PairSide, waitingPairs } from "../../core/merges/waiting-pairs.ts";
import type { Kind, Status } from "../../core/schemas/feedback.ts";
import type { SuggestionQuery, SuggestionStore } from "../../core/store/suggestions.ts";
import { mergedIds } from "./merged.ts";
import { dismiss } from "./merges.ts";
import { appIdOf, orgNumberOf } from "./rows.ts";
import type { WriteBatch } from "./write-batch.ts";

interface SuggestionRow {
  org_id: string;
  app_id: string;
  feedback_id: string;
  similar_id: string;
  score: number;
  sure: number;
  matched: string;
  at: number;
}

const toSuggestion = (r: SuggestionRow): Suggestion => ({
  orgId: r.org_id,
  appId: r.app_id,
  feedbackId: r.feedback_id,
  similarId: r.similar_id,
  score: r.score,
  sure: r.sure === 1,
  matched: JSON.parse(r.matched),
  at: r.at,
});

/**
 * The feedbacks (JSON array of ids) of an organization that waiting pairs name, found by id: `+`
 * keeps the planner off the organization's index, which it read whole.
 */
export const PAIR_SIDES = `SELECT id, merged_into, kind, status FROM feedbacks
  WHERE id IN (SELECT value FROM json_each(?)) AND +org_number = ${orgNumberOf("?")}`;

/** A pair with its two feedbacks' merge, kind and status. */
interface PairRow extends SuggestionRow {
  a_merged: string | null;
  a_kind: Kind;
  a_status: Status;
  b_merged: string | null;
  b_kind: Kind;
  b_status: Status;
}

/**
 * The undecided pairs of an organization (?1), or of its app (?2), best first (?7 at most), with their
 * two feedbacks' merge, kind and status: after a pair (its score ?3, feedback ?4 and other ?5) when
 * `after`; of the feedbacks ?6 (a JSON array of ids) alone when `ofSome`. A pair of two feedbacks
 * neither merged whose kinds are not in one group (?8, each kind's group) or which are both closed
 * (?9) is passed over.
 */
const undecidedSql = (ofSome: boolean, after: boolean): string => {
  const pairs = ofSome
    ? `(WITH mine AS MATERIALIZED (SELECT * FROM suggestions WHERE feedback_id IN (SELECT value FROM json_each(?6))
        UNION SELECT * FROM suggestions WHERE similar_id IN (SELECT value FROM json_each(?6))) SELECT * FROM mine)`
    : "suggestions";
  return `SELECT s.*, a.merged_into AS a_merged, a.kind AS a_kind, a.status AS a_status,
      b.merged_into AS b_merged, b.kind AS b_kind, b.status AS b_status
    FROM ${pairs} s JOIN feedbacks a ON a.id = s.feedback_id JOIN feedbacks b ON b.id = s.similar_id
    WHERE s.org_id = ?1 AND s.dismissed_at IS NULL AND (?2 IS NULL OR s.app_id = ?2)
      ${after ? "AND s.score <= ?3 AND (s.score < ?3 OR s.feedback_id < ?4 OR (s.feedback_id = ?4 AND s.similar_id < ?5))" : ""}
      AND (a.merged_into IS NOT NULL OR b.merged_into IS NOT NULL
        OR (json_extract(?8, '$.' || a.kind) = json_extract(?8, '$.' || b.kind)
          AND (a.status NOT IN (SELECT value FROM json_each(?9)) OR b.status NOT IN (SELECT value FROM json_each(?9)))))
    ORDER BY s.score DESC, s.feedback_id DESC, s.similar_id DESC LIMIT ?7`;
};

/** A feedback a pair names, as waitingPairs reads it. */
const side = (id: string, merged: string | null, kind: Kind, status: Status): PairSide => ({
  id,
  kind,
  status,
  ...(merged !== null && { mergedInto: merged }),
});

/**
 * How listSuggestions reads waiting pairs (waitingPairs): the organization's on suggestions_open,
 * best first, a batch at a time, with their two feedbacks, passing over there, where the index is
 * walked, those two feedbacks neither merged nor listable hold (undecidedSql). One feedback's (and
 * those merged into it) are read through the two indexes that key a feedback on either side, set
 * apart first: joined, the planner read the whole organization's pairs.
 */
function pairReads(db: Database, { orgId, appId, feedbackId, kinds, closed }: SuggestionQuery): PairReads {
  const members = feedbackId === undefined ? [] : mergedIds(db, feedbackId);
  // Each kind's group, by number: the two feedbacks of a pair listed are in one.
  const groupOf = JSON.stringify(Object.fromEntries(kinds.flatMap((group, n) => group.map((kind) => [kind, n]))));
  return {
    undecided: async (last, size) =>
      db
        .query<PairRow, (string | number | null)[]>(undecidedSql(feedbackId !== undefined, last !== undefined))
        .all(
          orgId,
          appId,
          last?.score ?? null,
          last?.feedbackId ?? null,
          last?.similarId ?? null,
          JSON.stringify(members),
          size,
          groupOf,
          JSON.stringify(closed),
        )
        .map((r) => ({
          pair: toSuggestion(r),
          sides: [side(r.feedback_id, r.a_merged, r.a_kind, r.a_status), side(r.similar_id, r.b_merged, r.b_kind, r.b_status)] as const,
        })),
    sides: async (ids) =>
      db
        .query<{ id: string; merged_into: string | null; kind: Kind; status: Status }, [string, string]>(PAIR_SIDES)
        .all(JSON.stringify(ids), orgId)
        .map((r) => side(r.id, r.merged_into, r.kind, r.status)),
    dismissed: async (pairs) =>
      db
        .query<{ feedback_id: string; similar_id: string }, [string, string]>(
          `SELECT feedback_id, similar_id FROM suggestions
           WHERE (feedback_id, similar_id) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?))
             AND org_id = ? AND dismissed_at IS NOT NULL`,
        )
        .all(JSON.stringify(pairs), orgId)
        .map((r) => [r.feedback_id, r.similar_id] as const),
  };
}

/** Suggested pairs, one row a pair (newerFirst), decisions kept on it. */
export function suggestionStore(db: Database, batch: WriteBatch): SuggestionStore {
  return {
    async saveSuggestions(suggestions) {
      if (suggestions.length === 0) return;
      await batch.run(() => {
        for (const s of suggestions) {
          const [newer, older] = newerFirst(s.feedbackId, s.similarId);
          db.query(
            `INSERT INTO suggestions (org_id, app_id, feedback_id, similar_id, score, sure, matched, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (feedback_id, similar_id) DO UPDATE SET score = excluded.score, sure = excluded.sure, matched = excluded.matched, at = excluded.at
             WHERE dismissed_at IS NULL`,
          ).run(s.orgId, s.appId, newer, older, s.score, s.sure ? 1 : 0, JSON.stringify(s.matched), s.at);
        }
      });
    },

    listSuggestions: (query) => waitingPairs(query, pairReads(db, query)),

    async dismissPair(orgId, feedbackId, similarId, at, by) {
      await batch.run(() => {
        const app = db
          .query<{ app_id: string }, [string, string]>(
            `SELECT ${appIdOf("app_number")} AS app_id FROM feedbacks WHERE id = ? AND org_number = ${orgNumberOf("?")}`,
          )
          .get(feedbackId, orgId);
        if (app) dismiss(db, dismissalOf({ orgId, appId: app.app_id }, feedbackId, similarId, at, by));
      });
    },

    async undismissPair(orgId, feedbackId, similarId) {
      const [newer, older] = newerFirst(feedbackId, similarId);
      return batch.run(() => {
        const decided = "org_id = ? AND feedback_id = ? AND similar_id = ? AND dismissed_at IS NOT NULL";
        const deleted = db.query(`DELETE FROM suggestions WHERE ${decided} AND score = ?`).run(orgId, newer, older, UNSUGGESTED);
        const reopened = db.query(`UPDATE suggestions SET dismissed_at = NULL, dismissed_by = NULL WHERE ${decided}`).run(orgId, newer, older);
        return deleted.changes + reopened.changes > 0;
      });
    },

    async dismissedWith(orgId, feedbackId) {
      const rows = db
        .query<{ other: string }, [string, string, string, string]>(
          `SELECT similar_id AS other FROM suggestions WHERE org_id = ? AND feedback_id = ? AND dismissed_at IS NOT NULL
           UNION SELECT feedback_id FROM suggestions WHERE org_id = ? AND similar_id = ? AND dismissed_at IS NOT NULL`,
        )
        .all(orgId, feedbackId, orgId, feedbackId);
      return new Set(rows.map((r) => r.other));
    },
  };
}
