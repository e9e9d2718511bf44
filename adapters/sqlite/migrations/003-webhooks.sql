CREATE TABLE webhooks (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, url TEXT NOT NULL, events TEXT NOT NULL,
  secret_sealed TEXT NOT NULL, previous_secret_sealed TEXT, previous_expires_at INTEGER,
  created_at INTEGER NOT NULL, last_delivery TEXT
);
CREATE INDEX webhooks_by_org ON webhooks (org_id, created_at);

-- One row per event and webhook. A pending delivery is due at run_at; a claim moves run_at to the
-- end of its lease, so the due index only ever holds work that can be taken now or later.
CREATE TABLE deliveries (
  id INTEGER PRIMARY KEY AUTOINCREMENT, webhook_id TEXT NOT NULL, event_id TEXT NOT NULL,
  attempt INTEGER NOT NULL DEFAULT 0, run_at INTEGER NOT NULL, lease_token TEXT,
  state TEXT NOT NULL DEFAULT 'pending'
);
CREATE INDEX deliveries_due ON deliveries (run_at) WHERE state = 'pending';
CREATE INDEX deliveries_by_webhook ON deliveries (webhook_id);
