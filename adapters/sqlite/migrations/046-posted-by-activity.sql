-- The portal's posts to review, in the inbox's order: their index (migration 45) holds them by
-- status, which the count groups by, so a page of them sorted every post (53 ms at 10,000 posts on
-- a million feedbacks). This one holds them in the order of last activity: a page reads about a
-- page of it.
CREATE INDEX feedbacks_posted_recent ON feedbacks (org_number, last_activity_at, id, status, portal_reports, merged_into)
  WHERE portal_reports > 0 AND merged_into IS NULL;
