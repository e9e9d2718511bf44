-- Each organization's Slack app (its secrets sealed), the Events API deliveries already handled,
-- and what a job needs that no record holds (the Slack request a report comes from).
CREATE TABLE slack_connections (
  org_id TEXT PRIMARY KEY, secrets_sealed TEXT NOT NULL, app_id TEXT, channel TEXT, kinds TEXT NOT NULL,
  min_severity TEXT, api_url TEXT
);
CREATE TABLE slack_events (
  org_id TEXT NOT NULL, event_id TEXT NOT NULL, expires_at INTEGER NOT NULL,
  PRIMARY KEY (org_id, event_id)
) WITHOUT ROWID;
CREATE INDEX slack_events_expiry ON slack_events (expires_at);
ALTER TABLE jobs ADD COLUMN detail TEXT;
