-- Grouping keys numbered, and documents numbered by their feedback. A posting held its app's
-- number, its key's text and its document's number; it now holds a key's number and a feedback's
-- (about 8 bytes where it took 14, six or seven postings a feedback). A key's number stands for
-- its app, by the app's own number (grouping_apps numbered apps a second time, and goes), and its
-- text, with the count of its postings (grouping_df before). A document's number
-- was its own, given as documents came; its feedback's is given as feedbacks come, so a key's most
-- recent postings are still its highest numbers, and a document needs no index of its feedback.
CREATE TABLE grouping_terms (n INTEGER PRIMARY KEY, app INTEGER NOT NULL, key TEXT NOT NULL, df INTEGER NOT NULL, UNIQUE (app, key));
INSERT INTO grouping_terms (app, key, df)
  SELECT a.number, k.key, max(k.n) FROM (SELECT app, key, n FROM grouping_df UNION ALL SELECT app, key, 0 FROM grouping_postings) k
  JOIN grouping_apps g ON g.n = k.app JOIN apps a ON a.id = g.app_id
  GROUP BY a.number, k.key ORDER BY a.number, k.key;
CREATE TABLE grouping_postings_copied (term INTEGER NOT NULL, doc INTEGER NOT NULL, PRIMARY KEY (term, doc)) WITHOUT ROWID;
INSERT OR IGNORE INTO grouping_postings_copied (term, doc)
  SELECT t.n, d.feedback_ref FROM grouping_postings p JOIN grouping_apps g ON g.n = p.app JOIN apps a ON a.id = g.app_id
    JOIN grouping_terms t ON t.app = a.number AND t.key = p.key JOIN grouping_docs d ON d.n = p.doc
  ORDER BY 1, 2;
CREATE TABLE grouping_docs_copied (feedback_ref INTEGER PRIMARY KEY, text TEXT NOT NULL, vector TEXT, report_id TEXT);
INSERT INTO grouping_docs_copied (feedback_ref, text, vector, report_id) SELECT feedback_ref, text, vector, report_id FROM grouping_docs ORDER BY feedback_ref;
DROP TABLE grouping_postings;
DROP TABLE grouping_docs;
DROP TABLE grouping_df;
DROP TABLE grouping_apps;
ALTER TABLE grouping_postings_copied RENAME TO grouping_postings;
ALTER TABLE grouping_docs_copied RENAME TO grouping_docs;
