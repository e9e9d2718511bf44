-- The issue tracker of an app: provider and its settings, sealed (they hold an access token).
CREATE TABLE app_trackers (app_id TEXT PRIMARY KEY, org_id TEXT NOT NULL, provider TEXT NOT NULL, settings_sealed TEXT NOT NULL, project TEXT NOT NULL);
CREATE INDEX app_trackers_by_project ON app_trackers (provider, project);
CREATE INDEX feedbacks_by_tracker ON feedbacks (org_id, json_extract(tracker, '$.key')) WHERE tracker IS NOT NULL;
