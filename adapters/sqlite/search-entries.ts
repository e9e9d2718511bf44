import type { Database } from "bun:sqlite";
import { ownWords } from "../../core/feedback/search-words.ts";
import { refOf } from "./rows.ts";
import { newDoc } from "./search.ts";
import type { WriteBatch } from "./write-batch.ts";

/**
 * A feedback's search entry: its words (`feedback_words`: its key, titles and reports, case-folded),
 * the vocabulary a search word is expanded from, and the FTS5 document that triggers write from the
 * words (search.ts). A report's feedback gets its entry after the 201: the report's transaction only
 * names it in `search_pending`, since the entry took over a third of a report's time on the
 * server's one thread (80 µs a report in process with it, 51 without; bench/RESULTS.md, 27 November).
 * The worker writes waiting entries when requests leave it time (the store's catchUpSearch), and
 * whatever reads words first writes those it would miss: a search (caughtUp), a change of the
 * feedback's words or title (entryWritten). So no reader ever sees a feedback without its entry,
 * and a burst of reports is searchable as soon as it is taken.
 */

/** Names the feedback just inserted (its rowid is the last one) as waiting for its search entry; inside its write transaction. */
export function entryWaits(db: Database): void {
  // OR IGNORE: the ref of a feedback deleted before its entry was written, given again, still waits.
  db.query("INSERT OR IGNORE INTO search_pending (ref) VALUES (last_insert_rowid())").run();
}

interface Waiting {
  readonly ref: number;
  readonly id: string | null;
  readonly key: string | null;
  readonly title: string | null;
}

/** Writes the entry of a waiting feedback from its key, title and reports, as a report would have; inside a write transaction. */
function write(db: Database, waiting: Waiting): void {
  db.query("DELETE FROM search_pending WHERE ref = ?").run(waiting.ref);
  // Deleted since it was named: nothing to find.
  if (waiting.id === null || waiting.key === null || waiting.title === null) return;
  indexNewFeedback(db, waiting.id, ownWords({ key: waiting.key, title: waiting.title }, messagesOf(db, waiting.ref)));
}

/** The messages of the reports a feedback holds, in the order they came. */
const messagesOf = (db: Database, ref: number): string[] =>
  db
    .query<{ body: string }, [number]>("SELECT body FROM reports WHERE feedback_ref = ? ORDER BY at, id")
    .all(ref)
    .map((r) => (JSON.parse(r.body) as { message: string }).message);

const WAITING = "SELECT p.ref, f.id, f.key, f.title FROM search_pending p LEFT JOIN feedbacks f ON f.ref = p.ref";

/** Writes up to `limit` waiting entries, the oldest first; how many were waiting among them. Inside a write transaction. */
export function writeWaiting(db: Database, limit: number): number {
  const waiting = db.query<Waiting, [number]>(`${WAITING} ORDER BY p.ref LIMIT ?`).all(limit);
  for (const w of waiting) write(db, w);
  return waiting.length;
}

/**
 * Writes the feedback's entry if it waits, before what reads or changes its words (a merge carries
 * them, a new title adds to them, a title changed first would lose the one it had). Inside a write transaction.
 */
export function entryWritten(db: Database, feedbackId: string): void {
  const waiting = db.query<Waiting, [string]>(`${WAITING} WHERE f.id = ?`).get(feedbackId);
  if (waiting) write(db, waiting);
}

/** How many entries a search writes per transaction while catching up (about 27 ms): others' writes go in between. */
const CATCH_UP_CHUNK = 1_000;

/** Whether any entry waits: read without a write transaction, which an idle worker would otherwise open five times a second. */
export const anyWaiting = (db: Database): boolean => db.query<{ ref: number }, []>("SELECT ref FROM search_pending LIMIT 1").get() !== null;

/** Writes every waiting entry, in transactions of their own: what a search calls before it reads words. */
export function caughtUp(db: Database, batch: WriteBatch): () => Promise<void> {
  return async () => {
    while (anyWaiting(db)) await batch.run(() => writeWaiting(db, CATCH_UP_CHUNK));
  };
}

/** Makes a new feedback's words these (those of its key, title and report): its document is written. */
export function indexNewFeedback(db: Database, feedbackId: string, words: readonly string[]): void {
  db.query(
    `INSERT INTO feedback_words (doc, feedback_ref, words) SELECT ${newDoc("f.last_activity_at")}, f.ref, ?2 FROM feedbacks f WHERE f.id = ?1`,
  ).run(feedbackId, words.join(" "));
  addToVocabulary(db, words);
}

/**
 * Adds words to those a feedback is found by: `grow` gives its words from those it has (core's
 * wordsWithTitle, wordsAfterMerge), and none is written when it adds none. `activeAt`: the feedback's
 * last activity about to be written, so that its document is rewritten once, not once for the
 * words and once more when the activity moves it.
 */
export function addWords(db: Database, feedbackId: string, grow: (known: readonly string[]) => string[], activeAt?: number): void {
  entryWritten(db, feedbackId);
  const existing = db.query<{ words: string }, [string]>(`SELECT words FROM feedback_words WHERE feedback_ref = ${refOf("?")}`).get(feedbackId);
  if (!existing) {
    indexNewFeedback(db, feedbackId, grow([]));
    return;
  }
  const known = existing.words.split(" ");
  const words = grow(known);
  if (words.length === known.length) return;
  if (activeAt === undefined) db.query(`UPDATE feedback_words SET words = ? WHERE feedback_ref = ${refOf("?")}`).run(words.join(" "), feedbackId);
  else
    db.query(`UPDATE feedback_words SET words = ?1, doc = ${newDoc("?2")} WHERE feedback_ref = ${refOf("?3")}`).run(
      words.join(" "),
      activeAt,
      feedbackId,
    );
  addToVocabulary(db, words.slice(known.length));
}

/** Makes a feedback's words those of its key, title and the reports it holds now (after an unmerge or a split). */
export function rewriteWords(db: Database, feedbackId: string): void {
  const f = db.query<{ ref: number; key: string; title: string }, [string]>("SELECT ref, key, title FROM feedbacks WHERE id = ?").get(feedbackId);
  if (!f) return;
  const words = ownWords(f, messagesOf(db, f.ref));
  db.query("UPDATE feedback_words SET words = ? WHERE feedback_ref = ?").run(words.join(" "), f.ref);
  addToVocabulary(db, words);
}

/** Keeps the words in the vocabulary a search word is expanded from, in one statement. */
function addToVocabulary(db: Database, words: readonly string[]): void {
  if (words.length) db.query("INSERT OR IGNORE INTO search_vocabulary (word) SELECT value FROM json_each(?)").run(JSON.stringify(words));
}
