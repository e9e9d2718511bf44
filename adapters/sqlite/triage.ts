import type { Database, SQLQueryBindings } from "bun:sqlite";
import { wordsWithTitle } from "../../core/feedback/search-words.ts";
import type { TriageFields, TriageStore } from "../../core/store/triage.ts";
import { stillAsDecided } from "../../core/triage/decided-on.ts";
import { fieldChanges, type TriageAuthor, type TriageHeld } from "../../core/triage/journal.ts";
import { renamedTags } from "../../core/triage/tag-names.ts";
import { queryWithTagRenamed } from "../../core/views/tag-renamed.ts";
import type { Kind, Severity } from "../../core/schemas/feedback.ts";
import { orgNumberOf } from "./rows.ts";
import { addWords, entryWritten } from "./search-entries.ts";
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

/** A feedback's triage fields as they are, for what a change replaces; null when there is no such feedback. */
export function heldFields(db: Database, feedbackId: string): TriageHeld | null {
  const row = db
    .query<
      {
        title: string;
        kind: Kind;
        severity: Severity | null;
        feature_id: string | null;
        owner: string | null;
        due_at: number | null;
        tags: string | null;
      },
      [string]
    >("SELECT title, kind, severity, feature_id, owner, due_at, tags FROM feedbacks WHERE id = ?")
    .get(feedbackId);
  if (!row) return null;
  return {
    title: row.title,
    kind: row.kind,
    ...(row.severity && { severity: row.severity }),
    ...(row.feature_id && { featureId: row.feature_id }),
    ...(row.owner && { owner: row.owner }),
    ...(row.due_at !== null && { dueAt: row.due_at }),
    ...(row.tags && { tags: JSON.parse(row.tags) as string[] }),
  };
}

/**
 * Keeps what setting `fields` changes on a feedback that holds `held` (heldFields, read in the
 * caller's transaction before the fields are written) in its activity, in the name of `author`;
 * nothing when nothing changes.
 */
export function recordTriageChange(db: Database, feedbackId: string, held: TriageHeld, fields: TriageFields, author: TriageAuthor): void {
  const changes = fieldChanges(held, fields);
  if (changes.length === 0) return;
  db.query("INSERT INTO triage_changes (id, feedback_id, actor_id, at, changes) VALUES (?, ?, ?, ?, ?)").run(
    author.id,
    feedbackId,
    author.by,
    author.at,
    JSON.stringify(changes),
  );
}

/** What a team sets on a feedback by hand, and the organization's tags. */
export function triageStore(db: Database, batch: WriteBatch): TriageStore {
  return {
    async setTriageFields(orgId, feedbackId, fields, newTags, jobs, at, author, decidedOn) {
      const given = COLUMNS.filter(([field]) => fields[field] !== undefined);
      return batch.run(() => {
        const found = db
          .query<{ found: number }, [string, string]>(
            `SELECT 1 AS found FROM feedbacks WHERE id = ? AND org_number = ${orgNumberOf("?")} AND merged_into IS NULL`,
          )
          .get(feedbackId, orgId);
        // The fields as they are: what a guarded write was decided on, and what the activity says it replaces.
        const held = found ? heldFields(db, feedbackId) : null;
        if (!held || !stillAsDecided({ kind: held.kind, tags: held.tags ?? [] }, decidedOn)) return false;
        if (author) recordTriageChange(db, feedbackId, held, fields, author);
        // Its entry first: a title changed before it is written would lose the words of the one it had.
        entryWritten(db, feedbackId);
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
        return true;
      });
    },

    async triageChanges(feedbackId) {
      return db
        .query<{ id: string; actor_id: string; at: number; changes: string }, [string]>(
          "SELECT id, actor_id, at, changes FROM triage_changes WHERE feedback_id = ? ORDER BY rowid",
        )
        .all(feedbackId)
        .map((c) => ({ id: c.id, feedbackId, by: c.actor_id, at: c.at, changes: JSON.parse(c.changes) }));
    },

    async triageChangesAt(by, at) {
      return db
        .query<{ id: string; feedback_id: string; changes: string }, [string, number]>(
          "SELECT id, feedback_id, changes FROM triage_changes WHERE actor_id = ? AND at = ? ORDER BY id",
        )
        .all(by, at)
        .map((c) => ({ id: c.id, feedbackId: c.feedback_id, by, at, changes: JSON.parse(c.changes) }));
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

    async renameTag(orgId, from, to) {
      return batch.run(() => {
        if (db.query("DELETE FROM tags WHERE org_id = ? AND name = ?").run(orgId, from).changes === 0) return null;
        db.query("INSERT OR REPLACE INTO tags (org_id, name, created_at, color) VALUES (?, ?, ?, ?)").run(
          orgId,
          to.name,
          to.createdAt,
          to.color ?? null,
        );
        const write = db.query("UPDATE feedbacks SET tags = ? WHERE ref = ?");
        let shown = 0;
        for (const feedback of carrying(db, orgId, from)) {
          const tags = JSON.stringify(renamedTags(JSON.parse(feedback.tags) as string[], from, to.name));
          if (tags === feedback.tags) continue;
          // The triggers move its rows of feedback_tags, and their counts, to the new name.
          write.run(tags, feedback.ref);
          if (feedback.merged === 0) shown++;
        }
        const refilter = db.query("UPDATE saved_views SET query = ? WHERE id = ?");
        for (const view of db.query<{ id: string; query: string }, [string]>("SELECT id, query FROM saved_views WHERE org_id = ?").all(orgId)) {
          const query = queryWithTagRenamed(view.query, from, to.name);
          if (query !== null) refilter.run(query, view.id);
        }
        return shown;
      });
    },
  };
}

/**
 * The feedbacks of an organization that carry a tag: those the inbox shows, by their rows of
 * feedback_tags; those merged into another, which have none, through the index of the merged, a
 * few beside the organization's feedbacks, which SQLite would otherwise read all, in the write.
 */
function carrying(db: Database, orgId: string, tag: string) {
  return db
    .query<{ ref: number; tags: string; merged: number }, [string, string, string, string]>(
      `SELECT ref, tags, 0 AS merged FROM feedbacks
         WHERE ref IN (SELECT feedback_ref FROM feedback_tags WHERE org_number = ${orgNumberOf("?")} AND tag = ?)
       UNION ALL
       SELECT ref, tags, 1 FROM feedbacks INDEXED BY feedbacks_by_merged_into
         WHERE merged_into IS NOT NULL AND org_number = ${orgNumberOf("?")}
           AND EXISTS (SELECT 1 FROM json_each(feedbacks.tags) WHERE value = ?)`,
    )
    .all(orgId, tag, orgId, tag);
}
