import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { words } from "../../core/grouping/analyze.ts";
import { weakMatch, weakMatches } from "../../core/grouping/weak-match.ts";

// Matched words as the grouper gives them: folded by the analyser, heaviest first.
const alike = (text: string, sure = false) => ({ sure, matched: words(text) });
const acmeIsCommon = (word: string) => word === "acme";

describe("a pair whose match rests on little is said to be weak", () => {
  test("a pair naming things few feedbacks name is strong: « CSV export is missing the date column »", () => {
    assert.equal(weakMatch(alike("CSV column date export"), acmeIsCommon), null);
  });

  test("a pair whose only shared name is the product's, with a symptom and « app », is weak: they share only « Acme »", () => {
    // "Acme crashes when I open the camera" and "Acme app crashes on export".
    assert.deepEqual(weakMatch(alike("acme crash app"), acmeIsCommon), { reason: "common_names", words: ["acme"] });
  });

  test("the product's name beside a name few feedbacks use is strong: « Acme camera crashes »", () => {
    assert.equal(weakMatch(alike("acme camera crash"), acmeIsCommon), null);
  });

  test("a pair sharing only the words of a bug template is weak: steps to reproduce, expected, actual, version", () => {
    assert.deepEqual(weakMatch(alike("steps reproduce expected actual version button"), acmeIsCommon), {
      reason: "form_words",
      words: words("steps reproduce expected actual version"),
    });
  });

  test("a French template is one too: étapes pour reproduire, résultat attendu", () => {
    assert.equal(weakMatch(alike("étapes reproduire résultat attendu"), acmeIsCommon)?.reason, "form_words");
  });

  test("a pair sharing only words any report uses, a part and a symptom, is weak", () => {
    assert.deepEqual(weakMatch(alike("button crash"), acmeIsCommon), { reason: "common_words", words: words("button crash") });
  });

  test("a sure duplicate is never weak, and a match without words (vectors only) is not judged", () => {
    assert.equal(weakMatch(alike("acme crash", true), acmeIsCommon), null);
    assert.equal(weakMatch({ sure: false, matched: [] }, acmeIsCommon), null);
  });
});

describe("a word is common in an app when many of its feedbacks name it", () => {
  /** An app of `feedbacks` feedbacks whose grouping index counts each word's feedbacks as given. */
  const app = (feedbacks: number, named: Record<string, number>) => ({
    store: {
      keyFrequencies: async (_appId: string, keys: readonly string[]) =>
        new Map(keys.flatMap((key) => (named[key.slice(2)] === undefined ? [] : [[key, named[key.slice(2)]!] as const]))),
      countByStatus: async () => ({ triage: feedbacks - 10, fixed: 10 }),
    },
  });
  const of = { orgId: "org", appId: "app" };

  test("a product name 80 of 100 feedbacks name is common; a subject 12 of them name is not", async () => {
    const judged = await weakMatches(app(100, { acme: 80, camera: 12 }), of, [alike("acme crash"), alike("acme camera crash")]);
    assert.deepEqual(judged, [{ reason: "common_names", words: ["acme"] }, null]);
  });

  test("in a young app, a word fewer than 10 feedbacks name is not common, whatever their share", async () => {
    assert.deepEqual(await weakMatches(app(12, { acme: 9 }), of, [alike("acme crash")]), [null]);
  });
});
