import type { Database, SQLQueryBindings } from "bun:sqlite";
import type { GroupingStore } from "../../core/store.ts";
import { placeholders } from "./rows.ts";
import { addWords } from "./search.ts";
import type { WriteBatch } from "./write-batch.ts";

/** The grouping index (postings of keys, with each feedback's text) and triage. */
export function groupingStore(db: Database, batch: WriteBatch): GroupingStore {
  return {
    async keyFrequencies(appId, keys) {
      const unique = [...new Set(keys)];
      if (unique.length === 0) return new Map();
      const rows = db
        .query<{ key: string; n: number }, SQLQueryBindings[]>(
          `SELECT key, n FROM grouping_df WHERE app_id = ? AND key IN (${placeholders(unique.length)})`,
        )
        .all(appId, ...unique);
      return new Map(rows.map((r) => [r.key, r.n]));
    },

    async groupingCandidates(query) {
      if (query.keys.length === 0 || query.statuses.length === 0) return [];
      // The most recent postings of each key (ids are time-ordered): bounded work per feedback.
      const postings = query.keys
        .map(() => "SELECT feedback_id FROM (SELECT feedback_id FROM grouping_keys WHERE app_id = ? AND key = ? ORDER BY feedback_id DESC LIMIT ?)")
        .join(" UNION ALL ");
      // Rank on the postings alone, then read rows only for the best few (some may have closed since).
      const rows = db
        .query<{ id: string; text: string; vector: string | null }, SQLQueryBindings[]>(
          `SELECT f.id, d.text, d.vector
           FROM (SELECT feedback_id, count(*) AS shared FROM (${postings}) GROUP BY feedback_id ORDER BY shared DESC, feedback_id DESC LIMIT ?) p
           JOIN grouping_docs d ON d.feedback_id = p.feedback_id
           JOIN feedbacks source ON source.id = p.feedback_id
           JOIN feedbacks f ON f.id = coalesce(source.merged_into, source.id)
           WHERE f.org_id = ? AND f.merged_into IS NULL AND f.status IN (${placeholders(query.statuses.length)})
             AND f.id <> ?
           ORDER BY p.shared DESC, p.feedback_id DESC LIMIT ?`,
        )
        .all(
          ...query.keys.flatMap((key) => [query.appId, key, query.postingsPerKey]),
          query.limit * 2,
          query.orgId,
          ...query.statuses,
          query.exclude,
          query.limit,
        );
      return rows.map((r) => ({ id: r.id, text: r.text, ...(r.vector && { vector: JSON.parse(r.vector) as number[] }) }));
    },

    async indexForGrouping(appId, feedbackId, keys, text, vector) {
      await batch.run(() => {
        db.query("INSERT OR REPLACE INTO grouping_docs (feedback_id, app_id, text, vector) VALUES (?, ?, ?, ?)").run(
          feedbackId,
          appId,
          text,
          vector ? JSON.stringify(vector) : null,
        );
        for (const key of new Set(keys)) {
          const added = db
            .query("INSERT OR IGNORE INTO grouping_keys (app_id, key, feedback_id) VALUES (?, ?, ?)")
            .run(appId, key, feedbackId).changes;
          if (added) db.query("INSERT INTO grouping_df (app_id, key, n) VALUES (?, ?, 1) ON CONFLICT DO UPDATE SET n = n + 1").run(appId, key);
        }
      });
    },

    async setTriage(orgId, feedbackId, t) {
      await batch.run(() => {
        db.query(
          `UPDATE feedbacks SET feature_id = coalesce(?, feature_id), severity = coalesce(?, severity), nature = coalesce(?, nature),
             title = coalesce(?, title), diagnostic = coalesce(?, diagnostic), summary = coalesce(?, summary) WHERE id = ? AND org_id = ?`,
        ).run(
          t.featureId ?? null,
          t.severity ?? null,
          t.nature ?? null,
          t.title ?? null,
          t.diagnostic ? JSON.stringify(t.diagnostic) : null,
          t.summary ?? null,
          feedbackId,
          orgId,
        );
        // A new title is searchable too.
        if (t.title) addWords(db, feedbackId, t.title);
      });
    },
  };
}
