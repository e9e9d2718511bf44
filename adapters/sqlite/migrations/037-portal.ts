import { PUBLICATIONS_LEAVE_WITH_FEEDBACK } from "../schema/triggers.ts";

/**
 * The public portal: one per organization, and the feedbacks the team published on it (comments got
 * their visibility in 033).
 */
export default `
CREATE TABLE portals (
  org_id TEXT PRIMARY KEY, slug TEXT NOT NULL UNIQUE, enabled INTEGER NOT NULL, title TEXT NOT NULL, posting TEXT NOT NULL,
  indexing INTEGER NOT NULL, status_labels TEXT NOT NULL, brand_color TEXT, sso_secret_sealed TEXT
);
-- A publication keeps, beside what the team wrote, a copy of what the public lists filter and sort
-- on (status, kind, app, reports, dates, whether it is merged away), which the trigger below keeps
-- in step with the feedback: a page of a public list is read from one index, in its order, without
-- reading a feedback that is not on it.
CREATE TABLE publications (
  feedback_id TEXT PRIMARY KEY, org_id TEXT NOT NULL, title TEXT NOT NULL, description TEXT, published_at INTEGER NOT NULL, words TEXT NOT NULL,
  status TEXT NOT NULL, kind TEXT NOT NULL, app_id TEXT NOT NULL, reports INTEGER NOT NULL, created_at INTEGER NOT NULL,
  last_activity_at INTEGER NOT NULL, listed INTEGER NOT NULL
);
CREATE INDEX publications_top ON publications (org_id, listed, reports, feedback_id);
CREATE INDEX publications_new ON publications (org_id, listed, created_at, feedback_id);
CREATE INDEX publications_trending ON publications (org_id, listed, last_activity_at, feedback_id);
CREATE TRIGGER publications_follow_feedback AFTER UPDATE OF status, kind, app_number, reports, last_activity_at, merged_into ON feedbacks BEGIN
  UPDATE publications SET status = new.status, kind = new.kind, app_id = (SELECT id FROM apps WHERE number = new.app_number), reports = new.reports,
    last_activity_at = new.last_activity_at, listed = new.merged_into IS NULL
    WHERE feedback_id = new.id;
END;
${PUBLICATIONS_LEAVE_WITH_FEEDBACK}`;
