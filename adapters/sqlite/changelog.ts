import type { Database } from "bun:sqlite";
import type { ChangelogEntryRecord } from "../../core/changelog/entry.ts";
import type { ChangelogStore, EntryLink } from "../../core/store/changelog.ts";
import { MERGED } from "./merged.ts";
import { insertEvent, insertJob } from "./outbox.ts";
import { orgNumberOf } from "./rows.ts";
import type { WriteBatch } from "./write-batch.ts";

interface EntryRow {
  id: string;
  org_id: string;
  title: string;
  body: string;
  status: ChangelogEntryRecord["status"];
  published_at: number | null;
  feedback_ids: string;
  created_at: number;
  updated_at: number;
}

const toEntry = (r: EntryRow): ChangelogEntryRecord => ({
  id: r.id,
  orgId: r.org_id,
  title: r.title,
  body: r.body,
  status: r.status,
  ...(r.published_at !== null && { publishedAt: r.published_at }),
  feedbackIds: JSON.parse(r.feedback_ids),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/**
 * The entries that link a feedback or one merged into it, in an organization. Read from the links,
 * never from the organization's entries: the unary + keeps SQLite off changelog_by_org, which it
 * would otherwise take (it has no statistics) and then read every entry of it.
 */
export const ENTRIES_LINKING = `${MERGED} SELECT id, title, status FROM changelog_entries
  WHERE id IN (SELECT entry_id FROM changelog_links WHERE feedback_id IN merged) AND +org_id = ?
  ORDER BY status = 'published', coalesce(published_at, created_at) DESC, id DESC`;

/** Changelog entries; publishing one writes the entry, its feedbacks' status changes, events and jobs in one transaction. */
export function changelogStore(db: Database, batch: WriteBatch): ChangelogStore {
  const insert = (e: ChangelogEntryRecord) =>
    db
      .query(
        `INSERT INTO changelog_entries (id, org_id, title, body, status, published_at, feedback_ids, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(e.id, e.orgId, e.title, e.body, e.status, e.publishedAt ?? null, JSON.stringify(e.feedbackIds), e.createdAt, e.updatedAt);

  /** Writes over the entry if its status is still `status`; whether it did. */
  /** Writes the entry over the one stored, if its status is still `status` (and, given, its `updatedAt` still `version`). */
  const overwrite = (e: ChangelogEntryRecord, status: ChangelogEntryRecord["status"], version: number | null = null): boolean => {
    const { changes } = db
      .query(
        `UPDATE changelog_entries SET title = ?, body = ?, status = ?, published_at = ?, feedback_ids = ?, updated_at = ?
         WHERE id = ? AND org_id = ? AND status = ? AND (?10 IS NULL OR updated_at = ?10)`,
      )
      .run(e.title, e.body, e.status, e.publishedAt ?? null, JSON.stringify(e.feedbackIds), e.updatedAt, e.id, e.orgId, status, version);
    return changes === 1;
  };

  return {
    async createEntry(entry) {
      await batch.run(() => insert(entry));
    },

    async findEntry(orgId, entryId) {
      const row = db.query<EntryRow, [string, string]>("SELECT * FROM changelog_entries WHERE id = ? AND org_id = ?").get(entryId, orgId);
      return row ? toEntry(row) : null;
    },

    async listEntries(orgId, { drafts }) {
      const published = db
        .query<EntryRow, [string]>("SELECT * FROM changelog_entries WHERE org_id = ? AND status = 'published' ORDER BY published_at DESC, id DESC")
        .all(orgId);
      const draft = drafts
        ? db
            .query<EntryRow, [string]>("SELECT * FROM changelog_entries WHERE org_id = ? AND status = 'draft' ORDER BY created_at DESC, id DESC")
            .all(orgId)
        : [];
      return [...draft, ...published].map(toEntry);
    },

    async entriesLinking(orgId, feedbackId) {
      return db.query<EntryLink, [string, string]>(ENTRIES_LINKING).all(feedbackId, orgId);
    },

    updateEntry: (entry) => batch.run(() => overwrite(entry, entry.status)),

    deleteDraft: (orgId, entryId) =>
      batch.run(() => {
        const row = db
          .query<{ status: string }, [string, string]>("SELECT status FROM changelog_entries WHERE id = ? AND org_id = ?")
          .get(entryId, orgId);
        if (!row) return "not_found" as const;
        if (row.status !== "draft") return "published" as const;
        db.query("DELETE FROM changelog_entries WHERE id = ? AND org_id = ?").run(entryId, orgId);
        return "deleted" as const;
      }),

    publishEntry: (p) =>
      batch.run(() => {
        // A savepoint: a feedback changed meanwhile undoes this publication alone, not the writes sharing its commit.
        db.exec("SAVEPOINT publish_entry");
        const written = p.created
          ? db.query("SELECT 1 FROM changelog_entries WHERE id = ?").get(p.entry.id) === null && insert(p.entry).changes === 1
          : overwrite(p.entry, "draft", p.draftUpdatedAt);
        const moved =
          written &&
          p.changes.every(
            (c) =>
              db
                .query(`UPDATE feedbacks SET status = ? WHERE id = ? AND org_number = ${orgNumberOf("?")} AND status = ?`)
                .run(c.to, c.feedbackId, p.entry.orgId, c.from).changes === 1,
          );
        if (!moved) {
          db.exec("ROLLBACK TO publish_entry; RELEASE publish_entry");
          return false;
        }
        for (const event of p.events) insertEvent(db, event);
        for (const job of p.jobs) insertJob(db, job, p.entry.publishedAt ?? p.entry.updatedAt);
        db.exec("RELEASE publish_entry");
        return true;
      }),
  };
}
