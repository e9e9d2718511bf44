// Each feedback keeps the words it is found by in `words`, and `search_vocabulary` every word
// stored. A search word is expanded through the vocabulary into the whole words it starts, so the
// index on (orgId, words, status, lastActivityAt) answers each of them in the order of the list:
// MongoDB merges those sorted runs and stops after a page, however common the word.
import type { ClientSession } from "mongodb";
import type { ExpandedWord, Expansion, Vocabulary } from "../../core/feedback/search-words.ts";
import type { Database } from "./database.ts";

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A feedback's words, once the vocabulary knows them: every write of `words` goes through here, in
 * the session of that write. Known words are not written again: concurrent reports share most of
 * their words, and writing the same vocabulary document in two transactions makes one retry.
 */
export async function addToVocabulary(data: Database, words: string[], session?: ClientSession): Promise<string[]> {
  if (words.length === 0) return words;
  const vocabulary = data.collection("search_vocabulary");
  const known = await vocabulary.find({ _id: { $in: words } }, { session, projection: { _id: 1 } }).toArray();
  const seen = new Set(known.map((d) => d._id));
  const added = words.filter((w) => !seen.has(w));
  if (added.length > 0) {
    await vocabulary.bulkWrite(
      added.map((_id) => ({ replaceOne: { filter: { _id }, replacement: {}, upsert: true } })),
      { ordered: false, session },
    );
  }
  return words;
}

/** The vocabulary of the store's searches, for the core's expansion of search words. */
export const vocabulary = (data: Database): Vocabulary => ({
  async startingWith(word, limit) {
    const starting = await data
      .collection("search_vocabulary")
      .find({ _id: { $gte: word, $lt: `${word}\u{10FFFF}` } }, { projection: { _id: 1 } })
      .sort({ _id: 1 })
      .limit(limit)
      .toArray();
    return starting.map((d) => d._id);
  },
  async holding(words) {
    const held = await data
      .collection("search_vocabulary")
      .find({ _id: { $in: [...words] } }, { projection: { _id: 1 } })
      .toArray();
    return held.map((d) => d._id);
  },
});

/** One way a search word is met: a word of the feedback is one of these, or starts with the prefix. */
const met = (way: Expansion) => ("prefix" in way ? { words: { $regex: `^${escapeRegExp(way.prefix)}` } } : { words: { $in: [...way.words] } });

/** Every search word must be met one of its ways. */
export const wordsFilter = (words: readonly ExpandedWord[]) => ({
  $and: words.map((ways) => (ways.length === 1 ? met(ways[0]!) : { $or: ways.map(met) })),
});
