-- The public portal: one per organization, the feedbacks the team published on it, and the
-- visibility of comments (every comment written before is internal).
ALTER TABLE comments ADD COLUMN visibility TEXT NOT NULL DEFAULT 'internal';
CREATE TABLE portals (
  org_id TEXT PRIMARY KEY, slug TEXT NOT NULL UNIQUE, enabled INTEGER NOT NULL, title TEXT NOT NULL, posting TEXT NOT NULL,
  indexing INTEGER NOT NULL, status_labels TEXT NOT NULL, brand_color TEXT, sso_secret_sealed TEXT
);
CREATE TABLE publications (
  feedback_id TEXT PRIMARY KEY, org_id TEXT NOT NULL, title TEXT NOT NULL, description TEXT, published_at INTEGER NOT NULL, words TEXT NOT NULL
);
CREATE INDEX publications_by_org ON publications (org_id, published_at);
