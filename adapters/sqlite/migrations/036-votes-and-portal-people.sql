-- Votes: each person's own vote on the feedback they voted for (never copied by a merge, so an
-- unmerge gives them back exactly), and each feedback's count of the people who voted for it or
-- for a feedback merged into it, each once, kept by the store in the writes that change it.
CREATE TABLE votes (
  feedback_id TEXT NOT NULL, email TEXT NOT NULL, name TEXT, at INTEGER NOT NULL,
  PRIMARY KEY (feedback_id, email)
);
ALTER TABLE feedbacks ADD COLUMN votes INTEGER NOT NULL DEFAULT 0;
CREATE INDEX feedbacks_by_votes ON feedbacks (org_number, votes, id) WHERE merged_into IS NULL;
-- The feedbacks merged into one, to count their voters with it: few, so the index is small.
CREATE INDEX feedbacks_by_merged_into ON feedbacks (merged_into) WHERE merged_into IS NOT NULL;

-- Portal people: one-time sign-in links and the sessions they (or single sign-on) open; never the team's.
CREATE TABLE portal_links (token_hash TEXT PRIMARY KEY, org_id TEXT NOT NULL, email TEXT NOT NULL, expires_at INTEGER NOT NULL);
CREATE TABLE portal_sessions (
  id_hash TEXT PRIMARY KEY, org_id TEXT NOT NULL, email TEXT NOT NULL, name TEXT, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL
);
