-- Changelog entries: drafts, then published with the feedbacks they ship (feedback_ids, a JSON
-- array of ids in the team's order). The public changelog reads published ones newest first.
CREATE TABLE changelog_entries (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, title TEXT NOT NULL, body TEXT NOT NULL, status TEXT NOT NULL,
  published_at INTEGER, feedback_ids TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
);
CREATE INDEX changelog_by_org ON changelog_entries (org_id, status, published_at, created_at);
-- A comment the reporter wrote from their tracking page names their report (user_id is then '');
-- visibility says who may read a comment: 'internal' (the team) or 'public'.
ALTER TABLE comments ADD COLUMN report_id TEXT;
ALTER TABLE comments ADD COLUMN visibility TEXT NOT NULL DEFAULT 'internal';
