import type { Database, SQLQueryBindings } from "bun:sqlite";
import type { GroupingStore } from "../../core/store/grouping.ts";
import { orgNumberOf, placeholders, refOf } from "./rows.ts";
import { chosenCandidates, rankedCount } from "../../core/grouping/candidates.ts";
import { reportGroupingText } from "../../core/grouping/compare.ts";
import { addWords, entryWritten } from "./search-entries.ts";
import { wordsWithTitle } from "../../core/feedback/search-words.ts";
import type { WriteBatch } from "./write-batch.ts";
import { heldFields, recordTriageChange } from "./triage.ts";
import { assistantFields } from "../../core/triage/journal.ts";
import { MAX_MERGES } from "../../core/merges/merge-chain.ts";

/** A grouping document's text: its own, or that of the report it names (an empty text then). */
export const documentText = (d: { text: string; report: string | null }): string =>
  d.report === null ? d.text : reportGroupingText(JSON.parse(d.report));

/** The grouping index (postings of keys, with each feedback's text) and triage. */
export function groupingStore(db: Database, batch: WriteBatch): GroupingStore {
  /**
   * The feedback's first report when `text` is that report's grouping text (reportGroupingText):
   * the document then names the report instead of copying what it says.
   */
  const reportOfText = (feedbackId: string, text: string): string | null => {
    const first = db
      .query<{ id: string; body: string }, [string]>(`SELECT id, body FROM reports WHERE feedback_ref = ${refOf("?")} ORDER BY at, id LIMIT 1`)
      .get(feedbackId);
    return first && reportGroupingText(JSON.parse(first.body)) === text ? first.id : null;
  };
  /** The app's number, which its keys hold. */
  const appNumber = (appId: string) => db.query<{ number: number }, [string]>("SELECT number FROM apps WHERE id = ?").get(appId)?.number;
  /** The number of an app's key, which its postings hold, given on its first posting. */
  const termNumber = (app: number, key: string): number =>
    db.query<{ n: number }, [number, string]>("SELECT n FROM grouping_terms WHERE app = ? AND key = ?").get(app, key)?.n ??
    db.query<{ n: number }, [number, string]>("INSERT INTO grouping_terms (app, key, df) VALUES (?, ?, 0) RETURNING n").get(app, key)!.n;
  return {
    async keyFrequencies(appId, keys) {
      const unique = [...new Set(keys)];
      const app = appNumber(appId);
      if (unique.length === 0 || app === undefined) return new Map();
      const rows = db
        .query<{ key: string; n: number }, SQLQueryBindings[]>(
          `SELECT key, df AS n FROM grouping_terms WHERE app = ? AND key IN (${placeholders(unique.length)})`,
        )
        .all(app, ...unique);
      return new Map(rows.map((r) => [r.key, r.n]));
    },

    async groupingCandidates(query) {
      if (query.keys.length === 0 || query.statuses.length === 0 || query.kinds.length === 0) return [];
      const app = appNumber(query.appId);
      if (app === undefined) return [];
      // The most recent postings of each key (documents are numbered by their feedback, as feedbacks come): bounded work per feedback.
      const postings = query.keys
        .map(
          () =>
            "SELECT doc FROM (SELECT doc FROM grouping_postings WHERE term = (SELECT n FROM grouping_terms WHERE app = ? AND key = ?) ORDER BY doc DESC LIMIT ?)",
        )
        .join(" UNION ALL ");
      // Rank on the postings alone, then read rows only for the best few (some may have closed since).
      // The rankings are core's rankCandidates written in SQL: most keys shared, then the newest
      // (highest doc) first among equals, and again the oldest first; chosenCandidates takes from both.
      const counts = rankedCount(query);
      const rows = db
        .query<{ doc: number; old: number; id: string; text: string; report: string | null; vector: string | null; own: number }, SQLQueryBindings[]>(
          `WITH RECURSIVE p AS (SELECT doc, count(*) AS shared FROM (${postings}) GROUP BY doc),
           ranked AS (
             SELECT doc, shared, 0 AS old FROM (SELECT doc, shared FROM p ORDER BY shared DESC, doc DESC LIMIT ?)
             UNION ALL
             SELECT doc, shared, 1 AS old FROM (SELECT doc, shared FROM p ORDER BY shared DESC, doc ASC LIMIT ?)),
           -- Each document's feedback and those it was merged into (A into B, B into C: A, B, C), as followMerges follows them.
           chain (doc, id, merged_into, merges) AS (
             SELECT f.ref, f.id, f.merged_into, 0 FROM feedbacks f WHERE f.ref IN (SELECT doc FROM ranked)
             UNION ALL
             SELECT c.doc, f.id, f.merged_into, c.merges + 1 FROM chain c JOIN feedbacks f ON f.id = c.merged_into WHERE c.merges < ?)
           SELECT r.doc, r.old, f.id, d.text, rep.body AS report, d.vector, c.merges = 0 AS own
           FROM ranked r
           JOIN grouping_docs d ON d.feedback_ref = r.doc
           LEFT JOIN reports rep ON rep.id = d.report_id
           JOIN chain c ON c.doc = r.doc AND c.merged_into IS NULL
           JOIN feedbacks f ON f.id = c.id
           WHERE f.org_number = ${orgNumberOf("?")} AND f.status IN (${placeholders(query.statuses.length)})
             AND f.kind IN (${placeholders(query.kinds.length)}) AND f.id <> ?
           ORDER BY r.old, r.shared DESC, CASE r.old WHEN 0 THEN -r.doc ELSE r.doc END`,
        )
        .all(
          ...query.keys.flatMap((key) => [app, key, query.postingsPerKey]),
          counts.newest,
          counts.oldest,
          MAX_MERGES,
          query.orgId,
          ...query.statuses,
          ...query.kinds,
          query.exclude,
        );
      const byDoc = new Map(rows.map((r) => [r.doc, r]));
      const docs = (old: number) => rows.filter((r) => r.old === old).map((r) => r.doc);
      return chosenCandidates(docs(0), docs(1), query).map((doc) => {
        const r = byDoc.get(doc)!;
        return { id: r.id, text: documentText(r), own: r.own === 1, ...(r.vector && { vector: JSON.parse(r.vector) as number[] }) };
      });
    },

    async indexForGrouping(appId, feedbackId, keys, text, vector) {
      await batch.run(() => {
        const reportId = reportOfText(feedbackId, text);
        // An upsert: the document is numbered by its feedback, which its postings hold.
        const doc = db
          .query<{ doc: number }, [string, string, string | null, string | null]>(
            `INSERT INTO grouping_docs (feedback_ref, text, report_id, vector) VALUES (${refOf("?")}, ?, ?, ?)
             ON CONFLICT (feedback_ref) DO UPDATE SET text = excluded.text, report_id = excluded.report_id, vector = excluded.vector
             RETURNING feedback_ref AS doc`,
          )
          .get(feedbackId, reportId ? "" : text, reportId, vector ? JSON.stringify(vector) : null)!.doc;
        const app = appNumber(appId);
        if (app === undefined) throw new Error(`grouping: app ${appId} is not in the store`);
        for (const key of new Set(keys)) {
          const term = termNumber(app, key);
          const added = db.query("INSERT OR IGNORE INTO grouping_postings (term, doc) VALUES (?, ?)").run(term, doc).changes;
          if (added) db.query("UPDATE grouping_terms SET df = df + 1 WHERE n = ?").run(term);
        }
      });
    },

    async setTriage(orgId, feedbackId, t, author) {
      await batch.run(() => {
        const held = heldFields(db, feedbackId);
        if (!held) return;
        // Its entry first: a title changed before it is written would lose the words of the one it had.
        entryWritten(db, feedbackId);
        // What a person set while the assistant worked stays (assistantFields).
        const fields = assistantFields(held, t);
        if (author) recordTriageChange(db, feedbackId, held, fields, author);
        db.query(
          `UPDATE feedbacks SET feature_id = coalesce(?, feature_id), severity = coalesce(?, severity), nature = coalesce(?, nature),
             title = coalesce(?, title), diagnostic = coalesce(?, diagnostic), summary = coalesce(?, summary) WHERE id = ? AND org_number = ${orgNumberOf("?")}`,
        ).run(
          fields.featureId ?? null,
          fields.severity ?? null,
          t.nature ?? null,
          fields.title ?? null,
          t.diagnostic ? JSON.stringify(t.diagnostic) : null,
          t.summary ?? null,
          feedbackId,
          orgId,
        );
        // A new title is searchable too.
        const { title } = fields;
        if (title) addWords(db, feedbackId, (known) => wordsWithTitle(known, title));
      });
    },
  };
}
