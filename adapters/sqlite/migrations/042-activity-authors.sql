-- A feedback's activity names who did what: whose change each event was (a status change's author,
-- also without a comment), and the triage fields people set by hand (owner, due date, severity,
-- kind, feature, title, tags), one row per change, its fields as JSON.
ALTER TABLE events ADD COLUMN actor_id TEXT;
CREATE TABLE triage_changes (
  id TEXT PRIMARY KEY, feedback_id TEXT NOT NULL, actor_id TEXT NOT NULL, at INTEGER NOT NULL, changes TEXT NOT NULL
);
CREATE INDEX triage_changes_by_feedback ON triage_changes (feedback_id, at);
