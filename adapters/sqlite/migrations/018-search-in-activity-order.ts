import type { Database } from "bun:sqlite";
import { feedbackWords } from "../../../core/feedback/search-words.ts";
import { DOC_TIES, firstDocSql, newDoc } from "../search.ts";

/**
 * Search reads one document per feedback in the order of last activity (see search.ts), in place
 * of one document per report in insertion order: a common word's first page no longer reads all
 * its matches. The words of each feedback come from its documents as they were.
 */
export default function searchInActivityOrder(db: Database): void {
  const document = `coalesce((SELECT ${documentWithIdsSql("new.words")} FROM feedbacks f WHERE f.id = new.feedback_id), '')`;
  db.exec(`
    -- Tokens split at spaces only: the words are folded already, and a prefixed word is one token.
    CREATE VIRTUAL TABLE feedback_search USING fts5 (
      body, content = '', contentless_delete = 1, detail = 'none',
      tokenize = "unicode61 remove_diacritics 0 categories 'L* N* M* P* S* Co Cn Cs Cf'"
    );
    CREATE TABLE feedback_words (doc INTEGER PRIMARY KEY, feedback_id TEXT NOT NULL UNIQUE, words TEXT NOT NULL);
    CREATE TABLE search_vocabulary (word TEXT PRIMARY KEY) WITHOUT ROWID;
    CREATE TRIGGER feedback_words_indexed AFTER INSERT ON feedback_words BEGIN
      INSERT INTO feedback_search (rowid, body) VALUES (new.doc, ${document});
    END;
    CREATE TRIGGER feedback_words_reindexed AFTER UPDATE ON feedback_words BEGIN
      DELETE FROM feedback_search WHERE rowid = old.doc;
      INSERT INTO feedback_search (rowid, body) VALUES (new.doc, ${document});
    END;
    CREATE TRIGGER feedback_words_unindexed AFTER DELETE ON feedback_words BEGIN
      DELETE FROM feedback_search WHERE rowid = old.doc;
    END;
    -- A doc already in the new millisecond (a merge writes words and doc in one statement) stays.
    CREATE TRIGGER feedback_search_moved AFTER UPDATE OF last_activity_at ON feedbacks
      WHEN new.last_activity_at IS NOT old.last_activity_at BEGIN
      UPDATE feedback_words SET doc = ${newDoc("new.last_activity_at")}
        WHERE feedback_id = new.id AND doc NOT BETWEEN ${firstDocSql("new.last_activity_at")} AND ${firstDocSql("new.last_activity_at")} + ${DOC_TIES - 1};
    END;
    CREATE TRIGGER feedback_search_refiltered AFTER UPDATE OF org_id, app_id, kind, severity, feature_id, status, merged_into ON feedbacks BEGIN
      UPDATE feedback_words SET doc = doc WHERE feedback_id = new.id;
    END;
    CREATE TRIGGER feedback_search_removed AFTER DELETE ON feedbacks BEGIN
      DELETE FROM feedback_words WHERE feedback_id = old.id;
    END;
  `);
  const feedbacks = db.query<{ id: string; text: string }, []>(
    `SELECT f.id, f.key || ' ' || f.title || ' ' || coalesce((SELECT group_concat(s.body, ' ')
       FROM search_docs d JOIN search s ON s.rowid = d.rowid WHERE d.feedback_id = f.id), '') AS text FROM feedbacks f`,
  );
  // Written here as that release did, the feedbacks named by id (migration 24 numbers them later).
  const insert = db.query(
    `INSERT INTO feedback_words (doc, feedback_id, words) SELECT ${newDoc("f.last_activity_at")}, f.id, ?2 FROM feedbacks f WHERE f.id = ?1`,
  );
  const remember = db.query("INSERT OR IGNORE INTO search_vocabulary (word) SELECT value FROM json_each(?)");
  for (const f of feedbacks.iterate()) {
    const words = feedbackWords(f.text);
    insert.run(f.id, words.join(" "));
    if (words.length) remember.run(JSON.stringify(words));
  }
  db.exec(`
    DROP TABLE search;
    DROP TABLE search_docs;
    ALTER TABLE merges DROP COLUMN search_rowids;
  `);
}

/**
 * A feedback's search document as the triggers wrote it while feedback rows held their
 * organization's and app's ids (documentSql, before migration 28), for the migrations of then.
 */
export function documentWithIdsSql(words: string): string {
  const scoped = `char(57344) || hex(f.org_id) || '.' || hex(f.status) || '.'`;
  const tokens = [
    ["k", "f.kind"],
    ["v", "coalesce(f.severity, '')"],
    ["a", "f.app_id"],
    ["f", "coalesce(f.feature_id, '')"],
  ].map(([letter, column]) => `' ' || char(57344) || '${letter}' || hex(${column})`);
  return `CASE WHEN f.merged_into IS NULL AND ${words} <> '' THEN ${scoped} || replace(${words}, ' ', ' ' || ${scoped}) || ${tokens.join(" || ")} ELSE '' END`;
}
