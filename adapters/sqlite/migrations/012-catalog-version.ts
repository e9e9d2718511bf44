import { CATALOG_VERSION_TRIGGERS } from "../schema/triggers.ts";

export default `
-- A new feedback has neither feature nor severity: these two indexes take it once it has one.
DROP INDEX feedbacks_by_feature;
DROP INDEX feedbacks_by_severity;
CREATE INDEX feedbacks_by_feature ON feedbacks (org_id, feature_id, status, last_activity_at DESC, id DESC)
  WHERE merged_into IS NULL AND feature_id IS NOT NULL;
CREATE INDEX feedbacks_by_severity ON feedbacks (org_id, severity, status, last_activity_at DESC, id DESC)
  WHERE merged_into IS NULL AND severity IS NOT NULL;

-- Servers cache what a channel key opens (channel, app, organization); any change to those rows,
-- by any connection, moves this number, and a cache that sees it move starts again.
CREATE TABLE catalog_version (n INTEGER NOT NULL);
INSERT INTO catalog_version (n) VALUES (0);
${CATALOG_VERSION_TRIGGERS}
`;
