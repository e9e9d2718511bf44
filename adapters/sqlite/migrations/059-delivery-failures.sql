-- The last failure of the jobs' calls to each integration (Slack, an app's issue tracker), as JSON
-- {at, error, refused}: the settings show it until a call succeeds. None until one fails.
ALTER TABLE slack_connections ADD COLUMN last_failure TEXT;
ALTER TABLE app_trackers ADD COLUMN last_failure TEXT;
