import type { Database, SQLQueryBindings } from "bun:sqlite";
import { wordsWithTitle } from "../../core/feedback/search-words.ts";
import type { TriageFields, TriageStore } from "../../core/store/triage.ts";
import type { TriageChangeDraft } from "../../core/triage/journal.ts";
import { orgNumberOf } from "./rows.ts";
import { addWords } from "./search.ts";
import { insertJob } from "./outbox.ts";
import type { WriteBatch } from "./write-batch.ts";

/** Each triage field and the column it is stored in, with the value as stored. */
const COLUMNS: ReadonlyArray<[keyof TriageFields, string, (value: never) => SQLQueryBindings]> = [
  ["title", "title", (v: string) => v],
  ["kind", "kind", (v: string) => v],
  ["severity", "severity", (v: string | null) => v],
  ["featureId", "feature_id", (v: string | null) => v],
  ["owner", "owner", (v: string | null) => v],
  ["dueAt", "due_at", (v: number | null) => v],
  ["tags", "tags", (v: readonly string[]) => (v.length ? JSON.stringify(v) : null)],
];

/** Keeps a change of a feedback's triage for its activity, in the caller's transaction. */
export function insertTriageChange(db: Database, feedbackId: string, change: TriageChangeDraft): void {
  db.query("INSERT INTO triage_changes (id, feedback_id, actor_id, at, changes) VALUES (?, ?, ?, ?, ?)").run(
    change.id,
    feedbackId,
    change.by,
    change.at,
    JSON.stringify(change.changes),
  );
}

/** What a team sets on a feedback by hand, and the organization's tags. */
export function triageStore(db: Database, batch: WriteBatch): TriageStore {
  return {
    async setTriageFields(orgId, feedbackId, fields, newTags, jobs, at, change) {
      const given = COLUMNS.filter(([field]) => fields[field] !== undefined);
      return batch.run(() => {
        const exists = db
          .query<{ n: number }, [string, string]>(
            `SELECT 1 AS n FROM feedbacks WHERE id = ? AND org_number = ${orgNumberOf("?")} AND merged_into IS NULL`,
          )
          .get(feedbackId, orgId);
        if (!exists) return false;
        if (given.length > 0) {
          db.query(`UPDATE feedbacks SET ${given.map(([, column]) => `${column} = ?`).join(", ")} WHERE id = ?`).run(
            ...given.map(([field, , stored]) => stored(fields[field] as never)),
            feedbackId,
          );
        }
        const insert = db.query("INSERT OR IGNORE INTO tags (org_id, name, created_at) VALUES (?, ?, ?)");
        for (const tag of newTags) insert.run(orgId, tag.name, tag.createdAt);
        const { title } = fields;
        if (title) addWords(db, feedbackId, (known) => wordsWithTitle(known, title));
        for (const job of jobs) insertJob(db, job, at);
        if (change) insertTriageChange(db, feedbackId, change);
        return true;
      });
    },

    async triageChanges(feedbackId) {
      return db
        .query<{ id: string; actor_id: string; at: number; changes: string }, [string]>(
          "SELECT id, actor_id, at, changes FROM triage_changes WHERE feedback_id = ? ORDER BY at, rowid",
        )
        .all(feedbackId)
        .map((c) => ({ id: c.id, feedbackId, by: c.actor_id, at: c.at, changes: JSON.parse(c.changes) }));
    },

    async listTags(orgId) {
      return db
        .query<{ name: string; created_at: number; color: string | null }, [string]>(
          "SELECT name, created_at, color FROM tags WHERE org_id = ? ORDER BY name",
        )
        .all(orgId)
        .map((t) => ({ name: t.name, createdAt: t.created_at, ...(t.color && { color: t.color }) }));
    },

    async setTagColor(orgId, name, color) {
      return batch.run(() => db.query("UPDATE tags SET color = ? WHERE org_id = ? AND name = ?").run(color, orgId, name).changes > 0);
    },
  };
}
