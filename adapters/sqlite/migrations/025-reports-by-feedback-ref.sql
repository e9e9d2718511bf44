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
