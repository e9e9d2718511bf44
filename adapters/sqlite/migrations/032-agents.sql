-- The table of agents (an OAuth client acting for one person in one organization) was named
-- `grants`, while the core's Grant is whoever a request authenticates as: it is named for what it holds.
ALTER TABLE grants RENAME TO agents;
DROP INDEX grants_by_org;
CREATE INDEX agents_by_org ON agents (org_id, user_id);
ALTER TABLE tokens RENAME COLUMN grant_id TO agent_id;
DROP INDEX tokens_by_grant;
CREATE INDEX tokens_by_agent ON tokens (agent_id);
ALTER TABLE auth_codes RENAME COLUMN grant_id TO agent_id;
