// Schema migrations, applied in order at start; `PRAGMA user_version` records how far a database
// has come. Append only: a released migration is never edited.
import type { Database } from "bun:sqlite";
import { feedbackWords } from "../../core/feedback/search-words.ts";
import { appIdOf, orgIdOf } from "./rows.ts";
import { DOC_TIES, documentSql, firstDocSql, newDoc } from "./search.ts";

/** A migration is SQL, or a function when it needs JavaScript (words are folded here, not in SQL). */
export type Migration = string | ((db: Database) => void);

export const applyMigration = (db: Database, migration: Migration): void => {
  if (typeof migration === "string") db.exec(migration);
  else migration(db);
};

export const MIGRATIONS: readonly Migration[] = [
  `
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
  `,
  `
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
  `,
  `
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
  `,
  `
  CREATE TABLE help_articles (
    id TEXT PRIMARY KEY, org_id TEXT NOT NULL, app_id TEXT NOT NULL, title TEXT NOT NULL, url TEXT NOT NULL, body TEXT NOT NULL
  );
  CREATE INDEX help_articles_by_app ON help_articles (org_id, app_id);
  `,
  `
  -- Candidate index for grouping: each open feedback under the keys (stemmed words) of its text,
  -- and how many feedbacks of the app share each key, so lookups can start from the rarest.
  CREATE TABLE grouping_docs (feedback_id TEXT PRIMARY KEY, app_id TEXT NOT NULL, text TEXT NOT NULL);
  CREATE TABLE grouping_keys (app_id TEXT NOT NULL, key TEXT NOT NULL, feedback_id TEXT NOT NULL, PRIMARY KEY (app_id, key, feedback_id));
  CREATE TABLE grouping_df (app_id TEXT NOT NULL, key TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (app_id, key));
  `,
  `
  ALTER TABLE grouping_docs ADD COLUMN vector TEXT;
  `,
  `
  -- The issue tracker of an app: provider and its settings, sealed (they hold an access token).
  CREATE TABLE app_trackers (app_id TEXT PRIMARY KEY, org_id TEXT NOT NULL, provider TEXT NOT NULL, settings_sealed TEXT NOT NULL, project TEXT NOT NULL);
  CREATE INDEX app_trackers_by_project ON app_trackers (provider, project);
  CREATE INDEX feedbacks_by_tracker ON feedbacks (org_id, json_extract(tracker, '$.key')) WHERE tracker IS NOT NULL;
  `,
  `
  CREATE TABLE attachments (
    id TEXT PRIMARY KEY, org_id TEXT NOT NULL, feedback_id TEXT NOT NULL, kind TEXT NOT NULL,
    storage_key TEXT NOT NULL, content_type TEXT NOT NULL, created_at INTEGER NOT NULL
  );
  CREATE INDEX attachments_by_feedback ON attachments (feedback_id, created_at);
  `,
  `
  ALTER TABLE feedbacks ADD COLUMN diagnostic TEXT;
  `,
  `
  ALTER TABLE followers ADD COLUMN tracking_sealed TEXT;
  `,
  `
  -- A notification claim is a lease until the message is confirmed sent.
  ALTER TABLE notifications ADD COLUMN sent_at INTEGER;
  UPDATE notifications SET sent_at = at;
  `,
  `
  -- A new feedback has neither feature nor severity: these two indexes take it once it has one.
  DROP INDEX feedbacks_by_feature;
  DROP INDEX feedbacks_by_severity;
  CREATE INDEX feedbacks_by_feature ON feedbacks (org_id, feature_id, status, last_activity_at DESC, id DESC)
    WHERE merged_into IS NULL AND feature_id IS NOT NULL;
  CREATE INDEX feedbacks_by_severity ON feedbacks (org_id, severity, status, last_activity_at DESC, id DESC)
    WHERE merged_into IS NULL AND severity IS NOT NULL;

  -- Servers cache what a channel key opens (channel, app, organization); any change to those rows,
  -- by any connection, moves this number, and a cache that sees it move starts again. An
  -- organization's next key number is not part of it.
  CREATE TABLE catalog_version (n INTEGER NOT NULL);
  INSERT INTO catalog_version (n) VALUES (0);
  CREATE TRIGGER channels_insert_moves_catalog AFTER INSERT ON channels BEGIN UPDATE catalog_version SET n = n + 1; END;
  CREATE TRIGGER channels_update_moves_catalog AFTER UPDATE ON channels BEGIN UPDATE catalog_version SET n = n + 1; END;
  CREATE TRIGGER channels_delete_moves_catalog AFTER DELETE ON channels BEGIN UPDATE catalog_version SET n = n + 1; END;
  CREATE TRIGGER apps_insert_moves_catalog AFTER INSERT ON apps BEGIN UPDATE catalog_version SET n = n + 1; END;
  CREATE TRIGGER apps_update_moves_catalog AFTER UPDATE ON apps BEGIN UPDATE catalog_version SET n = n + 1; END;
  CREATE TRIGGER apps_delete_moves_catalog AFTER DELETE ON apps BEGIN UPDATE catalog_version SET n = n + 1; END;
  CREATE TRIGGER organizations_update_moves_catalog AFTER UPDATE OF name, key_prefix, plan, quota_override ON organizations
    BEGIN UPDATE catalog_version SET n = n + 1; END;
  CREATE TRIGGER organizations_delete_moves_catalog AFTER DELETE ON organizations BEGIN UPDATE catalog_version SET n = n + 1; END;
  `,
  `
  -- An idempotent answer is written with the change it answers, in one transaction: there are no
  -- claims left running, and every record holds a response.
  DELETE FROM idempotency WHERE response IS NULL;
  CREATE TABLE idempotency_answers (
    scope TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, response TEXT NOT NULL, expires_at INTEGER NOT NULL,
    PRIMARY KEY (scope, key)
  );
  INSERT INTO idempotency_answers SELECT scope, key, fingerprint, response, expires_at FROM idempotency;
  DROP TABLE idempotency;
  ALTER TABLE idempotency_answers RENAME TO idempotency;
  CREATE INDEX idempotency_expiry ON idempotency (expires_at);
  `,
  `
  -- How an app's widget collects from browsers (origins, replay, kept query parameters), as JSON; NULL for none.
  ALTER TABLE apps ADD COLUMN browser TEXT;
  `,
  `
  -- Merges are links that can be undone: what each moved (reports, followers added, the search
  -- documents re-pointed) and the target's counts before and after.
  CREATE TABLE merges (
    id TEXT PRIMARY KEY, org_id TEXT NOT NULL, app_id TEXT NOT NULL, source_id TEXT NOT NULL, target_id TEXT NOT NULL,
    by TEXT, score REAL, at INTEGER NOT NULL, report_ids TEXT NOT NULL, added_followers TEXT NOT NULL,
    target_before TEXT NOT NULL, target_after TEXT NOT NULL, search_rowids TEXT NOT NULL, undone_at INTEGER, undone_by TEXT
  );
  CREATE INDEX merges_by_source ON merges (source_id, at);
  CREATE INDEX merges_by_target ON merges (target_id, at);
  -- Reports taken out of a feedback into a new one.
  CREATE TABLE splits (
    id TEXT PRIMARY KEY, org_id TEXT NOT NULL, app_id TEXT NOT NULL, feedback_id TEXT NOT NULL, report_id TEXT NOT NULL,
    new_feedback TEXT NOT NULL, follower TEXT, by TEXT NOT NULL, at INTEGER NOT NULL, expected_reports INTEGER NOT NULL, remaining TEXT NOT NULL
  );
  CREATE INDEX splits_by_feedback ON splits (feedback_id, at);
  -- Pairs grouping found alike (feedback_id the newer), and the decisions people took on them.
  CREATE TABLE suggestions (
    org_id TEXT NOT NULL, app_id TEXT NOT NULL, feedback_id TEXT NOT NULL, similar_id TEXT NOT NULL,
    score REAL NOT NULL, matched TEXT NOT NULL, at INTEGER NOT NULL, dismissed_at INTEGER, dismissed_by TEXT,
    PRIMARY KEY (feedback_id, similar_id)
  );
  CREATE INDEX suggestions_open ON suggestions (org_id, score DESC) WHERE dismissed_at IS NULL;
  CREATE INDEX suggestions_by_similar ON suggestions (similar_id);
  ALTER TABLE apps ADD COLUMN grouping_mode TEXT;
  ALTER TABLE events ADD COLUMN related_id TEXT;
  -- The inbox sorted by most reports.
  CREATE INDEX feedbacks_by_reports ON feedbacks (org_id, reports DESC, id DESC) WHERE merged_into IS NULL;
  -- Trends: reports per app, UTC day, kind and feature of the feedback that holds them, kept by
  -- triggers on every write that adds a report, moves one (merge, unmerge, split) or gives a
  -- feedback its feature, so a trend reads a few rows per day whatever the number of reports.
  CREATE TABLE report_days (
    app_id TEXT NOT NULL, day INTEGER NOT NULL, kind TEXT NOT NULL, feature_id TEXT NOT NULL, org_id TEXT NOT NULL, n INTEGER NOT NULL,
    PRIMARY KEY (app_id, day, kind, feature_id)
  ) WITHOUT ROWID;
  INSERT INTO report_days (app_id, day, kind, feature_id, org_id, n)
    SELECT r.app_id, r.at / 86400000, f.kind, coalesce(f.feature_id, ''), r.org_id, count(*)
    FROM reports r JOIN feedbacks f ON f.id = r.feedback_id GROUP BY 1, 2, 3, 4;
  CREATE TRIGGER reports_counted AFTER INSERT ON reports BEGIN
    INSERT INTO report_days (app_id, day, kind, feature_id, org_id, n)
      SELECT new.app_id, new.at / 86400000, f.kind, coalesce(f.feature_id, ''), new.org_id, 1 FROM feedbacks f WHERE f.id = new.feedback_id
      ON CONFLICT (app_id, day, kind, feature_id) DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER reports_moved_counted AFTER UPDATE OF feedback_id ON reports WHEN old.feedback_id <> new.feedback_id BEGIN
    UPDATE report_days SET n = n - 1
      WHERE (app_id, day, kind, feature_id) = (SELECT old.app_id, old.at / 86400000, f.kind, coalesce(f.feature_id, '') FROM feedbacks f WHERE f.id = old.feedback_id);
    INSERT INTO report_days (app_id, day, kind, feature_id, org_id, n)
      SELECT new.app_id, new.at / 86400000, f.kind, coalesce(f.feature_id, ''), new.org_id, 1 FROM feedbacks f WHERE f.id = new.feedback_id
      ON CONFLICT (app_id, day, kind, feature_id) DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER feedback_feature_counted AFTER UPDATE OF feature_id ON feedbacks WHEN old.feature_id IS NOT new.feature_id BEGIN
    UPDATE report_days SET n = n - (SELECT count(*) FROM reports r WHERE r.feedback_id = new.id AND r.at / 86400000 = report_days.day)
      WHERE app_id = new.app_id AND kind = new.kind AND feature_id = coalesce(old.feature_id, '')
        AND day IN (SELECT r.at / 86400000 FROM reports r WHERE r.feedback_id = new.id);
    INSERT INTO report_days (app_id, day, kind, feature_id, org_id, n)
      SELECT new.app_id, r.at / 86400000, new.kind, coalesce(new.feature_id, ''), new.org_id, count(*) FROM reports r WHERE r.feedback_id = new.id
      GROUP BY r.at / 86400000
      ON CONFLICT (app_id, day, kind, feature_id) DO UPDATE SET n = n + excluded.n;
  END;
  `,
  `
  -- The inbox's counts per status, kept by triggers: one row per organization, app, kind, severity,
  -- feature and status, so counting reads a few rows instead of every feedback. Folded feedbacks are
  -- not counted, as the inbox does not show them.
  CREATE TABLE feedback_counts (
    org_id TEXT NOT NULL, app_id TEXT NOT NULL, kind TEXT NOT NULL, severity TEXT NOT NULL, feature_id TEXT NOT NULL, status TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (org_id, app_id, kind, severity, feature_id, status)
  ) WITHOUT ROWID;
  INSERT INTO feedback_counts (org_id, app_id, kind, severity, feature_id, status, n)
    SELECT org_id, app_id, kind, coalesce(severity, ''), coalesce(feature_id, ''), status, count(*) FROM feedbacks WHERE merged_into IS NULL
    GROUP BY 1, 2, 3, 4, 5, 6;
  CREATE TRIGGER feedback_counted AFTER INSERT ON feedbacks WHEN new.merged_into IS NULL BEGIN
    INSERT INTO feedback_counts (org_id, app_id, kind, severity, feature_id, status, n)
      VALUES (new.org_id, new.app_id, new.kind, coalesce(new.severity, ''), coalesce(new.feature_id, ''), new.status, 1)
      ON CONFLICT (org_id, app_id, kind, severity, feature_id, status) DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER feedback_recounted AFTER UPDATE OF org_id, app_id, kind, severity, feature_id, status, merged_into ON feedbacks BEGIN
    UPDATE feedback_counts SET n = n - 1
      WHERE old.merged_into IS NULL AND org_id = old.org_id AND app_id = old.app_id AND kind = old.kind
        AND severity = coalesce(old.severity, '') AND feature_id = coalesce(old.feature_id, '') AND status = old.status;
    INSERT INTO feedback_counts (org_id, app_id, kind, severity, feature_id, status, n)
      SELECT new.org_id, new.app_id, new.kind, coalesce(new.severity, ''), coalesce(new.feature_id, ''), new.status, 1 WHERE new.merged_into IS NULL
      ON CONFLICT (org_id, app_id, kind, severity, feature_id, status) DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER feedback_uncounted AFTER DELETE ON feedbacks WHEN old.merged_into IS NULL BEGIN
    UPDATE feedback_counts SET n = n - 1
      WHERE org_id = old.org_id AND app_id = old.app_id AND kind = old.kind
        AND severity = coalesce(old.severity, '') AND feature_id = coalesce(old.feature_id, '') AND status = old.status;
  END;
  `,
  `
  -- A feedback's status history reads its events: at a million events the page scanned them all.
  CREATE INDEX events_by_feedback ON events (feedback_id);
  `,
  searchInActivityOrder,
  `
  -- Grouping postings by number: each app and each feedback's grouping document gets a small
  -- integer, and a posting is its primary key alone. They repeated two UUIDs per key, in the table
  -- and again in its index: 1,235 of a feedback's 3,888 bytes. Documents are numbered in the order
  -- of their feedback ids, the order the postings were read in (most recent first).
  CREATE TABLE grouping_apps (n INTEGER PRIMARY KEY, app_id TEXT NOT NULL UNIQUE);
  INSERT INTO grouping_apps (app_id) SELECT app_id FROM grouping_docs UNION SELECT app_id FROM grouping_keys;
  CREATE TABLE grouping_documents (n INTEGER PRIMARY KEY, feedback_id TEXT NOT NULL UNIQUE, app_id TEXT NOT NULL, text TEXT NOT NULL, vector TEXT);
  INSERT INTO grouping_documents (feedback_id, app_id, text, vector) SELECT feedback_id, app_id, text, vector FROM grouping_docs ORDER BY feedback_id;
  CREATE TABLE grouping_postings (app INTEGER NOT NULL, key TEXT NOT NULL, doc INTEGER NOT NULL, PRIMARY KEY (app, key, doc)) WITHOUT ROWID;
  INSERT INTO grouping_postings (app, key, doc)
    SELECT a.n, k.key, d.n FROM grouping_keys k JOIN grouping_apps a ON a.app_id = k.app_id JOIN grouping_documents d ON d.feedback_id = k.feedback_id;
  DROP TABLE grouping_keys;
  DROP TABLE grouping_docs;
  ALTER TABLE grouping_documents RENAME TO grouping_docs;
  `,
  `
  -- The list indexes in ascending order, read backwards for the inbox's descending orders. Last
  -- activity only grows, so a descending index took every new entry at the start of its range and
  -- split pages there, leaving them half full (about 500 of a feedback's 2,774 bytes); ascending, a
  -- new entry goes at the end of its range and fills the page it lands on.
  DROP INDEX feedbacks_recent;
  DROP INDEX feedbacks_by_status;
  DROP INDEX feedbacks_by_app;
  DROP INDEX feedbacks_by_feature;
  DROP INDEX feedbacks_by_kind;
  DROP INDEX feedbacks_by_severity;
  DROP INDEX feedbacks_by_reports;
  CREATE INDEX feedbacks_recent ON feedbacks (org_id, last_activity_at, id) WHERE merged_into IS NULL;
  CREATE INDEX feedbacks_by_status ON feedbacks (org_id, status, last_activity_at, id) WHERE merged_into IS NULL;
  CREATE INDEX feedbacks_by_app ON feedbacks (org_id, app_id, status, last_activity_at, id) WHERE merged_into IS NULL;
  CREATE INDEX feedbacks_by_feature ON feedbacks (org_id, feature_id, status, last_activity_at, id)
    WHERE merged_into IS NULL AND feature_id IS NOT NULL;
  CREATE INDEX feedbacks_by_kind ON feedbacks (org_id, kind, status, last_activity_at, id) WHERE merged_into IS NULL;
  CREATE INDEX feedbacks_by_severity ON feedbacks (org_id, severity, status, last_activity_at, id)
    WHERE merged_into IS NULL AND severity IS NOT NULL;
  CREATE INDEX feedbacks_by_reports ON feedbacks (org_id, reports, id) WHERE merged_into IS NULL;
  `,
  `
  -- The inbox sorted by severity, P0 first and none last, is this column descending, read backwards
  -- from its index. Sorted in the query instead, a page took 350 ms at a million feedbacks.
  ALTER TABLE feedbacks ADD COLUMN urgency INTEGER
    GENERATED ALWAYS AS (CASE severity WHEN 'P0' THEN 4 WHEN 'P1' THEN 3 WHEN 'P2' THEN 2 WHEN 'P3' THEN 1 ELSE 0 END) VIRTUAL;
  CREATE INDEX feedbacks_by_urgency ON feedbacks (org_id, urgency, id) WHERE merged_into IS NULL;
  `,
  `
  -- Organizations numbered: the inbox's eight indexes begin with this small integer where they held
  -- the organization's id, 36 bytes of text in every entry (247 bytes a feedback, measured).
  -- Organizations are never deleted, so a number is never given twice.
  ALTER TABLE organizations ADD COLUMN number INTEGER;
  UPDATE organizations SET number = n.number
    FROM (SELECT id, row_number() OVER (ORDER BY rowid) AS number FROM organizations) n WHERE n.id = organizations.id;
  CREATE UNIQUE INDEX organizations_by_number ON organizations (number);
  DROP INDEX feedbacks_recent;
  DROP INDEX feedbacks_by_status;
  DROP INDEX feedbacks_by_app;
  DROP INDEX feedbacks_by_feature;
  DROP INDEX feedbacks_by_kind;
  DROP INDEX feedbacks_by_severity;
  DROP INDEX feedbacks_by_reports;
  DROP INDEX feedbacks_by_urgency;
  ALTER TABLE feedbacks ADD COLUMN org_number INTEGER;
  UPDATE feedbacks SET org_number = (SELECT number FROM organizations o WHERE o.id = feedbacks.org_id);
  CREATE INDEX feedbacks_recent ON feedbacks (org_number, last_activity_at, id) WHERE merged_into IS NULL;
  CREATE INDEX feedbacks_by_status ON feedbacks (org_number, status, last_activity_at, id) WHERE merged_into IS NULL;
  CREATE INDEX feedbacks_by_app ON feedbacks (org_number, app_id, status, last_activity_at, id) WHERE merged_into IS NULL;
  CREATE INDEX feedbacks_by_feature ON feedbacks (org_number, feature_id, status, last_activity_at, id)
    WHERE merged_into IS NULL AND feature_id IS NOT NULL;
  CREATE INDEX feedbacks_by_kind ON feedbacks (org_number, kind, status, last_activity_at, id) WHERE merged_into IS NULL;
  CREATE INDEX feedbacks_by_severity ON feedbacks (org_number, severity, status, last_activity_at, id)
    WHERE merged_into IS NULL AND severity IS NOT NULL;
  CREATE INDEX feedbacks_by_reports ON feedbacks (org_number, reports, id) WHERE merged_into IS NULL;
  CREATE INDEX feedbacks_by_urgency ON feedbacks (org_number, urgency, id) WHERE merged_into IS NULL;
  `,
  `
  -- The outbox keeps an event only while a webhook is to receive it, and status changes as the
  -- history (keptInOutbox): the others, a feedback.created for every report above all, go. Events
  -- are delivered from deliveries, so the index of events not yet dispatched was never read.
  DELETE FROM events WHERE type <> 'feedback.status_changed' AND id NOT IN (SELECT event_id FROM deliveries);
  DROP INDEX events_pending;
  `,
  feedbackRefs,
  `
  -- Reports copied whole, in one pass (SQLite drops a UNIQUE column no other way), 137 bytes
  -- lighter a report: they name their feedback by its number (ref) rather than its id, and leave
  -- out the organization's and the app's ids, which their feedback holds (a merge stays within an
  -- app); a report is tracked by its own id, so status_id is kept only for reports stored before,
  -- whose tracking links name another one, under a partial index. Legacy renaming leaves alone the
  -- triggers of other tables that read reports; the one that counts a feedback's reports by
  -- feature is written again.
  PRAGMA legacy_alter_table = ON;
  DROP TRIGGER feedback_feature_counted;
  CREATE TABLE reports_copied (
    id TEXT PRIMARY KEY, feedback_ref INTEGER NOT NULL, source TEXT NOT NULL, body TEXT NOT NULL,
    language TEXT NOT NULL, conversation TEXT NOT NULL, status_id TEXT, status_token_hash NOT NULL, at INTEGER NOT NULL
  );
  INSERT INTO reports_copied (id, feedback_ref, source, body, language, conversation, status_id, status_token_hash, at)
    SELECT r.id, f.ref, r.source, r.body, r.language, r.conversation, nullif(r.status_id, r.id), r.status_token_hash, r.at
    FROM reports r JOIN feedbacks f ON f.id = r.feedback_id ORDER BY r.rowid;
  DROP TABLE reports;
  ALTER TABLE reports_copied RENAME TO reports;
  PRAGMA legacy_alter_table = OFF;
  CREATE INDEX reports_by_feedback ON reports (feedback_ref, at);
  CREATE UNIQUE INDEX reports_by_status_id ON reports (status_id) WHERE status_id IS NOT NULL;
  CREATE TRIGGER reports_counted AFTER INSERT ON reports BEGIN
    INSERT INTO report_days (app_id, day, kind, feature_id, org_id, n)
      SELECT f.app_id, new.at / 86400000, f.kind, coalesce(f.feature_id, ''), f.org_id, 1 FROM feedbacks f WHERE f.ref = new.feedback_ref
      ON CONFLICT (app_id, day, kind, feature_id) DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER reports_moved_counted AFTER UPDATE OF feedback_ref ON reports WHEN old.feedback_ref <> new.feedback_ref BEGIN
    UPDATE report_days SET n = n - 1
      WHERE (app_id, day, kind, feature_id) = (SELECT f.app_id, old.at / 86400000, f.kind, coalesce(f.feature_id, '') FROM feedbacks f WHERE f.ref = old.feedback_ref);
    INSERT INTO report_days (app_id, day, kind, feature_id, org_id, n)
      SELECT f.app_id, new.at / 86400000, f.kind, coalesce(f.feature_id, ''), f.org_id, 1 FROM feedbacks f WHERE f.ref = new.feedback_ref
      ON CONFLICT (app_id, day, kind, feature_id) DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER feedback_feature_counted AFTER UPDATE OF feature_id ON feedbacks WHEN old.feature_id IS NOT new.feature_id BEGIN
    UPDATE report_days SET n = n - (SELECT count(*) FROM reports r WHERE r.feedback_ref = new.ref AND r.at / 86400000 = report_days.day)
      WHERE app_id = new.app_id AND kind = new.kind AND feature_id = coalesce(old.feature_id, '')
        AND day IN (SELECT r.at / 86400000 FROM reports r WHERE r.feedback_ref = new.ref);
    INSERT INTO report_days (app_id, day, kind, feature_id, org_id, n)
      SELECT new.app_id, r.at / 86400000, new.kind, coalesce(new.feature_id, ''), new.org_id, count(*) FROM reports r WHERE r.feedback_ref = new.ref
      GROUP BY r.at / 86400000
      ON CONFLICT (app_id, day, kind, feature_id) DO UPDATE SET n = n + excluded.n;
  END;
  `,
  `
  -- Key frequencies by the app's number, kept once as their primary key: a rowid table held each
  -- key in its row and again in its index, with the app's id in both.
  CREATE TABLE grouping_df_copied (app INTEGER NOT NULL, key TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (app, key)) WITHOUT ROWID;
  INSERT INTO grouping_df_copied (app, key, n) SELECT a.n, d.key, d.n FROM grouping_df d JOIN grouping_apps a ON a.app_id = d.app_id;
  DROP TABLE grouping_df;
  ALTER TABLE grouping_df_copied RENAME TO grouping_df;
  `,
  `
  -- Apps numbered, as organizations are: the inbox's index by app begins with the app's number
  -- where it held its id, 21 bytes of text in every entry. Apps are never deleted, so a number is
  -- never given twice. Writing a feedback's app number fires no trigger (none watches the column).
  ALTER TABLE apps ADD COLUMN number INTEGER;
  UPDATE apps SET number = n.number FROM (SELECT id, row_number() OVER (ORDER BY rowid) AS number FROM apps) n WHERE n.id = apps.id;
  CREATE UNIQUE INDEX apps_by_number ON apps (number);
  DROP INDEX feedbacks_by_app;
  ALTER TABLE feedbacks ADD COLUMN app_number INTEGER;
  UPDATE feedbacks SET app_number = (SELECT number FROM apps a WHERE a.id = feedbacks.app_id);
  CREATE INDEX feedbacks_by_app ON feedbacks (org_number, app_number, status, last_activity_at, id) WHERE merged_into IS NULL;
  `,
  feedbacksByNumbers,
  `
  -- Grouping keys numbered, and documents numbered by their feedback. A posting held its app's
  -- number, its key's text and its document's number; it now holds a key's number and a feedback's
  -- (about 8 bytes where it took 14, six or seven postings a feedback). A key's number stands for
  -- its app, by the app's own number (grouping_apps numbered apps a second time, and goes), and its
  -- text, with the count of its postings (grouping_df before). A document's number
  -- was its own, given as documents came; its feedback's is given as feedbacks come, so a key's most
  -- recent postings are still its highest numbers, and a document needs no index of its feedback.
  CREATE TABLE grouping_terms (n INTEGER PRIMARY KEY, app INTEGER NOT NULL, key TEXT NOT NULL, df INTEGER NOT NULL, UNIQUE (app, key));
  INSERT INTO grouping_terms (app, key, df)
    SELECT a.number, k.key, max(k.n) FROM (SELECT app, key, n FROM grouping_df UNION ALL SELECT app, key, 0 FROM grouping_postings) k
    JOIN grouping_apps g ON g.n = k.app JOIN apps a ON a.id = g.app_id
    GROUP BY a.number, k.key ORDER BY a.number, k.key;
  CREATE TABLE grouping_postings_copied (term INTEGER NOT NULL, doc INTEGER NOT NULL, PRIMARY KEY (term, doc)) WITHOUT ROWID;
  INSERT OR IGNORE INTO grouping_postings_copied (term, doc)
    SELECT t.n, d.feedback_ref FROM grouping_postings p JOIN grouping_apps g ON g.n = p.app JOIN apps a ON a.id = g.app_id
      JOIN grouping_terms t ON t.app = a.number AND t.key = p.key JOIN grouping_docs d ON d.n = p.doc
    ORDER BY 1, 2;
  CREATE TABLE grouping_docs_copied (feedback_ref INTEGER PRIMARY KEY, text TEXT NOT NULL, vector TEXT, report_id TEXT);
  INSERT INTO grouping_docs_copied (feedback_ref, text, vector, report_id) SELECT feedback_ref, text, vector, report_id FROM grouping_docs ORDER BY feedback_ref;
  DROP TABLE grouping_postings;
  DROP TABLE grouping_docs;
  DROP TABLE grouping_df;
  DROP TABLE grouping_apps;
  ALTER TABLE grouping_postings_copied RENAME TO grouping_postings;
  ALTER TABLE grouping_docs_copied RENAME TO grouping_docs;
  `,
  `
  -- Tracking-token hashes cut to the 128 bits kept since (core/report/tracking-token.ts), which a
  -- token still matches: 16 bytes less a report, once compacted.
  UPDATE reports SET status_token_hash = substr(status_token_hash, 1, 16) WHERE typeof(status_token_hash) = 'blob' AND length(status_token_hash) > 16;
  UPDATE reports SET status_token_hash = substr(status_token_hash, 1, 32) WHERE typeof(status_token_hash) = 'text' AND length(status_token_hash) > 32;
  `,
  `
  -- Attachments carried by their report, which they follow through merges, unmerges and splits:
  -- a file the widget sent is named in its report's body; a file an operator attached goes with the
  -- latest report of its feedback, or, for a feedback grouped into another, of that other one.
  ALTER TABLE attachments ADD COLUMN report_id TEXT;
  UPDATE attachments SET report_id = c.report_id
    FROM (SELECT json_extract(f.value, '$.id') AS attachment_id, r.id AS report_id
      FROM reports r, json_each(r.body, '$.files') f WHERE r.body LIKE '%"files":%') c
    WHERE c.attachment_id = attachments.id;
  UPDATE attachments SET report_id = (
    SELECT r.id FROM reports r JOIN feedbacks f ON f.ref = r.feedback_ref
    WHERE f.id = attachments.feedback_id OR f.id = (SELECT merged_into FROM feedbacks WHERE id = attachments.feedback_id)
    ORDER BY r.at DESC, r.id DESC LIMIT 1
  ) WHERE report_id IS NULL;
  DROP INDEX attachments_by_feedback;
  CREATE INDEX attachments_by_report ON attachments (report_id, created_at);
  `,
];

/**
 * Feedbacks copied whole, in one pass, lighter by about 180 bytes each with their indexes (measured):
 * - `ref` becomes the rowid (INTEGER PRIMARY KEY, which VACUUM keeps), so it needs no index of its own;
 * - the organization and the app are held by their numbers alone, and the key is unique by the
 *   organization's number: their ids took 21 bytes each, and again in the key's index;
 * - the indexes in order of last activity end there, without the id: feedbacks last active in the
 *   same millisecond are sorted by id after they are read (the plan's "temp b-tree for last term"),
 *   which costs nothing for a page unless a millisecond holds many feedbacks. The orders by reports
 *   and by severity keep the id, since most feedbacks tie on them.
 * Dropping the table drops its triggers, written again here; legacy renaming leaves alone those of
 * other tables, which are written again too, as they read the columns that went.
 */
function feedbacksByNumbers(db: Database): void {
  const org = (row: string) => orgIdOf(`${row}.org_number`);
  const app = (row: string) => appIdOf(`${row}.app_number`);
  const document = `coalesce((SELECT ${documentSql("new.words")} FROM feedbacks f WHERE f.ref = new.feedback_ref), '')`;
  const columns = `id, org_number, app_number, key, title, kind, status, severity, feature_id, nature, summary, observed, expected,
    due_at, owner, tracker, reports, created_at, last_activity_at, merged_into, diagnostic`;
  db.exec(`
    PRAGMA legacy_alter_table = ON;
    CREATE TABLE feedbacks_copied (
      ref INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, org_number INTEGER NOT NULL, app_number INTEGER NOT NULL, key TEXT NOT NULL,
      title TEXT NOT NULL, kind TEXT NOT NULL, status TEXT NOT NULL, severity TEXT, feature_id TEXT,
      nature TEXT, summary TEXT, observed TEXT, expected TEXT, due_at INTEGER, owner TEXT, tracker TEXT,
      reports INTEGER NOT NULL, created_at INTEGER NOT NULL, last_activity_at INTEGER NOT NULL, merged_into TEXT, diagnostic TEXT,
      urgency INTEGER GENERATED ALWAYS AS (CASE severity WHEN 'P0' THEN 4 WHEN 'P1' THEN 3 WHEN 'P2' THEN 2 WHEN 'P3' THEN 1 ELSE 0 END) VIRTUAL,
      UNIQUE (org_number, key)
    );
    INSERT INTO feedbacks_copied (ref, ${columns}) SELECT ref, ${columns} FROM feedbacks ORDER BY ref;
    DROP TABLE feedbacks;
    ALTER TABLE feedbacks_copied RENAME TO feedbacks;
    PRAGMA legacy_alter_table = OFF;

    CREATE INDEX feedbacks_recent ON feedbacks (org_number, last_activity_at) WHERE merged_into IS NULL;
    CREATE INDEX feedbacks_by_status ON feedbacks (org_number, status, last_activity_at) WHERE merged_into IS NULL;
    CREATE INDEX feedbacks_by_app ON feedbacks (org_number, app_number, status, last_activity_at) WHERE merged_into IS NULL;
    CREATE INDEX feedbacks_by_feature ON feedbacks (org_number, feature_id, status, last_activity_at)
      WHERE merged_into IS NULL AND feature_id IS NOT NULL;
    CREATE INDEX feedbacks_by_kind ON feedbacks (org_number, kind, status, last_activity_at) WHERE merged_into IS NULL;
    CREATE INDEX feedbacks_by_severity ON feedbacks (org_number, severity, status, last_activity_at)
      WHERE merged_into IS NULL AND severity IS NOT NULL;
    CREATE INDEX feedbacks_by_reports ON feedbacks (org_number, reports, id) WHERE merged_into IS NULL;
    CREATE INDEX feedbacks_by_urgency ON feedbacks (org_number, urgency, id) WHERE merged_into IS NULL;
    CREATE INDEX feedbacks_by_tracker ON feedbacks (org_number, json_extract(tracker, '$.key')) WHERE tracker IS NOT NULL;

    CREATE TRIGGER feedback_counted AFTER INSERT ON feedbacks WHEN new.merged_into IS NULL BEGIN
      INSERT INTO feedback_counts (org_id, app_id, kind, severity, feature_id, status, n)
        VALUES (${org("new")}, ${app("new")}, new.kind, coalesce(new.severity, ''), coalesce(new.feature_id, ''), new.status, 1)
        ON CONFLICT (org_id, app_id, kind, severity, feature_id, status) DO UPDATE SET n = n + 1;
    END;
    CREATE TRIGGER feedback_recounted AFTER UPDATE OF org_number, app_number, kind, severity, feature_id, status, merged_into ON feedbacks BEGIN
      UPDATE feedback_counts SET n = n - 1
        WHERE old.merged_into IS NULL AND org_id = ${org("old")} AND app_id = ${app("old")} AND kind = old.kind
          AND severity = coalesce(old.severity, '') AND feature_id = coalesce(old.feature_id, '') AND status = old.status;
      INSERT INTO feedback_counts (org_id, app_id, kind, severity, feature_id, status, n)
        SELECT ${org("new")}, ${app("new")}, new.kind, coalesce(new.severity, ''), coalesce(new.feature_id, ''), new.status, 1 WHERE new.merged_into IS NULL
        ON CONFLICT (org_id, app_id, kind, severity, feature_id, status) DO UPDATE SET n = n + 1;
    END;
    CREATE TRIGGER feedback_uncounted AFTER DELETE ON feedbacks WHEN old.merged_into IS NULL BEGIN
      UPDATE feedback_counts SET n = n - 1
        WHERE org_id = ${org("old")} AND app_id = ${app("old")} AND kind = old.kind
          AND severity = coalesce(old.severity, '') AND feature_id = coalesce(old.feature_id, '') AND status = old.status;
    END;

    DROP TRIGGER feedback_words_indexed;
    DROP TRIGGER feedback_words_reindexed;
    CREATE TRIGGER feedback_words_indexed AFTER INSERT ON feedback_words BEGIN
      INSERT INTO feedback_search (rowid, body) VALUES (new.doc, ${document});
    END;
    CREATE TRIGGER feedback_words_reindexed AFTER UPDATE ON feedback_words BEGIN
      DELETE FROM feedback_search WHERE rowid = old.doc;
      INSERT INTO feedback_search (rowid, body) VALUES (new.doc, ${document});
    END;
    CREATE TRIGGER feedback_search_moved AFTER UPDATE OF last_activity_at ON feedbacks
      WHEN new.last_activity_at IS NOT old.last_activity_at BEGIN
      UPDATE feedback_words SET doc = ${newDoc("new.last_activity_at")}
        WHERE feedback_ref = new.ref AND doc NOT BETWEEN ${firstDocSql("new.last_activity_at")} AND ${firstDocSql("new.last_activity_at")} + ${DOC_TIES - 1};
    END;
    CREATE TRIGGER feedback_search_refiltered AFTER UPDATE OF org_number, app_number, kind, severity, feature_id, status, merged_into ON feedbacks BEGIN
      UPDATE feedback_words SET doc = doc WHERE feedback_ref = new.ref;
    END;
    CREATE TRIGGER feedback_search_removed AFTER DELETE ON feedbacks BEGIN
      DELETE FROM feedback_words WHERE feedback_ref = old.ref;
    END;

    DROP TRIGGER reports_counted;
    DROP TRIGGER reports_moved_counted;
    CREATE TRIGGER reports_counted AFTER INSERT ON reports BEGIN
      INSERT INTO report_days (app_id, day, kind, feature_id, org_id, n)
        SELECT ${app("f")}, new.at / 86400000, f.kind, coalesce(f.feature_id, ''), ${org("f")}, 1 FROM feedbacks f WHERE f.ref = new.feedback_ref
        ON CONFLICT (app_id, day, kind, feature_id) DO UPDATE SET n = n + 1;
    END;
    CREATE TRIGGER reports_moved_counted AFTER UPDATE OF feedback_ref ON reports WHEN old.feedback_ref <> new.feedback_ref BEGIN
      UPDATE report_days SET n = n - 1
        WHERE (app_id, day, kind, feature_id) = (SELECT ${app("f")}, old.at / 86400000, f.kind, coalesce(f.feature_id, '') FROM feedbacks f WHERE f.ref = old.feedback_ref);
      INSERT INTO report_days (app_id, day, kind, feature_id, org_id, n)
        SELECT ${app("f")}, new.at / 86400000, f.kind, coalesce(f.feature_id, ''), ${org("f")}, 1 FROM feedbacks f WHERE f.ref = new.feedback_ref
        ON CONFLICT (app_id, day, kind, feature_id) DO UPDATE SET n = n + 1;
    END;
    CREATE TRIGGER feedback_feature_counted AFTER UPDATE OF feature_id ON feedbacks WHEN old.feature_id IS NOT new.feature_id BEGIN
      UPDATE report_days SET n = n - (SELECT count(*) FROM reports r WHERE r.feedback_ref = new.ref AND r.at / 86400000 = report_days.day)
        WHERE app_id = ${app("new")} AND kind = new.kind AND feature_id = coalesce(old.feature_id, '')
          AND day IN (SELECT r.at / 86400000 FROM reports r WHERE r.feedback_ref = new.ref);
      INSERT INTO report_days (app_id, day, kind, feature_id, org_id, n)
        SELECT ${app("new")}, r.at / 86400000, new.kind, coalesce(new.feature_id, ''), ${org("new")}, count(*) FROM reports r WHERE r.feedback_ref = new.ref
        GROUP BY r.at / 86400000
        ON CONFLICT (app_id, day, kind, feature_id) DO UPDATE SET n = n + excluded.n;
    END;
  `);
}

/**
 * Feedbacks get a small integer, `ref`, that the search words, the grouping documents (and the
 * reports, next) hold in place of the feedback's id: the id took its 21 bytes and again in each
 * table's unique index. A column of its own rather than the rowid, which VACUUM may renumber. Both tables are copied whole, their numbers kept: the full-text index and the grouping
 * postings name them. Dropping a table fires no trigger, so the full-text index is left as it is.
 */
function feedbackRefs(db: Database): void {
  const document = `coalesce((SELECT ${documentWithIdsSql("new.words")} FROM feedbacks f WHERE f.ref = new.feedback_ref), '')`;
  db.exec(`
    ALTER TABLE feedbacks ADD COLUMN ref INTEGER;
    UPDATE feedbacks SET ref = rowid;
    CREATE UNIQUE INDEX feedbacks_by_ref ON feedbacks (ref);

    DROP TRIGGER feedback_search_moved;
    DROP TRIGGER feedback_search_refiltered;
    DROP TRIGGER feedback_search_removed;
    CREATE TABLE feedback_words_copied (doc INTEGER PRIMARY KEY, feedback_ref INTEGER NOT NULL UNIQUE, words TEXT NOT NULL);
    INSERT INTO feedback_words_copied (doc, feedback_ref, words)
      SELECT w.doc, f.ref, w.words FROM feedback_words w JOIN feedbacks f ON f.id = w.feedback_id ORDER BY w.doc;
    DROP TABLE feedback_words;
    ALTER TABLE feedback_words_copied RENAME TO feedback_words;
    CREATE TRIGGER feedback_words_indexed AFTER INSERT ON feedback_words BEGIN
      INSERT INTO feedback_search (rowid, body) VALUES (new.doc, ${document});
    END;
    CREATE TRIGGER feedback_words_reindexed AFTER UPDATE ON feedback_words BEGIN
      DELETE FROM feedback_search WHERE rowid = old.doc;
      INSERT INTO feedback_search (rowid, body) VALUES (new.doc, ${document});
    END;
    CREATE TRIGGER feedback_words_unindexed AFTER DELETE ON feedback_words BEGIN
      DELETE FROM feedback_search WHERE rowid = old.doc;
    END;
    CREATE TRIGGER feedback_search_moved AFTER UPDATE OF last_activity_at ON feedbacks
      WHEN new.last_activity_at IS NOT old.last_activity_at BEGIN
      UPDATE feedback_words SET doc = ${newDoc("new.last_activity_at")}
        WHERE feedback_ref = new.ref AND doc NOT BETWEEN ${firstDocSql("new.last_activity_at")} AND ${firstDocSql("new.last_activity_at")} + ${DOC_TIES - 1};
    END;
    CREATE TRIGGER feedback_search_refiltered AFTER UPDATE OF org_id, app_id, kind, severity, feature_id, status, merged_into ON feedbacks BEGIN
      UPDATE feedback_words SET doc = doc WHERE feedback_ref = new.ref;
    END;
    CREATE TRIGGER feedback_search_removed AFTER DELETE ON feedbacks BEGIN
      DELETE FROM feedback_words WHERE feedback_ref = old.ref;
    END;

    -- Without the app's id (its feedback's). A document whose text is its feedback's first report as
    -- the grouping job reads it names that report and keeps an empty text (grouping.ts); documents
    -- copied here keep theirs.
    CREATE TABLE grouping_docs_copied (n INTEGER PRIMARY KEY, feedback_ref INTEGER NOT NULL UNIQUE, text TEXT NOT NULL, vector TEXT, report_id TEXT);
    INSERT INTO grouping_docs_copied (n, feedback_ref, text, vector)
      SELECT d.n, f.ref, d.text, d.vector FROM grouping_docs d JOIN feedbacks f ON f.id = d.feedback_id ORDER BY d.n;
    DROP TABLE grouping_docs;
    ALTER TABLE grouping_docs_copied RENAME TO grouping_docs;
  `);
}

/**
 * Search reads one document per feedback in the order of last activity (see search.ts), in place
 * of one document per report in insertion order: a common word's first page no longer reads all
 * its matches. The words of each feedback come from its documents as they were.
 */
function searchInActivityOrder(db: Database): void {
  const document = `coalesce((SELECT ${documentWithIdsSql("new.words")} FROM feedbacks f WHERE f.id = new.feedback_id), '')`;
  db.exec(`
    -- Tokens split at spaces only: the words are folded already, and a prefixed word is one token.
    CREATE VIRTUAL TABLE feedback_search USING fts5 (
      body, content = '', contentless_delete = 1, detail = 'none',
      tokenize = "unicode61 remove_diacritics 0 categories 'L* N* M* P* S* Co Cn Cs Cf'"
    );
    CREATE TABLE feedback_words (doc INTEGER PRIMARY KEY, feedback_id TEXT NOT NULL UNIQUE, words TEXT NOT NULL);
    CREATE TABLE search_vocabulary (word TEXT PRIMARY KEY) WITHOUT ROWID;
    CREATE TRIGGER feedback_words_indexed AFTER INSERT ON feedback_words BEGIN
      INSERT INTO feedback_search (rowid, body) VALUES (new.doc, ${document});
    END;
    CREATE TRIGGER feedback_words_reindexed AFTER UPDATE ON feedback_words BEGIN
      DELETE FROM feedback_search WHERE rowid = old.doc;
      INSERT INTO feedback_search (rowid, body) VALUES (new.doc, ${document});
    END;
    CREATE TRIGGER feedback_words_unindexed AFTER DELETE ON feedback_words BEGIN
      DELETE FROM feedback_search WHERE rowid = old.doc;
    END;
    -- A doc already in the new millisecond (a merge writes words and doc in one statement) stays.
    CREATE TRIGGER feedback_search_moved AFTER UPDATE OF last_activity_at ON feedbacks
      WHEN new.last_activity_at IS NOT old.last_activity_at BEGIN
      UPDATE feedback_words SET doc = ${newDoc("new.last_activity_at")}
        WHERE feedback_id = new.id AND doc NOT BETWEEN ${firstDocSql("new.last_activity_at")} AND ${firstDocSql("new.last_activity_at")} + ${DOC_TIES - 1};
    END;
    CREATE TRIGGER feedback_search_refiltered AFTER UPDATE OF org_id, app_id, kind, severity, feature_id, status, merged_into ON feedbacks BEGIN
      UPDATE feedback_words SET doc = doc WHERE feedback_id = new.id;
    END;
    CREATE TRIGGER feedback_search_removed AFTER DELETE ON feedbacks BEGIN
      DELETE FROM feedback_words WHERE feedback_id = old.id;
    END;
  `);
  const feedbacks = db.query<{ id: string; text: string }, []>(
    `SELECT f.id, f.key || ' ' || f.title || ' ' || coalesce((SELECT group_concat(s.body, ' ')
       FROM search_docs d JOIN search s ON s.rowid = d.rowid WHERE d.feedback_id = f.id), '') AS text FROM feedbacks f`,
  );
  // Written here as that release did, the feedbacks named by id (feedbackRefs numbers them later).
  const insert = db.query(
    `INSERT INTO feedback_words (doc, feedback_id, words) SELECT ${newDoc("f.last_activity_at")}, f.id, ?2 FROM feedbacks f WHERE f.id = ?1`,
  );
  const remember = db.query("INSERT OR IGNORE INTO search_vocabulary (word) SELECT value FROM json_each(?)");
  for (const f of feedbacks.iterate()) {
    const words = feedbackWords(f.text);
    insert.run(f.id, words.join(" "));
    if (words.length) remember.run(JSON.stringify(words));
  }
  db.exec(`
    DROP TABLE search;
    DROP TABLE search_docs;
    ALTER TABLE merges DROP COLUMN search_rowids;
  `);
}

/**
 * A feedback's search document as the triggers wrote it while feedback rows held their
 * organization's and app's ids (documentSql, before migration 28), for the migrations of then.
 */
function documentWithIdsSql(words: string): string {
  const scoped = `char(57344) || hex(f.org_id) || '.' || hex(f.status) || '.'`;
  const tokens = [
    ["k", "f.kind"],
    ["v", "coalesce(f.severity, '')"],
    ["a", "f.app_id"],
    ["f", "coalesce(f.feature_id, '')"],
  ].map(([letter, column]) => `' ' || char(57344) || '${letter}' || hex(${column})`);
  return `CASE WHEN f.merged_into IS NULL AND ${words} <> '' THEN ${scoped} || replace(${words}, ' ', ' ' || ${scoped}) || ${tokens.join(" || ")} ELSE '' END`;
}
