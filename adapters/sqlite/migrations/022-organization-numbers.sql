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
