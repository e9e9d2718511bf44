import type { Database } from "bun:sqlite";
import { DOC_TIES, firstDocSql, newDoc } from "../search.ts";
import { SEARCH_DOCUMENT_DELETED } from "../schema/triggers.ts";
import { documentWithIdsSql } from "./018-search-in-activity-order.ts";

/**
 * Feedbacks get a small integer, `ref`, that the search words, the grouping documents (and the
 * reports, next) hold in place of the feedback's id: the id took its 21 bytes and again in each
 * table's unique index. A column of its own rather than the rowid, which VACUUM may renumber. Both
 * tables are copied whole, their numbers kept: the full-text index and the grouping postings name
 * them. Dropping a table fires no trigger, so the full-text index is left as it is.
 */
export default function feedbackRefs(db: Database): void {
  const document = `coalesce((SELECT ${documentWithIdsSql("new.words")} FROM feedbacks f WHERE f.ref = new.feedback_ref), '')`;
  db.exec(`
    ALTER TABLE feedbacks ADD COLUMN ref INTEGER;
    UPDATE feedbacks SET ref = rowid;
    CREATE UNIQUE INDEX feedbacks_by_ref ON feedbacks (ref);

    DROP TRIGGER feedback_search_moved;
    DROP TRIGGER feedback_search_refiltered;
    DROP TRIGGER feedback_search_removed;
    CREATE TABLE feedback_words_copied (doc INTEGER PRIMARY KEY, feedback_ref INTEGER NOT NULL UNIQUE, words TEXT NOT NULL);
    INSERT INTO feedback_words_copied (doc, feedback_ref, words)
      SELECT w.doc, f.ref, w.words FROM feedback_words w JOIN feedbacks f ON f.id = w.feedback_id ORDER BY w.doc;
    DROP TABLE feedback_words;
    ALTER TABLE feedback_words_copied RENAME TO feedback_words;
    CREATE TRIGGER feedback_words_indexed AFTER INSERT ON feedback_words BEGIN
      INSERT INTO feedback_search (rowid, body) VALUES (new.doc, ${document});
    END;
    CREATE TRIGGER feedback_words_reindexed AFTER UPDATE ON feedback_words BEGIN
      DELETE FROM feedback_search WHERE rowid = old.doc;
      INSERT INTO feedback_search (rowid, body) VALUES (new.doc, ${document});
    END;
    ${SEARCH_DOCUMENT_DELETED}
    CREATE TRIGGER feedback_search_moved AFTER UPDATE OF last_activity_at ON feedbacks
      WHEN new.last_activity_at IS NOT old.last_activity_at BEGIN
      UPDATE feedback_words SET doc = ${newDoc("new.last_activity_at")}
        WHERE feedback_ref = new.ref AND doc NOT BETWEEN ${firstDocSql("new.last_activity_at")} AND ${firstDocSql("new.last_activity_at")} + ${DOC_TIES - 1};
    END;
    CREATE TRIGGER feedback_search_refiltered AFTER UPDATE OF org_id, app_id, kind, severity, feature_id, status, merged_into ON feedbacks BEGIN
      UPDATE feedback_words SET doc = doc WHERE feedback_ref = new.ref;
    END;
    CREATE TRIGGER feedback_search_removed AFTER DELETE ON feedbacks BEGIN
      DELETE FROM feedback_words WHERE feedback_ref = old.ref;
    END;

    -- Without the app's id (its feedback's). A document whose text is its feedback's first report as
    -- the grouping job reads it names that report and keeps an empty text (grouping.ts); documents
    -- copied here keep theirs.
    CREATE TABLE grouping_docs_copied (n INTEGER PRIMARY KEY, feedback_ref INTEGER NOT NULL UNIQUE, text TEXT NOT NULL, vector TEXT, report_id TEXT);
    INSERT INTO grouping_docs_copied (n, feedback_ref, text, vector)
      SELECT d.n, f.ref, d.text, d.vector FROM grouping_docs d JOIN feedbacks f ON f.id = d.feedback_id ORDER BY d.n;
    DROP TABLE grouping_docs;
    ALTER TABLE grouping_docs_copied RENAME TO grouping_docs;
  `);
}
