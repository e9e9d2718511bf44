import type { Database } from "bun:sqlite";
import type { Attachment } from "../../core/model.ts";
import type { AttachmentStore } from "../../core/store/attachments.ts";
import { placeholders } from "./rows.ts";
import type { WriteBatch } from "./write-batch.ts";

interface Row {
  id: string;
  org_id: string;
  feedback_id: string;
  report_id: string;
  kind: Attachment["kind"];
  storage_key: string;
  content_type: string;
  created_at: number;
}

const toAttachment = (r: Row): Attachment => ({
  id: r.id,
  orgId: r.org_id,
  feedbackId: r.feedback_id,
  reportId: r.report_id,
  kind: r.kind,
  storageKey: r.storage_key,
  contentType: r.content_type,
  createdAt: r.created_at,
});

/** Inside a write: links a stored file to the report that carries it. */
export const insertAttachment = (db: Database, a: Attachment): void => {
  db.query(
    "INSERT INTO attachments (id, org_id, feedback_id, report_id, kind, storage_key, content_type, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  ).run(a.id, a.orgId, a.feedbackId, a.reportId, a.kind, a.storageKey, a.contentType, a.createdAt);
};

export function attachmentStore(db: Database, batch: WriteBatch): AttachmentStore {
  return {
    async addAttachment(a) {
      await batch.run(() => insertAttachment(db, a));
    },
    async listAttachments(reportIds) {
      return db
        .query<Row, string[]>(`SELECT * FROM attachments WHERE report_id IN (${placeholders(reportIds.length)}) ORDER BY created_at, rowid`)
        .all(...reportIds)
        .map(toAttachment);
    },
    async findAttachment(id) {
      const row = db.query<Row, [string]>("SELECT * FROM attachments WHERE id = ?").get(id);
      return row ? toAttachment(row) : null;
    },
  };
}
