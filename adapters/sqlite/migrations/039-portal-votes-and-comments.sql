-- The portal's `top` order is votes, then reports: each publication keeps a copy of its feedback's
-- votes, which the trigger keeps in step as it does the other copies, and `top` reads one index.
ALTER TABLE publications ADD COLUMN votes INTEGER NOT NULL DEFAULT 0;
UPDATE publications SET votes = (SELECT f.votes FROM feedbacks f WHERE f.id = publications.feedback_id);
DROP INDEX publications_top;
CREATE INDEX publications_top ON publications (org_id, listed, votes, reports, feedback_id);
DROP TRIGGER publications_follow_feedback;
CREATE TRIGGER publications_follow_feedback AFTER UPDATE OF status, kind, app_number, reports, votes, last_activity_at, merged_into ON feedbacks BEGIN
  UPDATE publications SET status = new.status, kind = new.kind, app_id = (SELECT id FROM apps WHERE number = new.app_number), reports = new.reports,
    votes = new.votes, last_activity_at = new.last_activity_at, listed = new.merged_into IS NULL
    WHERE feedback_id = new.id;
END;
-- A comment a person signed in on the portal wrote names them (never a team member's user id).
ALTER TABLE comments ADD COLUMN person_email TEXT;
ALTER TABLE comments ADD COLUMN person_name TEXT;
