ALTER TABLE users ADD COLUMN password_hash TEXT;

CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id);

CREATE TABLE oauth_clients (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, redirect_uris TEXT NOT NULL, created_at INTEGER NOT NULL
);
-- A grant is one agent: what a person allowed a client to do in one organization.
CREATE TABLE grants (
  id TEXT PRIMARY KEY, client_id TEXT NOT NULL, user_id TEXT NOT NULL, org_id TEXT NOT NULL,
  scopes TEXT NOT NULL, resource TEXT NOT NULL, created_at INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL, revoked_at INTEGER
);
CREATE INDEX grants_by_org ON grants (org_id, user_id);
CREATE TABLE auth_codes (
  code_hash TEXT PRIMARY KEY, client_id TEXT NOT NULL, user_id TEXT NOT NULL, org_id TEXT NOT NULL,
  redirect_uri TEXT NOT NULL, code_challenge TEXT NOT NULL, scopes TEXT NOT NULL, resource TEXT NOT NULL,
  expires_at INTEGER NOT NULL, used_at INTEGER, grant_id TEXT
);

-- Access and refresh tokens of grants live with the personal tokens; kind tells them apart.
ALTER TABLE tokens ADD COLUMN kind TEXT NOT NULL DEFAULT 'personal';
ALTER TABLE tokens ADD COLUMN grant_id TEXT;
ALTER TABLE tokens ADD COLUMN resource TEXT;
ALTER TABLE tokens ADD COLUMN used_at INTEGER;
CREATE INDEX tokens_by_grant ON tokens (grant_id);
