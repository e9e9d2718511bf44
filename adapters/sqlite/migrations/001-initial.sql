CREATE TABLE settings (name TEXT PRIMARY KEY, value BLOB NOT NULL);

CREATE TABLE organizations (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  key_prefix TEXT NOT NULL UNIQUE,
  plan TEXT NOT NULL,
  quota_override INTEGER,
  next_seq INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE users (id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, name TEXT);
CREATE TABLE memberships (
  org_id TEXT NOT NULL, user_id TEXT NOT NULL, role TEXT NOT NULL,
  PRIMARY KEY (org_id, user_id)
);
CREATE TABLE apps (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL,
  description TEXT, version TEXT
);
CREATE INDEX apps_by_org ON apps (org_id, name);
CREATE TABLE channels (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, app_id TEXT NOT NULL, kind TEXT NOT NULL,
  key TEXT NOT NULL UNIQUE, active INTEGER NOT NULL
);
CREATE INDEX channels_by_app ON channels (org_id, app_id);
CREATE TABLE features (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, app_id TEXT NOT NULL, name TEXT NOT NULL, path TEXT NOT NULL,
  kind TEXT, severity_floor TEXT, cues TEXT, code TEXT
);
CREATE INDEX features_by_app ON features (org_id, app_id, path);

CREATE TABLE feedbacks (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, app_id TEXT NOT NULL, key TEXT NOT NULL,
  title TEXT NOT NULL, kind TEXT NOT NULL, status TEXT NOT NULL, severity TEXT, feature_id TEXT,
  nature TEXT, summary TEXT, observed TEXT, expected TEXT, due_at INTEGER, owner TEXT, tracker TEXT,
  reports INTEGER NOT NULL, created_at INTEGER NOT NULL, last_activity_at INTEGER NOT NULL, merged_into TEXT,
  UNIQUE (org_id, key)
);
-- One index per list filter, each in list order, so a filtered page is an index range scan.
CREATE INDEX feedbacks_recent ON feedbacks (org_id, last_activity_at DESC, id DESC) WHERE merged_into IS NULL;
CREATE INDEX feedbacks_by_status ON feedbacks (org_id, status, last_activity_at DESC, id DESC) WHERE merged_into IS NULL;
CREATE INDEX feedbacks_by_app ON feedbacks (org_id, app_id, status, last_activity_at DESC, id DESC) WHERE merged_into IS NULL;
CREATE INDEX feedbacks_by_feature ON feedbacks (org_id, feature_id, status, last_activity_at DESC, id DESC) WHERE merged_into IS NULL;
CREATE INDEX feedbacks_by_kind ON feedbacks (org_id, kind, status, last_activity_at DESC, id DESC) WHERE merged_into IS NULL;
CREATE INDEX feedbacks_by_severity ON feedbacks (org_id, severity, status, last_activity_at DESC, id DESC) WHERE merged_into IS NULL;

CREATE TABLE reports (
  id TEXT PRIMARY KEY, feedback_id TEXT NOT NULL, org_id TEXT NOT NULL, app_id TEXT NOT NULL,
  source TEXT NOT NULL, body TEXT NOT NULL, language TEXT NOT NULL, conversation TEXT NOT NULL,
  status_id TEXT NOT NULL UNIQUE, status_token_hash TEXT NOT NULL, at INTEGER NOT NULL
);
CREATE INDEX reports_by_feedback ON reports (feedback_id, at);

-- Full-text search: one document per feedback (key, title, summary) and one per report.
-- search_docs maps each document to its feedback, so grouping re-points documents by index.
CREATE VIRTUAL TABLE search USING fts5 (body, tokenize = 'unicode61 remove_diacritics 2');
CREATE TABLE search_docs (rowid INTEGER PRIMARY KEY, feedback_id TEXT NOT NULL, kind TEXT NOT NULL);
CREATE INDEX search_docs_by_feedback ON search_docs (feedback_id);

CREATE TABLE comments (
  id TEXT PRIMARY KEY, feedback_id TEXT NOT NULL, user_id TEXT NOT NULL, text TEXT NOT NULL,
  status_from TEXT NOT NULL, status_to TEXT NOT NULL, at INTEGER NOT NULL
);
CREATE INDEX comments_by_feedback ON comments (feedback_id, at);
CREATE TABLE followers (
  feedback_id TEXT NOT NULL, email TEXT NOT NULL, name TEXT, language TEXT NOT NULL,
  PRIMARY KEY (feedback_id, email)
);
CREATE TABLE notifications (
  feedback_id TEXT NOT NULL, email TEXT NOT NULL, key TEXT NOT NULL, at INTEGER NOT NULL,
  PRIMARY KEY (feedback_id, email, key)
);

CREATE TABLE tokens (
  id TEXT PRIMARY KEY, token_hash TEXT NOT NULL UNIQUE, org_id TEXT NOT NULL, user_id TEXT NOT NULL,
  scopes TEXT NOT NULL, label TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER,
  last_used_at INTEGER, revoked_at INTEGER
);
CREATE INDEX tokens_by_org ON tokens (org_id, created_at);

CREATE TABLE idempotency (
  scope TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, response TEXT,
  running_until INTEGER, expires_at INTEGER NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_expiry ON idempotency (expires_at);
CREATE TABLE rate_counters (bucket TEXT PRIMARY KEY, count INTEGER NOT NULL, expires_at INTEGER NOT NULL);
CREATE INDEX rate_counters_expiry ON rate_counters (expires_at);
CREATE TABLE qualifications (id TEXT PRIMARY KEY, data TEXT NOT NULL, expires_at INTEGER NOT NULL);
CREATE INDEX qualifications_expiry ON qualifications (expires_at);
CREATE TABLE quota_usage (org_id TEXT NOT NULL, month TEXT NOT NULL, used INTEGER NOT NULL, PRIMARY KEY (org_id, month));

-- Outbox: events committed with the change that caused them, dispatched later.
CREATE TABLE events (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, feedback_id TEXT NOT NULL, type TEXT NOT NULL,
  previous_status TEXT, created_at INTEGER NOT NULL, dispatched_at INTEGER
);
CREATE INDEX events_pending ON events (created_at) WHERE dispatched_at IS NULL;

-- Durable job queue with leases; a finished job is deleted, so the queue holds only live work.
CREATE TABLE jobs (
  id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, org_id TEXT NOT NULL, feedback_id TEXT NOT NULL,
  run_at INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, lease_token TEXT, lease_until INTEGER,
  last_error TEXT
);
CREATE INDEX jobs_due ON jobs (run_at);
