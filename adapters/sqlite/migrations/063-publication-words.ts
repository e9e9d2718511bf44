import { PUBLICATION_WORDS_KEPT, publicationWordsOf } from "../schema/triggers.ts";

/**
 * The words of each publication, one row each, by organization and word: the portal's search and
 * look-alikes read the publications a rare word is in from here, where they tested the words of
 * every publication of the organization (a word in none read them all). The triggers keep it as
 * publications are written, changed and removed.
 */
export default `
CREATE TABLE publication_words (org_id TEXT NOT NULL, word TEXT NOT NULL, feedback_id TEXT NOT NULL, PRIMARY KEY (org_id, word, feedback_id)) WITHOUT ROWID;
${PUBLICATION_WORDS_KEPT}
INSERT OR IGNORE INTO publication_words (org_id, word, feedback_id)
  SELECT p.org_id, w.value, p.feedback_id FROM publications p, ${publicationWordsOf("p.words")} w WHERE w.value <> '';
`;
