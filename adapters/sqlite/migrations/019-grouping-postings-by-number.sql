-- Grouping postings by number: each app and each feedback's grouping document gets a small
-- integer, and a posting is its primary key alone. They repeated two UUIDs per key, in the table
-- and again in its index: 1,235 of a feedback's 3,888 bytes. Documents are numbered in the order
-- of their feedback ids, the order the postings were read in (most recent first).
CREATE TABLE grouping_apps (n INTEGER PRIMARY KEY, app_id TEXT NOT NULL UNIQUE);
INSERT INTO grouping_apps (app_id) SELECT app_id FROM grouping_docs UNION SELECT app_id FROM grouping_keys;
CREATE TABLE grouping_documents (n INTEGER PRIMARY KEY, feedback_id TEXT NOT NULL UNIQUE, app_id TEXT NOT NULL, text TEXT NOT NULL, vector TEXT);
INSERT INTO grouping_documents (feedback_id, app_id, text, vector) SELECT feedback_id, app_id, text, vector FROM grouping_docs ORDER BY feedback_id;
CREATE TABLE grouping_postings (app INTEGER NOT NULL, key TEXT NOT NULL, doc INTEGER NOT NULL, PRIMARY KEY (app, key, doc)) WITHOUT ROWID;
INSERT INTO grouping_postings (app, key, doc)
  SELECT a.n, k.key, d.n FROM grouping_keys k JOIN grouping_apps a ON a.app_id = k.app_id JOIN grouping_documents d ON d.feedback_id = k.feedback_id;
DROP TABLE grouping_keys;
DROP TABLE grouping_docs;
ALTER TABLE grouping_documents RENAME TO grouping_docs;
