-- Key frequencies by the app's number, kept once as their primary key: a rowid table held each
-- key in its row and again in its index, with the app's id in both.
CREATE TABLE grouping_df_copied (app INTEGER NOT NULL, key TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (app, key)) WITHOUT ROWID;
INSERT INTO grouping_df_copied (app, key, n) SELECT a.n, d.key, d.n FROM grouping_df d JOIN grouping_apps a ON a.app_id = d.app_id;
DROP TABLE grouping_df;
ALTER TABLE grouping_df_copied RENAME TO grouping_df;
