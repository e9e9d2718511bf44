-- The Slack workspace (and Enterprise Grid organization) an organization's bot token was installed in,
-- as auth.test says: requests signed with the app's one signing secret from another workspace are refused.
-- A connection saved before has neither, and takes any workspace until it is saved again.
ALTER TABLE slack_connections ADD COLUMN team_id TEXT;
ALTER TABLE slack_connections ADD COLUMN enterprise_id TEXT;
