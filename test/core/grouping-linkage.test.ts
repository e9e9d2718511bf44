import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { linkMatches } from "../../core/grouping/linkage.ts";

const words = (closest: string) => [closest];

describe("single linkage of a report's matches", () => {
  test("a feedback scores as its most similar text, its own or one merged into it", () => {
    const matches = linkMatches(
      [
        { id: "f1", score: 0.4, same: false, closest: "own" },
        { id: "f1", score: 0.7, closest: "folded" },
      ],
      0.3,
      words,
    );
    assert.deepEqual(matches, [{ id: "f1", score: 0.7, same: false, matched: ["folded"] }]);
  });

  test("a feedback is a sure duplicate only of its own text, however close a text merged into it", () => {
    const matches = linkMatches(
      [
        { id: "f1", score: 0.95, closest: "folded" },
        { id: "f1", score: 0.5, same: false, closest: "own" },
      ],
      0.3,
      words,
    );
    assert.equal(matches[0]?.same, false);
  });

  test("feedbacks under the suggestion threshold are left out; sure duplicates come first, then by score to three decimals", () => {
    const matches = linkMatches(
      [
        { id: "low", score: 0.2, same: false, closest: "a" },
        { id: "close", score: 0.91234, same: false, closest: "b" },
        { id: "sure", score: 0.8, same: true, closest: "c" },
        { id: "near", score: 0.5, same: false, closest: "d" },
      ],
      0.3,
      words,
    );
    assert.deepEqual(
      matches.map((m) => [m.id, m.score, m.same]),
      [
        ["sure", 0.8, true],
        ["close", 0.912, false],
        ["near", 0.5, false],
      ],
    );
  });

  test("of equally similar texts, the last gives the matched words", () => {
    const matches = linkMatches(
      [
        { id: "f1", score: 0.6, same: false, closest: "first" },
        { id: "f1", score: 0.6, closest: "second" },
      ],
      0.3,
      words,
    );
    assert.deepEqual(matches[0]?.matched, ["second"]);
  });
});
