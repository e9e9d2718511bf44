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
