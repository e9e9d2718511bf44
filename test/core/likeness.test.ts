import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { Suggestion } from "../../core/grouping/decision.ts";
import { likenesses } from "../../core/merges/likeness.ts";
import type { GroupingMatch } from "../../core/ports.ts";

const match = (id: string, score: number, same = false): GroupingMatch => ({ id, score, same, matched: ["printer"] });
const waiting = (similarId: string, score: number): Suggestion => ({
  orgId: "org",
  appId: "app",
  feedbackId: "me",
  similarId,
  score,
  sure: false,
  matched: ["label"],
  at: 1,
});

describe("how alike a feedback and the others are", () => {
  test("a pair waiting for a person reads as grouping suggested it, whatever comparing finds now", () => {
    assert.deepEqual(likenesses("me", [match("b", 0.9)], [waiting("b", 0.3)], new Set(), 30), [
      { id: "b", score: 0.3, same: false, matched: ["label"] },
    ]);
  });

  test("a pair a person dismissed is left out, sure duplicates come first, then the most alike", () => {
    const found = likenesses("me", [match("a", 0.2), match("d", 0.8), match("s", 0.1, true)], [waiting("w", 0.5)], new Set(["d"]), 30);
    assert.deepEqual(
      found.map((m) => m.id),
      ["s", "w", "a"],
    );
  });

  test("are the `most` most alike, however many pairs wait besides those compared now", () => {
    const compared = Array.from({ length: 25 }, (_, i) => match(`c${i}`, 0.5 + i / 100));
    const pairs = Array.from({ length: 30 }, (_, i) => waiting(`w${i}`, 0.1 + i / 100));
    const found = likenesses("me", compared, pairs, new Set(), 30);
    assert.equal(found.length, 30);
    assert.deepEqual(
      found.slice(-5).map((m) => m.id),
      ["w29", "w28", "w27", "w26", "w25"],
    );
  });
});
