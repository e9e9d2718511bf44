import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { lookAlikeCandidates, lookAlikeWords } from "../../core/portal/look-alikes.ts";
import type { PublishedFeedback } from "../../core/store/publications.ts";

/** A published feedback as the portal's search finds it: only its id and age matter here. */
const published = (id: string, createdAt: number) =>
  ({ feedback: { id, createdAt }, publication: { feedbackId: id } }) as unknown as PublishedFeedback;
const ids = (list: readonly PublishedFeedback[]) => list.map(({ feedback }) => feedback.id);

describe("the look-alikes of a text a person is writing", () => {
  test("are looked for by the text's search words, the longest first (the first typed among equals), stop words and single letters left out", () => {
    assert.deepEqual(lookAlikeWords("Please sync the bookings with my Google calendar, a b c"), ["calendar", "booking", "google", "sync"]);
  });

  test("are looked for by words folded as the portal's search reads them: lower case, accents removed", () => {
    assert.deepEqual(lookAlikeWords("Téléchargement ÉCHOUE"), ["telechargement", "echoue"]);
  });

  test("leave out a stop word as it is typed, accented or plural, before it is cut to what its forms share", () => {
    assert.deepEqual(lookAlikeWords("Everything does crash, très récemment, dans l’export"), ["export", "crash"]);
  });

  test("are looked for by four words at most, each once", () => {
    assert.deepEqual(lookAlikeWords("export export exporting invoices invoice tariff sheet excel crashes weekly monthly"), [
      "invoice",
      "monthly",
      "export",
      "tariff",
    ]);
  });

  test("are compared from the published feedbacks most of its words found, the newest first among equals", () => {
    const old = published("old", 1);
    const recent = published("recent", 5);
    const newest = published("newest", 9);
    assert.deepEqual(ids(lookAlikeCandidates([[newest, recent, old], [old], [recent]])), ["recent", "old", "newest"]);
  });

  test("are compared from 25 published feedbacks at most", () => {
    const many = Array.from({ length: 40 }, (_, i) => published(`f${i}`, i));
    assert.equal(lookAlikeCandidates([many]).length, 25);
    assert.deepEqual(ids(lookAlikeCandidates([many])).slice(0, 2), ["f39", "f38"]);
  });
});
