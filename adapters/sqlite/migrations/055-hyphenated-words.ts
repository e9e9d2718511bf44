import type { Database } from "bun:sqlite";
import { wordsWithTexts } from "../../../core/feedback/search-words.ts";
import { publicationWords } from "../../../core/portal/publish-feedback.ts";

/** SQL: whether `text` holds a hyphen of a kind that joins a word's parts (core's search words). */
const hyphenIn = (text: string) => `(${["-", "\u2010", "\u2011"].map((hyphen) => `instr(${text}, '${hyphen}') > 0`).join(" OR ")})`;

/** SQL: a report's message (`body` holding a hyphen first, which spares parsing the others' JSON), for the rows where it holds one. */
const hyphenatedMessage = (body: string) => `CASE WHEN ${hyphenIn(body)} THEN json_extract(${body}, '$.message') END`;

/**
 * A hyphenated word is found by its joined form too (e-mail by email; core's foldedWords). Only the
 * texts that hold a hyphen are read again, found in SQL: titles, the messages of the reports a
 * feedback holds, and those a merged feedback gave its target (an unmerge gives them back without
 * rewriting its words). A key's hyphen joins no word and is not looked at. Each such feedback gains
 * the words of those texts it lacks, up to MAX_FEEDBACK_WORDS (its document is rewritten by the
 * triggers); the words it had stay, so nothing found before is lost. Publications whose public title
 * or description holds a hyphen get their words again.
 */
export default function hyphenatedWords(db: Database): void {
  const texts = db.query<{ ref: number; text: string }, []>(`
    SELECT ref, title AS text FROM feedbacks WHERE ${hyphenIn("title")}
    UNION ALL
    SELECT ref, text FROM (SELECT feedback_ref AS ref, ${hyphenatedMessage("body")} AS text FROM reports) WHERE ${hyphenIn("text")}
    UNION ALL
    SELECT ref, text FROM (
      SELECT f.ref, ${hyphenatedMessage("r.body")} AS text
      FROM merges m CROSS JOIN json_each(m.report_ids) j CROSS JOIN reports r ON r.id = j.value CROSS JOIN feedbacks f ON f.id = m.source_id
      WHERE m.undone_at IS NULL
    ) WHERE ${hyphenIn("text")}
    ORDER BY ref`);
  const read = db.query<{ words: string }, [number]>("SELECT words FROM feedback_words WHERE feedback_ref = ?");
  const write = db.query("UPDATE feedback_words SET words = ?1 WHERE feedback_ref = ?2");
  const remember = db.query("INSERT OR IGNORE INTO search_vocabulary (word) SELECT value FROM json_each(?)");
  const reindex = (ref: number, texts: readonly string[]) => {
    const stored = read.get(ref);
    if (!stored) return;
    const known = stored.words ? stored.words.split(" ") : [];
    const words = wordsWithTexts(known, texts);
    if (words.length === known.length) return;
    write.run(words.join(" "), ref);
    remember.run(JSON.stringify(words.slice(known.length)));
  };
  // The texts come in the order of their feedback: each feedback's are gathered, then it is written once.
  let feedback = 0;
  let held: string[] = [];
  for (const { ref, text } of texts.iterate()) {
    if (ref !== feedback) {
      if (held.length) reindex(feedback, held);
      [feedback, held] = [ref, []];
    }
    held.push(text);
  }
  if (held.length) reindex(feedback, held);

  const publications = db.query<{ feedback_id: string; key: string; title: string; description: string | null; words: string }, []>(
    `SELECT p.feedback_id, f.key, p.title, p.description, p.words FROM publications p JOIN feedbacks f ON f.id = p.feedback_id
     WHERE ${hyphenIn("p.title")} OR ${hyphenIn("coalesce(p.description, '')")}`,
  );
  const republish = db.query("UPDATE publications SET words = ?1 WHERE feedback_id = ?2");
  for (const p of publications.all()) {
    const words = publicationWords(p.key, p.title, p.description);
    if (words !== p.words) republish.run(words, p.feedback_id);
  }
}
