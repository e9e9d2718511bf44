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
