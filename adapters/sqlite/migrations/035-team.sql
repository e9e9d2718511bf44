-- The team itself: invitations and password resets (tokens stored as digests, links sealed for
-- the jobs that mail them), each person's saved views and notification settings, and the days
-- whose digest an organization was sent.
CREATE TABLE invitations (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, email TEXT NOT NULL, role TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE, link_sealed TEXT NOT NULL, language TEXT NOT NULL, invited_by TEXT NOT NULL,
  created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, used_at INTEGER, revoked_at INTEGER
);
CREATE INDEX invitations_pending ON invitations (org_id, created_at) WHERE used_at IS NULL AND revoked_at IS NULL;
CREATE TABLE password_resets (
  id TEXT PRIMARY KEY, user_id TEXT, token_hash TEXT NOT NULL UNIQUE, link_sealed TEXT NOT NULL,
  language TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, used_at INTEGER
);
CREATE TABLE saved_views (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, user_id TEXT NOT NULL, name TEXT NOT NULL, query TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX saved_views_by_person ON saved_views (org_id, user_id, created_at);
CREATE TABLE team_settings (user_id TEXT PRIMARY KEY, digest INTEGER NOT NULL, language TEXT NOT NULL);
CREATE TABLE digest_runs (org_id TEXT NOT NULL, day TEXT NOT NULL, PRIMARY KEY (org_id, day)) WITHOUT ROWID;
