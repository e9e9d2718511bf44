import { REPORT_DAYS_FOLLOW_KIND } from "../schema/triggers.ts";

/**
 * The team's daily tool: a feedback's tags (a JSON array of names, as the organization spells
 * them), the organization's tags, lists by owner, and organization API keys, stored hashed like
 * access tokens. A change of kind moves the feedback's report days, as a change of feature does.
 * Who is asking: a feedback's revenue, the monthly spend of the companies behind its reports, kept
 * by triggers as reports come and move, for the list's order by revenue.
 */
export default `
ALTER TABLE feedbacks ADD COLUMN tags TEXT;
ALTER TABLE feedbacks ADD COLUMN revenue REAL NOT NULL DEFAULT 0;
CREATE INDEX feedbacks_by_revenue ON feedbacks (org_number, revenue, id) WHERE merged_into IS NULL;
CREATE INDEX feedbacks_by_owner ON feedbacks (org_number, owner, last_activity_at) WHERE merged_into IS NULL AND owner IS NOT NULL;
CREATE TABLE tags (org_id TEXT NOT NULL, name TEXT NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (org_id, name)) WITHOUT ROWID;
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, name TEXT NOT NULL, key_hash TEXT NOT NULL UNIQUE, scopes TEXT NOT NULL,
  created_at INTEGER NOT NULL, last_used_at INTEGER, revoked_at INTEGER
);
CREATE INDEX api_keys_by_org ON api_keys (org_id, created_at);
${REPORT_DAYS_FOLLOW_KIND}
CREATE TRIGGER report_revenue_added AFTER INSERT ON reports WHEN json_extract(new.body, '$.author.company.id') IS NOT NULL BEGIN
  UPDATE feedbacks SET revenue = (SELECT coalesce(sum(spend), 0) FROM (
    SELECT json_extract(r.body, '$.author.company.monthlySpend') AS spend, max(r.at) FROM reports r
    WHERE r.feedback_ref = feedbacks.ref AND json_extract(r.body, '$.author.company.id') IS NOT NULL GROUP BY json_extract(r.body, '$.author.company.id'))) WHERE ref = new.feedback_ref;
END;
CREATE TRIGGER report_revenue_moved AFTER UPDATE OF feedback_ref ON reports
  WHEN old.feedback_ref <> new.feedback_ref AND json_extract(new.body, '$.author.company.id') IS NOT NULL BEGIN
  UPDATE feedbacks SET revenue = (SELECT coalesce(sum(spend), 0) FROM (
    SELECT json_extract(r.body, '$.author.company.monthlySpend') AS spend, max(r.at) FROM reports r
    WHERE r.feedback_ref = feedbacks.ref AND json_extract(r.body, '$.author.company.id') IS NOT NULL GROUP BY json_extract(r.body, '$.author.company.id'))) WHERE ref IN (old.feedback_ref, new.feedback_ref);
END;
CREATE TRIGGER report_revenue_removed AFTER DELETE ON reports WHEN json_extract(old.body, '$.author.company.id') IS NOT NULL BEGIN
  UPDATE feedbacks SET revenue = (SELECT coalesce(sum(spend), 0) FROM (
    SELECT json_extract(r.body, '$.author.company.monthlySpend') AS spend, max(r.at) FROM reports r
    WHERE r.feedback_ref = feedbacks.ref AND json_extract(r.body, '$.author.company.id') IS NOT NULL GROUP BY json_extract(r.body, '$.author.company.id'))) WHERE ref = old.feedback_ref;
END;
`;
