CREATE TABLE attachments (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, feedback_id TEXT NOT NULL, kind TEXT NOT NULL,
  storage_key TEXT NOT NULL, content_type TEXT NOT NULL, created_at INTEGER NOT NULL
);
CREATE INDEX attachments_by_feedback ON attachments (feedback_id, created_at);
