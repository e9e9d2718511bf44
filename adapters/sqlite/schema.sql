-- The schema of a fresh SQLite store, written by `bun adapters/sqlite/dump-schema.ts`: never edited by hand,
-- it changes with a new migration (README, "The SQLite schema and adding a migration").
PRAGMA user_version = 64;

CREATE TABLE "agents" (
  id TEXT PRIMARY KEY, client_id TEXT NOT NULL, user_id TEXT NOT NULL, org_id TEXT NOT NULL,
  scopes TEXT NOT NULL, resource TEXT NOT NULL, created_at INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL, revoked_at INTEGER
);
CREATE INDEX agents_by_org ON agents (org_id, user_id);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, name TEXT NOT NULL, key_hash TEXT NOT NULL UNIQUE, scopes TEXT NOT NULL,
  created_at INTEGER NOT NULL, last_used_at INTEGER, revoked_at INTEGER
);
CREATE INDEX api_keys_by_org ON api_keys (org_id, created_at);

CREATE TABLE app_trackers (app_id TEXT PRIMARY KEY, org_id TEXT NOT NULL, provider TEXT NOT NULL, settings_sealed TEXT NOT NULL, project TEXT NOT NULL, last_failure TEXT);
CREATE INDEX app_trackers_by_project ON app_trackers (provider, project);

CREATE TABLE apps (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL,
  description TEXT, version TEXT
, browser TEXT, grouping_mode TEXT, number INTEGER);
CREATE UNIQUE INDEX apps_by_number ON apps (number);
CREATE INDEX apps_by_org ON apps (org_id, name);
CREATE TRIGGER apps_delete_moves_catalog AFTER DELETE ON apps BEGIN UPDATE catalog_version SET n = n + 1; END;
CREATE TRIGGER apps_insert_moves_catalog AFTER INSERT ON apps BEGIN UPDATE catalog_version SET n = n + 1; END;
CREATE TRIGGER apps_update_moves_catalog AFTER UPDATE ON apps BEGIN UPDATE catalog_version SET n = n + 1; END;

CREATE TABLE attachments (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, feedback_id TEXT NOT NULL, kind TEXT NOT NULL,
  storage_key TEXT NOT NULL, content_type TEXT NOT NULL, created_at INTEGER NOT NULL
, report_id TEXT);
CREATE INDEX attachments_by_report ON attachments (report_id, created_at);

CREATE TABLE auth_codes (
  code_hash TEXT PRIMARY KEY, client_id TEXT NOT NULL, user_id TEXT NOT NULL, org_id TEXT NOT NULL,
  redirect_uri TEXT NOT NULL, code_challenge TEXT NOT NULL, scopes TEXT NOT NULL, resource TEXT NOT NULL,
  expires_at INTEGER NOT NULL, used_at INTEGER, agent_id TEXT
);

CREATE TABLE catalog_version (n INTEGER NOT NULL);

CREATE TABLE changelog_entries (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, title TEXT NOT NULL, body TEXT NOT NULL, status TEXT NOT NULL,
  published_at INTEGER, feedback_ids TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
);
CREATE INDEX changelog_by_org ON changelog_entries (org_id, status, published_at, created_at);
CREATE TRIGGER changelog_links_deleted AFTER DELETE ON changelog_entries BEGIN
  DELETE FROM changelog_links WHERE entry_id = old.id;
END;
CREATE TRIGGER changelog_links_rewritten AFTER UPDATE OF feedback_ids ON changelog_entries
  WHEN old.feedback_ids IS NOT new.feedback_ids BEGIN
  DELETE FROM changelog_links WHERE entry_id = old.id;
  INSERT OR IGNORE INTO changelog_links (feedback_id, entry_id) SELECT value, new.id FROM json_each(new.feedback_ids);
END;
CREATE TRIGGER changelog_links_written AFTER INSERT ON changelog_entries BEGIN
  INSERT OR IGNORE INTO changelog_links (feedback_id, entry_id) SELECT value, new.id FROM json_each(new.feedback_ids);
END;

CREATE TABLE changelog_links (feedback_id TEXT NOT NULL, entry_id TEXT NOT NULL, PRIMARY KEY (feedback_id, entry_id)) WITHOUT ROWID;
CREATE INDEX changelog_links_by_entry ON changelog_links (entry_id);

CREATE TABLE channels (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, app_id TEXT NOT NULL, kind TEXT NOT NULL,
  key TEXT NOT NULL UNIQUE, active INTEGER NOT NULL
);
CREATE INDEX channels_by_app ON channels (org_id, app_id);
CREATE TRIGGER channels_delete_moves_catalog AFTER DELETE ON channels BEGIN UPDATE catalog_version SET n = n + 1; END;
CREATE TRIGGER channels_insert_moves_catalog AFTER INSERT ON channels BEGIN UPDATE catalog_version SET n = n + 1; END;
CREATE TRIGGER channels_update_moves_catalog AFTER UPDATE ON channels BEGIN UPDATE catalog_version SET n = n + 1; END;

CREATE TABLE comments (
  id TEXT PRIMARY KEY, feedback_id TEXT NOT NULL, user_id TEXT NOT NULL, text TEXT NOT NULL,
  status_from TEXT NOT NULL, status_to TEXT NOT NULL, at INTEGER NOT NULL
, report_id TEXT, visibility TEXT NOT NULL DEFAULT 'internal', person_email TEXT, person_name TEXT);
CREATE INDEX comments_by_feedback ON comments (feedback_id, at);

CREATE TABLE deliveries (
  id INTEGER PRIMARY KEY AUTOINCREMENT, webhook_id TEXT NOT NULL, event_id TEXT NOT NULL,
  attempt INTEGER NOT NULL DEFAULT 0, run_at INTEGER NOT NULL, lease_token TEXT,
  state TEXT NOT NULL DEFAULT 'pending'
);
CREATE INDEX deliveries_by_webhook ON deliveries (webhook_id);
CREATE INDEX deliveries_due ON deliveries (run_at) WHERE state = 'pending';

CREATE TABLE digest_runs (org_id TEXT NOT NULL, day TEXT NOT NULL, PRIMARY KEY (org_id, day)) WITHOUT ROWID;

CREATE TABLE events (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, feedback_id TEXT NOT NULL, type TEXT NOT NULL,
  previous_status TEXT, created_at INTEGER NOT NULL, dispatched_at INTEGER
, related_id TEXT, actor_id TEXT);
CREATE INDEX events_by_feedback ON events (feedback_id);

CREATE TABLE features (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, app_id TEXT NOT NULL, name TEXT NOT NULL, path TEXT NOT NULL,
  kind TEXT, severity_floor TEXT, cues TEXT, code TEXT
);
CREATE INDEX features_by_app ON features (org_id, app_id, path);

CREATE TABLE feedback_counts (
  org_id TEXT NOT NULL, app_id TEXT NOT NULL, kind TEXT NOT NULL, severity TEXT NOT NULL, feature_id TEXT NOT NULL, status TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (org_id, app_id, kind, severity, feature_id, status)
) WITHOUT ROWID;

CREATE VIRTUAL TABLE feedback_search USING fts5 (
      body, content = '', contentless_delete = 1, detail = 'none',
      tokenize = "unicode61 remove_diacritics 0 categories 'L* N* M* P* S* Co Cn Cs Cf'"
    );

CREATE TABLE feedback_tag_counts (
  org_number INTEGER NOT NULL, tag TEXT NOT NULL, status TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (org_number, tag, status)
) WITHOUT ROWID;

CREATE TABLE feedback_tags (
  feedback_ref INTEGER NOT NULL, org_number INTEGER NOT NULL, tag TEXT NOT NULL, status TEXT NOT NULL, last_activity_at INTEGER NOT NULL,
  PRIMARY KEY (feedback_ref, tag)
) WITHOUT ROWID;
CREATE INDEX feedback_tags_by_tag ON feedback_tags (org_number, tag, status, last_activity_at);
CREATE TRIGGER feedback_tag_counted AFTER INSERT ON feedback_tags BEGIN
  INSERT INTO feedback_tag_counts (org_number, tag, status, n) VALUES (new.org_number, new.tag, new.status, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER feedback_tag_uncounted AFTER DELETE ON feedback_tags BEGIN
  UPDATE feedback_tag_counts SET n = n - 1 WHERE org_number = old.org_number AND tag = old.tag AND status = old.status;
END;

CREATE TABLE "feedback_words" (doc INTEGER PRIMARY KEY, feedback_ref INTEGER NOT NULL UNIQUE, words TEXT NOT NULL);
CREATE TRIGGER feedback_words_indexed AFTER INSERT ON feedback_words BEGIN
  INSERT INTO feedback_search (rowid, body) VALUES (new.doc, coalesce((SELECT CASE WHEN f.merged_into IS NULL AND new.words <> '' THEN char(57344) || hex((SELECT id FROM organizations WHERE number = f.org_number)) || '.' || hex(f.status) || '.' || replace(new.words, ' ', ' ' || char(57344) || hex((SELECT id FROM organizations WHERE number = f.org_number)) || '.' || hex(f.status) || '.') || ' ' || char(57344) || 'k' || hex(f.kind) || ' ' || char(57344) || 'v' || hex(coalesce(f.severity, '')) || ' ' || char(57344) || 'a' || hex((SELECT id FROM apps WHERE number = f.app_number)) || ' ' || char(57344) || 'f' || hex(coalesce(f.feature_id, '')) ELSE '' END FROM feedbacks f WHERE f.ref = new.feedback_ref), ''));
END;
CREATE TRIGGER feedback_words_reindexed AFTER UPDATE ON feedback_words BEGIN
  DELETE FROM feedback_search WHERE rowid = old.doc;
  INSERT INTO feedback_search (rowid, body) VALUES (new.doc, coalesce((SELECT CASE WHEN f.merged_into IS NULL AND new.words <> '' THEN char(57344) || hex((SELECT id FROM organizations WHERE number = f.org_number)) || '.' || hex(f.status) || '.' || replace(new.words, ' ', ' ' || char(57344) || hex((SELECT id FROM organizations WHERE number = f.org_number)) || '.' || hex(f.status) || '.') || ' ' || char(57344) || 'k' || hex(f.kind) || ' ' || char(57344) || 'v' || hex(coalesce(f.severity, '')) || ' ' || char(57344) || 'a' || hex((SELECT id FROM apps WHERE number = f.app_number)) || ' ' || char(57344) || 'f' || hex(coalesce(f.feature_id, '')) ELSE '' END FROM feedbacks f WHERE f.ref = new.feedback_ref), ''));
END;
CREATE TRIGGER feedback_words_unindexed AFTER DELETE ON feedback_words BEGIN
  DELETE FROM feedback_search WHERE rowid = old.doc;
END;

CREATE TABLE "feedbacks" (
  ref INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, org_number INTEGER NOT NULL, app_number INTEGER NOT NULL, key TEXT NOT NULL,
  title TEXT NOT NULL, kind TEXT NOT NULL, status TEXT NOT NULL, severity TEXT, feature_id TEXT,
  nature TEXT, summary TEXT, observed TEXT, expected TEXT, due_at INTEGER, owner TEXT, tracker TEXT,
  reports INTEGER NOT NULL, created_at INTEGER NOT NULL, last_activity_at INTEGER NOT NULL, merged_into TEXT, diagnostic TEXT,
  urgency INTEGER GENERATED ALWAYS AS (CASE severity WHEN 'P0' THEN 4 WHEN 'P1' THEN 3 WHEN 'P2' THEN 2 WHEN 'P3' THEN 1 ELSE 0 END) VIRTUAL, votes INTEGER NOT NULL DEFAULT 0, tags TEXT, revenue REAL NOT NULL DEFAULT 0, portal_reports INTEGER NOT NULL DEFAULT 0, tracker_opening_until INTEGER,
  UNIQUE (org_number, key)
);
CREATE INDEX feedbacks_by_app ON feedbacks (org_number, app_number, status, last_activity_at) WHERE merged_into IS NULL;
CREATE INDEX feedbacks_by_due ON feedbacks (org_number, due_at, id DESC, status, merged_into)
  WHERE merged_into IS NULL AND due_at IS NOT NULL;
CREATE INDEX feedbacks_by_feature ON feedbacks (org_number, feature_id, status, last_activity_at)
  WHERE merged_into IS NULL AND feature_id IS NOT NULL;
CREATE INDEX feedbacks_by_kind ON feedbacks (org_number, kind, status, last_activity_at) WHERE merged_into IS NULL;
CREATE INDEX feedbacks_by_merged_into ON feedbacks (merged_into) WHERE merged_into IS NOT NULL;
CREATE INDEX feedbacks_by_owner ON feedbacks (org_number, owner, last_activity_at, status, merged_into)
  WHERE merged_into IS NULL AND owner IS NOT NULL;
CREATE INDEX feedbacks_by_reports ON feedbacks (org_number, reports, id) WHERE merged_into IS NULL;
CREATE INDEX feedbacks_by_revenue ON feedbacks (org_number, revenue, id) WHERE merged_into IS NULL;
CREATE INDEX feedbacks_by_severity ON feedbacks (org_number, severity, status, last_activity_at)
  WHERE merged_into IS NULL AND severity IS NOT NULL;
CREATE INDEX feedbacks_by_status ON feedbacks (org_number, status, last_activity_at) WHERE merged_into IS NULL;
CREATE INDEX feedbacks_by_tracker ON feedbacks (org_number, json_extract(tracker, '$.key')) WHERE tracker IS NOT NULL;
CREATE INDEX feedbacks_by_urgency ON feedbacks (org_number, urgency, id) WHERE merged_into IS NULL;
CREATE INDEX feedbacks_by_votes ON feedbacks (org_number, votes, id) WHERE merged_into IS NULL;
CREATE INDEX feedbacks_posted ON feedbacks (org_number, status, id, portal_reports, merged_into) WHERE portal_reports > 0 AND merged_into IS NULL;
CREATE INDEX feedbacks_posted_recent ON feedbacks (org_number, last_activity_at, id, status, portal_reports, merged_into)
  WHERE portal_reports > 0 AND merged_into IS NULL;
CREATE INDEX feedbacks_recent ON feedbacks (org_number, last_activity_at) WHERE merged_into IS NULL;
CREATE TRIGGER feedback_counted AFTER INSERT ON feedbacks WHEN new.merged_into IS NULL BEGIN
  INSERT INTO feedback_counts (org_id, app_id, kind, severity, feature_id, status, n)
    VALUES ((SELECT id FROM organizations WHERE number = new.org_number), (SELECT id FROM apps WHERE number = new.app_number), new.kind, coalesce(new.severity, ''), coalesce(new.feature_id, ''), new.status, 1)
    ON CONFLICT (org_id, app_id, kind, severity, feature_id, status) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER feedback_feature_counted AFTER UPDATE OF feature_id ON feedbacks WHEN old.feature_id IS NOT new.feature_id BEGIN
  UPDATE report_days SET n = n - (SELECT count(*) FROM reports r WHERE r.feedback_ref = new.ref AND r.at / 86400000 = report_days.day)
    WHERE app_id = (SELECT id FROM apps WHERE number = new.app_number) AND kind = new.kind AND feature_id = coalesce(old.feature_id, '')
      AND day IN (SELECT r.at / 86400000 FROM reports r WHERE r.feedback_ref = new.ref);
  INSERT INTO report_days (app_id, day, kind, feature_id, org_id, n)
    SELECT (SELECT id FROM apps WHERE number = new.app_number), r.at / 86400000, new.kind, coalesce(new.feature_id, ''), (SELECT id FROM organizations WHERE number = new.org_number), count(*) FROM reports r WHERE r.feedback_ref = new.ref
    GROUP BY r.at / 86400000
    ON CONFLICT (app_id, day, kind, feature_id) DO UPDATE SET n = n + excluded.n;
END;
CREATE TRIGGER feedback_kind_counted AFTER UPDATE OF kind ON feedbacks WHEN old.kind IS NOT new.kind BEGIN
  UPDATE report_days SET n = n - (SELECT count(*) FROM reports r WHERE r.feedback_ref = new.ref AND r.at / 86400000 = report_days.day)
    WHERE app_id = (SELECT id FROM apps WHERE number = new.app_number) AND kind = old.kind AND feature_id = coalesce(new.feature_id, '')
      AND day IN (SELECT r.at / 86400000 FROM reports r WHERE r.feedback_ref = new.ref);
  INSERT INTO report_days (app_id, day, kind, feature_id, org_id, n)
    SELECT (SELECT id FROM apps WHERE number = new.app_number), r.at / 86400000, new.kind, coalesce(new.feature_id, ''), (SELECT id FROM organizations WHERE number = new.org_number), count(*) FROM reports r WHERE r.feedback_ref = new.ref
    GROUP BY r.at / 86400000
    ON CONFLICT (app_id, day, kind, feature_id) DO UPDATE SET n = n + excluded.n;
END;
CREATE TRIGGER feedback_recounted AFTER UPDATE OF org_number, app_number, kind, severity, feature_id, status, merged_into ON feedbacks WHEN old.org_number IS NOT new.org_number OR old.app_number IS NOT new.app_number OR old.kind IS NOT new.kind OR old.severity IS NOT new.severity OR old.feature_id IS NOT new.feature_id OR old.status IS NOT new.status OR old.merged_into IS NOT new.merged_into BEGIN
  UPDATE feedback_counts SET n = n - 1
    WHERE old.merged_into IS NULL AND org_id = (SELECT id FROM organizations WHERE number = old.org_number) AND app_id = (SELECT id FROM apps WHERE number = old.app_number) AND kind = old.kind
      AND severity = coalesce(old.severity, '') AND feature_id = coalesce(old.feature_id, '') AND status = old.status;
  INSERT INTO feedback_counts (org_id, app_id, kind, severity, feature_id, status, n)
    SELECT (SELECT id FROM organizations WHERE number = new.org_number), (SELECT id FROM apps WHERE number = new.app_number), new.kind, coalesce(new.severity, ''), coalesce(new.feature_id, ''), new.status, 1 WHERE new.merged_into IS NULL
    ON CONFLICT (org_id, app_id, kind, severity, feature_id, status) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER feedback_search_moved AFTER UPDATE OF last_activity_at ON feedbacks
  WHEN new.last_activity_at IS NOT old.last_activity_at BEGIN
  UPDATE feedback_words SET doc = coalesce((SELECT max(doc) + 1 FROM feedback_words WHERE doc BETWEEN ((new.last_activity_at - 1577836800000) * 4194304) AND ((new.last_activity_at - 1577836800000) * 4194304) + 4194303), ((new.last_activity_at - 1577836800000) * 4194304))
    WHERE feedback_ref = new.ref AND doc NOT BETWEEN ((new.last_activity_at - 1577836800000) * 4194304) AND ((new.last_activity_at - 1577836800000) * 4194304) + 4194303;
END;
CREATE TRIGGER feedback_search_refiltered AFTER UPDATE OF org_number, app_number, kind, severity, feature_id, status, merged_into ON feedbacks WHEN old.org_number IS NOT new.org_number OR old.app_number IS NOT new.app_number OR old.kind IS NOT new.kind OR old.severity IS NOT new.severity OR old.feature_id IS NOT new.feature_id OR old.status IS NOT new.status OR old.merged_into IS NOT new.merged_into BEGIN
  UPDATE feedback_words SET doc = doc WHERE feedback_ref = new.ref;
END;
CREATE TRIGGER feedback_search_removed AFTER DELETE ON feedbacks BEGIN
  DELETE FROM feedback_words WHERE feedback_ref = old.ref;
END;
CREATE TRIGGER feedback_tags_added AFTER INSERT ON feedbacks WHEN new.tags IS NOT NULL AND new.merged_into IS NULL BEGIN
  INSERT OR IGNORE INTO feedback_tags (feedback_ref, org_number, tag, status, last_activity_at)
    SELECT new.ref, new.org_number, value, new.status, new.last_activity_at FROM json_each(new.tags);
END;
CREATE TRIGGER feedback_tags_follow AFTER UPDATE OF org_number, tags, status, last_activity_at, merged_into ON feedbacks
  WHEN (old.tags IS NOT NULL OR new.tags IS NOT NULL) AND (old.org_number IS NOT new.org_number OR old.tags IS NOT new.tags OR old.status IS NOT new.status OR old.last_activity_at IS NOT new.last_activity_at OR old.merged_into IS NOT new.merged_into) BEGIN
  DELETE FROM feedback_tags WHERE feedback_ref = old.ref;
  INSERT OR IGNORE INTO feedback_tags (feedback_ref, org_number, tag, status, last_activity_at)
    SELECT new.ref, new.org_number, value, new.status, new.last_activity_at FROM json_each(new.tags) WHERE new.merged_into IS NULL;
END;
CREATE TRIGGER feedback_tags_removed AFTER DELETE ON feedbacks WHEN old.tags IS NOT NULL BEGIN
  DELETE FROM feedback_tags WHERE feedback_ref = old.ref;
END;
CREATE TRIGGER feedback_uncounted AFTER DELETE ON feedbacks WHEN old.merged_into IS NULL BEGIN
  UPDATE feedback_counts SET n = n - 1
    WHERE org_id = (SELECT id FROM organizations WHERE number = old.org_number) AND app_id = (SELECT id FROM apps WHERE number = old.app_number) AND kind = old.kind
      AND severity = coalesce(old.severity, '') AND feature_id = coalesce(old.feature_id, '') AND status = old.status;
END;
CREATE TRIGGER publications_follow_feedback AFTER UPDATE OF status, kind, app_number, reports, votes, last_activity_at, merged_into ON feedbacks WHEN old.status IS NOT new.status OR old.kind IS NOT new.kind OR old.app_number IS NOT new.app_number OR old.reports IS NOT new.reports OR old.votes IS NOT new.votes OR old.last_activity_at IS NOT new.last_activity_at OR old.merged_into IS NOT new.merged_into BEGIN
  UPDATE publications SET status = new.status, kind = new.kind, app_id = (SELECT id FROM apps WHERE number = new.app_number), reports = new.reports,
    votes = new.votes, last_activity_at = new.last_activity_at, listed = new.merged_into IS NULL
    WHERE feedback_id = new.id;
END;
CREATE TRIGGER publications_leave_with_feedback AFTER DELETE ON feedbacks BEGIN
  DELETE FROM publications WHERE feedback_id = old.id;
END;

CREATE TABLE followers (
  feedback_id TEXT NOT NULL, email TEXT NOT NULL, name TEXT, language TEXT NOT NULL, tracking_sealed TEXT,
  PRIMARY KEY (feedback_id, email)
);

CREATE TABLE "grouping_docs" (feedback_ref INTEGER PRIMARY KEY, text TEXT NOT NULL, vector TEXT, report_id TEXT);

CREATE TABLE "grouping_postings" (term INTEGER NOT NULL, doc INTEGER NOT NULL, PRIMARY KEY (term, doc)) WITHOUT ROWID;

CREATE TABLE grouping_terms (n INTEGER PRIMARY KEY, app INTEGER NOT NULL, key TEXT NOT NULL, df INTEGER NOT NULL, UNIQUE (app, key));

CREATE TABLE help_articles (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, app_id TEXT NOT NULL, title TEXT NOT NULL, url TEXT NOT NULL, body TEXT NOT NULL
);
CREATE INDEX help_articles_by_app ON help_articles (org_id, app_id);

CREATE TABLE "idempotency" (
  scope TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, response TEXT NOT NULL, expires_at INTEGER NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_expiry ON idempotency (expires_at);

CREATE TABLE invitations (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, email TEXT NOT NULL, role TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE, link_sealed TEXT NOT NULL, language TEXT NOT NULL, invited_by TEXT NOT NULL,
  created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, used_at INTEGER, revoked_at INTEGER
);
CREATE INDEX invitations_pending ON invitations (org_id, created_at) WHERE used_at IS NULL AND revoked_at IS NULL;

CREATE TABLE jobs (
  id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, org_id TEXT NOT NULL, feedback_id TEXT NOT NULL,
  run_at INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, lease_token TEXT, lease_until INTEGER,
  last_error TEXT
, detail TEXT);
CREATE INDEX jobs_due ON jobs (run_at);

CREATE TABLE memberships (
  org_id TEXT NOT NULL, user_id TEXT NOT NULL, role TEXT NOT NULL,
  PRIMARY KEY (org_id, user_id)
);

CREATE TABLE merges (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, app_id TEXT NOT NULL, source_id TEXT NOT NULL, target_id TEXT NOT NULL,
  by TEXT, score REAL, at INTEGER NOT NULL, report_ids TEXT NOT NULL, added_followers TEXT NOT NULL,
  target_before TEXT NOT NULL, target_after TEXT NOT NULL, undone_at INTEGER, undone_by TEXT
);
CREATE INDEX merges_by_source ON merges (source_id, at);
CREATE INDEX merges_by_target ON merges (target_id, at);

CREATE TABLE notifications (
  feedback_id TEXT NOT NULL, email TEXT NOT NULL, key TEXT NOT NULL, at INTEGER NOT NULL, sent_at INTEGER,
  PRIMARY KEY (feedback_id, email, key)
);

CREATE TABLE oauth_clients (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, redirect_uris TEXT NOT NULL, created_at INTEGER NOT NULL
);

CREATE TABLE organizations (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  key_prefix TEXT NOT NULL UNIQUE,
  plan TEXT NOT NULL,
  quota_override INTEGER,
  next_seq INTEGER NOT NULL DEFAULT 1
, number INTEGER);
CREATE UNIQUE INDEX organizations_by_number ON organizations (number);
CREATE TRIGGER organizations_delete_moves_catalog AFTER DELETE ON organizations BEGIN UPDATE catalog_version SET n = n + 1; END;
CREATE TRIGGER organizations_update_moves_catalog AFTER UPDATE OF name, key_prefix, plan, quota_override ON organizations
  BEGIN UPDATE catalog_version SET n = n + 1; END;

CREATE TABLE password_resets (
  id TEXT PRIMARY KEY, user_id TEXT, token_hash TEXT NOT NULL UNIQUE, link_sealed TEXT NOT NULL,
  language TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, used_at INTEGER
);

CREATE TABLE portal_links (token_hash TEXT PRIMARY KEY, org_id TEXT NOT NULL, email TEXT NOT NULL, expires_at INTEGER NOT NULL);

CREATE TABLE portal_sessions (
  id_hash TEXT PRIMARY KEY, org_id TEXT NOT NULL, email TEXT NOT NULL, name TEXT, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL
);

CREATE TABLE portals (
  org_id TEXT PRIMARY KEY, slug TEXT NOT NULL UNIQUE, enabled INTEGER NOT NULL, title TEXT NOT NULL, posting TEXT NOT NULL,
  indexing INTEGER NOT NULL, status_labels TEXT NOT NULL, brand_color TEXT, sso_secret_sealed TEXT
, sign_in_url TEXT, changed_at INTEGER NOT NULL DEFAULT 0);

CREATE TABLE publication_words (org_id TEXT NOT NULL, word TEXT NOT NULL, feedback_id TEXT NOT NULL, PRIMARY KEY (org_id, word, feedback_id)) WITHOUT ROWID;

CREATE TABLE publications (
  feedback_id TEXT PRIMARY KEY, org_id TEXT NOT NULL, title TEXT NOT NULL, description TEXT, published_at INTEGER NOT NULL, words TEXT NOT NULL,
  status TEXT NOT NULL, kind TEXT NOT NULL, app_id TEXT NOT NULL, reports INTEGER NOT NULL, created_at INTEGER NOT NULL,
  last_activity_at INTEGER NOT NULL, listed INTEGER NOT NULL
, votes INTEGER NOT NULL DEFAULT 0);
CREATE INDEX publications_new ON publications (org_id, listed, created_at, feedback_id);
CREATE INDEX publications_top ON publications (org_id, listed, votes, reports, feedback_id);
CREATE INDEX publications_trending ON publications (org_id, listed, last_activity_at, feedback_id);
CREATE TRIGGER publication_words_added AFTER INSERT ON publications BEGIN
  INSERT OR IGNORE INTO publication_words (org_id, word, feedback_id)
    SELECT new.org_id, value, new.feedback_id FROM json_each('["' || replace(new.words, ' ', '","') || '"]') WHERE value <> '';
END;
CREATE TRIGGER publication_words_changed AFTER UPDATE OF words ON publications WHEN old.words IS NOT new.words BEGIN
  DELETE FROM publication_words WHERE org_id = old.org_id AND feedback_id = old.feedback_id
    AND word IN (SELECT value FROM json_each('["' || replace(old.words, ' ', '","') || '"]'));
  INSERT OR IGNORE INTO publication_words (org_id, word, feedback_id)
    SELECT new.org_id, value, new.feedback_id FROM json_each('["' || replace(new.words, ' ', '","') || '"]') WHERE value <> '';
END;
CREATE TRIGGER publication_words_removed AFTER DELETE ON publications BEGIN
  DELETE FROM publication_words WHERE org_id = old.org_id AND feedback_id = old.feedback_id
    AND word IN (SELECT value FROM json_each('["' || replace(old.words, ' ', '","') || '"]'));
END;

CREATE TABLE qualifications (id TEXT PRIMARY KEY, data TEXT NOT NULL, expires_at INTEGER NOT NULL);
CREATE INDEX qualifications_expiry ON qualifications (expires_at);

CREATE TABLE quota_usage (org_id TEXT NOT NULL, month TEXT NOT NULL, used INTEGER NOT NULL, PRIMARY KEY (org_id, month));

CREATE TABLE rate_counters (bucket TEXT PRIMARY KEY, count INTEGER NOT NULL, expires_at INTEGER NOT NULL);
CREATE INDEX rate_counters_expiry ON rate_counters (expires_at);

CREATE TABLE report_days (
  app_id TEXT NOT NULL, day INTEGER NOT NULL, kind TEXT NOT NULL, feature_id TEXT NOT NULL, org_id TEXT NOT NULL, n INTEGER NOT NULL,
  PRIMARY KEY (app_id, day, kind, feature_id)
) WITHOUT ROWID;

CREATE TABLE "reports" (
  id TEXT PRIMARY KEY, feedback_ref INTEGER NOT NULL, source TEXT NOT NULL, body TEXT NOT NULL,
  language TEXT NOT NULL, conversation TEXT NOT NULL, status_id TEXT, status_token_hash NOT NULL, at INTEGER NOT NULL
);
CREATE INDEX reports_by_feedback ON reports (feedback_ref, at);
CREATE INDEX reports_by_rare_source ON reports (source, feedback_ref) WHERE source NOT IN ('api', 'widget', 'portal');
CREATE UNIQUE INDEX reports_by_status_id ON reports (status_id) WHERE status_id IS NOT NULL;
CREATE TRIGGER portal_report_counted AFTER INSERT ON reports WHEN new.source = 'portal' BEGIN
  UPDATE feedbacks SET portal_reports = portal_reports + 1 WHERE ref = new.feedback_ref;
END;
CREATE TRIGGER portal_report_moved AFTER UPDATE OF feedback_ref, source ON reports
  WHEN old.source = 'portal' OR new.source = 'portal' BEGIN
  UPDATE feedbacks SET portal_reports = portal_reports - 1 WHERE ref = old.feedback_ref AND old.source = 'portal';
  UPDATE feedbacks SET portal_reports = portal_reports + 1 WHERE ref = new.feedback_ref AND new.source = 'portal';
END;
CREATE TRIGGER portal_report_removed AFTER DELETE ON reports WHEN old.source = 'portal' BEGIN
  UPDATE feedbacks SET portal_reports = portal_reports - 1 WHERE ref = old.feedback_ref;
END;
CREATE TRIGGER report_revenue_added AFTER INSERT ON reports WHEN json_extract(new.body, '$.author.company.id') IS NOT NULL BEGIN
  UPDATE feedbacks SET revenue = (SELECT coalesce(sum(spend), 0) FROM (
    SELECT json_extract(r.body, '$.author.company.monthlySpend') AS spend,
      row_number() OVER (PARTITION BY json_extract(r.body, '$.author.company.id') ORDER BY r.at DESC, r.id DESC) AS newest
    FROM reports r WHERE r.feedback_ref = feedbacks.ref AND json_extract(r.body, '$.author.company.id') IS NOT NULL) WHERE newest = 1) WHERE ref = new.feedback_ref;
END;
CREATE TRIGGER report_revenue_moved AFTER UPDATE OF feedback_ref ON reports
  WHEN old.feedback_ref <> new.feedback_ref AND json_extract(new.body, '$.author.company.id') IS NOT NULL BEGIN
  UPDATE feedbacks SET revenue = (SELECT coalesce(sum(spend), 0) FROM (
    SELECT json_extract(r.body, '$.author.company.monthlySpend') AS spend,
      row_number() OVER (PARTITION BY json_extract(r.body, '$.author.company.id') ORDER BY r.at DESC, r.id DESC) AS newest
    FROM reports r WHERE r.feedback_ref = feedbacks.ref AND json_extract(r.body, '$.author.company.id') IS NOT NULL) WHERE newest = 1) WHERE ref IN (old.feedback_ref, new.feedback_ref);
END;
CREATE TRIGGER report_revenue_removed AFTER DELETE ON reports WHEN json_extract(old.body, '$.author.company.id') IS NOT NULL BEGIN
  UPDATE feedbacks SET revenue = (SELECT coalesce(sum(spend), 0) FROM (
    SELECT json_extract(r.body, '$.author.company.monthlySpend') AS spend,
      row_number() OVER (PARTITION BY json_extract(r.body, '$.author.company.id') ORDER BY r.at DESC, r.id DESC) AS newest
    FROM reports r WHERE r.feedback_ref = feedbacks.ref AND json_extract(r.body, '$.author.company.id') IS NOT NULL) WHERE newest = 1) WHERE ref = old.feedback_ref;
END;
CREATE TRIGGER reports_counted AFTER INSERT ON reports BEGIN
  INSERT INTO report_days (app_id, day, kind, feature_id, org_id, n)
    SELECT (SELECT id FROM apps WHERE number = f.app_number), new.at / 86400000, f.kind, coalesce(f.feature_id, ''), (SELECT id FROM organizations WHERE number = f.org_number), 1 FROM feedbacks f WHERE f.ref = new.feedback_ref
    ON CONFLICT (app_id, day, kind, feature_id) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER reports_moved_counted AFTER UPDATE OF feedback_ref ON reports WHEN old.feedback_ref <> new.feedback_ref BEGIN
  UPDATE report_days SET n = n - 1
    WHERE (app_id, day, kind, feature_id) = (SELECT (SELECT id FROM apps WHERE number = f.app_number), old.at / 86400000, f.kind, coalesce(f.feature_id, '') FROM feedbacks f WHERE f.ref = old.feedback_ref);
  INSERT INTO report_days (app_id, day, kind, feature_id, org_id, n)
    SELECT (SELECT id FROM apps WHERE number = f.app_number), new.at / 86400000, f.kind, coalesce(f.feature_id, ''), (SELECT id FROM organizations WHERE number = f.org_number), 1 FROM feedbacks f WHERE f.ref = new.feedback_ref
    ON CONFLICT (app_id, day, kind, feature_id) DO UPDATE SET n = n + 1;
END;

CREATE TABLE saved_views (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, user_id TEXT NOT NULL, name TEXT NOT NULL, query TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX saved_views_by_person ON saved_views (org_id, user_id, created_at);

CREATE TABLE search_pending (ref INTEGER PRIMARY KEY);

CREATE TABLE search_vocabulary (word TEXT PRIMARY KEY) WITHOUT ROWID;

CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id);

CREATE TABLE settings (name TEXT PRIMARY KEY, value BLOB NOT NULL);

CREATE TABLE slack_connections (
  org_id TEXT PRIMARY KEY, secrets_sealed TEXT NOT NULL, app_id TEXT, channel TEXT, kinds TEXT NOT NULL,
  min_severity TEXT, api_url TEXT
, last_failure TEXT, team_id TEXT, enterprise_id TEXT);

CREATE TABLE slack_events (
  org_id TEXT NOT NULL, event_id TEXT NOT NULL, expires_at INTEGER NOT NULL,
  PRIMARY KEY (org_id, event_id)
) WITHOUT ROWID;
CREATE INDEX slack_events_expiry ON slack_events (expires_at);

CREATE TABLE splits (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, app_id TEXT NOT NULL, feedback_id TEXT NOT NULL, report_id TEXT NOT NULL,
  new_feedback TEXT NOT NULL, follower TEXT, by TEXT NOT NULL, at INTEGER NOT NULL, expected_reports INTEGER NOT NULL, remaining TEXT NOT NULL
);
CREATE INDEX splits_by_feedback ON splits (feedback_id, at);
CREATE INDEX splits_by_new_feedback ON splits (org_id, json_extract(new_feedback, '$.id'));

CREATE TABLE suggestions (
  org_id TEXT NOT NULL, app_id TEXT NOT NULL, feedback_id TEXT NOT NULL, similar_id TEXT NOT NULL,
  score REAL NOT NULL, matched TEXT NOT NULL, at INTEGER NOT NULL, dismissed_at INTEGER, dismissed_by TEXT, sure INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (feedback_id, similar_id)
);
CREATE INDEX suggestions_by_similar ON suggestions (similar_id);
CREATE INDEX suggestions_open ON suggestions (org_id, score DESC) WHERE dismissed_at IS NULL;

CREATE TABLE tags (org_id TEXT NOT NULL, name TEXT NOT NULL, created_at INTEGER NOT NULL, color TEXT, PRIMARY KEY (org_id, name)) WITHOUT ROWID;

CREATE TABLE team_settings (user_id TEXT PRIMARY KEY, digest INTEGER NOT NULL, language TEXT NOT NULL);

CREATE TABLE tokens (
  id TEXT PRIMARY KEY, token_hash TEXT NOT NULL UNIQUE, org_id TEXT NOT NULL, user_id TEXT NOT NULL,
  scopes TEXT NOT NULL, label TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER,
  last_used_at INTEGER, revoked_at INTEGER
, kind TEXT NOT NULL DEFAULT 'personal', agent_id TEXT, resource TEXT, used_at INTEGER);
CREATE INDEX tokens_by_agent ON tokens (agent_id);
CREATE INDEX tokens_by_org ON tokens (org_id, created_at);
CREATE INDEX tokens_expiry ON tokens (expires_at);

CREATE TABLE triage_changes (
  id TEXT PRIMARY KEY, feedback_id TEXT NOT NULL, actor_id TEXT NOT NULL, at INTEGER NOT NULL, changes TEXT NOT NULL
);
CREATE INDEX triage_changes_by_actor ON triage_changes (actor_id, at);
CREATE INDEX triage_changes_by_feedback ON triage_changes (feedback_id, at);

CREATE TABLE users (id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, name TEXT, password_hash TEXT);

CREATE TABLE votes (
  feedback_id TEXT NOT NULL, email TEXT NOT NULL, name TEXT, at INTEGER NOT NULL,
  PRIMARY KEY (feedback_id, email)
);

CREATE TABLE webhooks (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, url TEXT NOT NULL, events TEXT NOT NULL,
  secret_sealed TEXT NOT NULL, previous_secret_sealed TEXT, previous_expires_at INTEGER,
  created_at INTEGER NOT NULL, last_delivery TEXT
);
CREATE INDEX webhooks_by_org ON webhooks (org_id, created_at);

INSERT INTO "catalog_version" (n) VALUES (0);
