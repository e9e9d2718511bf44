import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { SUBJECT_KINDS } from "../../core/grouping/candidates.ts";
import { newerFirst, type Suggestion } from "../../core/grouping/decision.ts";
import { statusesOf } from "../../core/feedback/status.ts";
import { type PairReads, type PairSide, waitingPairs } from "../../core/merges/waiting-pairs.ts";

const pair = (feedbackId: string, similarId: string, score: number): Suggestion => ({
  orgId: "org",
  appId: "app",
  feedbackId,
  similarId,
  score,
  sure: false,
  matched: ["export"],
  at: 1,
});
const side = (id: string, mergedInto?: string): PairSide => ({ id, kind: "problem", status: "triage", ...(mergedInto && { mergedInto }) });

/** A store holding these undecided pairs, feedbacks and dismissed pairs, read as a store reads them: best first, a batch at a time. */
function reads(undecided: readonly Suggestion[], sides: readonly PairSide[], dismissed: readonly (readonly [string, string])[] = []): PairReads {
  const order = [...undecided].sort((a, b) => b.score - a.score || (a.feedbackId < b.feedbackId ? 1 : -1));
  return {
    undecided: async (last, size) =>
      order
        .slice(last ? order.indexOf(last) + 1 : 0)
        .slice(0, size)
        .map((pair) => ({ pair })),
    sides: async (ids) => sides.filter((s) => ids.includes(s.id)),
    dismissed: async (pairs) => pairs.filter(([a, b]) => dismissed.some(([c, d]) => a === c && b === d)),
  };
}
const query = (limit = 10) => ({ limit, kinds: SUBJECT_KINDS, closed: statusesOf("closed") });

describe("the pairs waiting in Possible duplicates", () => {
  test("a merged feedback's pairs answer for the one it went into, the most alike of those answering for one; none is of a feedback with itself, nor dismissed", async () => {
    // b and d are merged into a; a–c waits, and so do b's pairs with c and with a, and d's with e, which a person dismissed with a.
    const listed = await waitingPairs(
      query(),
      reads(
        [pair("c", "a", 0.3), pair("c", "b", 0.5), pair("b", "a", 0.9), pair("e", "d", 0.6)],
        [side("a"), side("b", "a"), side("c"), side("d", "a"), side("e")],
        [newerFirst("e", "a")],
      ),
    );
    assert.deepEqual(listed, [pair("c", "a", 0.5)]);
  });

  test("a corrupted cycle of merges holds no pair, and listing ends", async () => {
    const listed = await waitingPairs(query(), reads([pair("c", "a", 0.4)], [side("a", "b"), side("b", "a"), side("c")]));
    assert.deepEqual(listed, []);
  });
});
