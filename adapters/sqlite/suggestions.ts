import type { Database } from "bun:sqlite";
import { newerFirst, type Suggestion } from "../../core/grouping/decision.ts";
import { dismissalOf, UNSUGGESTED } from "../../core/merges/dismissal.ts";
import type { SuggestionStore } from "../../core/store/suggestions.ts";
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

    async listSuggestions({ orgId, appId, feedbackId, limit, kinds, closed }) {
      // Each kind's group, by number: the two feedbacks of a pair listed are in one.
      const groupOf = JSON.stringify(Object.fromEntries(kinds.flatMap((group, n) => group.map((kind) => [kind, n]))));
      // One feedback's pairs are read through its two indexes (a pair keys it on either side), set
      // apart first: joined, the planner read the whole organization's pairs on suggestions_open.
      const pairs =
        feedbackId === undefined
          ? "SELECT s.* FROM suggestions s"
          : `WITH pairs AS MATERIALIZED (SELECT * FROM suggestions WHERE feedback_id = ?6 UNION ALL SELECT * FROM suggestions WHERE similar_id = ?6)
             SELECT s.* FROM pairs s`;
      return db
        .query<SuggestionRow, (string | number | null)[]>(
          `${pairs}
           JOIN feedbacks a ON a.id = s.feedback_id AND a.merged_into IS NULL
           JOIN feedbacks b ON b.id = s.similar_id AND b.merged_into IS NULL
           WHERE s.org_id = ?1 AND s.dismissed_at IS NULL AND (?2 IS NULL OR s.app_id = ?2)
             AND json_extract(?4, '$.' || a.kind) = json_extract(?4, '$.' || b.kind)
             AND (a.status NOT IN (SELECT value FROM json_each(?5)) OR b.status NOT IN (SELECT value FROM json_each(?5)))
           ORDER BY s.score DESC, s.feedback_id DESC, s.similar_id DESC LIMIT ?3`,
        )
        .all(orgId, appId, limit, groupOf, JSON.stringify(closed), ...(feedbackId === undefined ? [] : [feedbackId]))
        .map(toSuggestion);
    },

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
      await batch.run(() => {
        const decided = "org_id = ? AND feedback_id = ? AND similar_id = ? AND dismissed_at IS NOT NULL";
        db.query(`DELETE FROM suggestions WHERE ${decided} AND score = ?`).run(orgId, newer, older, UNSUGGESTED);
        db.query(`UPDATE suggestions SET dismissed_at = NULL, dismissed_by = NULL WHERE ${decided}`).run(orgId, newer, older);
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
