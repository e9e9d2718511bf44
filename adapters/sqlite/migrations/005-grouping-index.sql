-- Candidate index for grouping: each open feedback under the keys (stemmed words) of its text,
-- and how many feedbacks of the app share each key, so lookups can start from the rarest.
CREATE TABLE grouping_docs (feedback_id TEXT PRIMARY KEY, app_id TEXT NOT NULL, text TEXT NOT NULL);
CREATE TABLE grouping_keys (app_id TEXT NOT NULL, key TEXT NOT NULL, feedback_id TEXT NOT NULL, PRIMARY KEY (app_id, key, feedback_id));
CREATE TABLE grouping_df (app_id TEXT NOT NULL, key TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (app_id, key));
