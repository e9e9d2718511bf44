import { describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  CANDIDATE_STATUSES,
  candidateQuery,
  mergeDirection,
  POSTINGS_PER_KEY,
  RAREST_KEYS,
  chosenCandidates,
  rankCandidates,
  SUBJECT_KINDS,
} from "../../core/grouping/candidates.ts";
import { KINDS } from "../../core/schemas/feedback.ts";

const feedback = { orgId: "org", appId: "app", createdAt: 100, id: "f9", kind: "problem" } as const;

describe("grouping candidates", () => {
  test("a new feedback is compared through its rarest keys in the app, rarest first", () => {
    const frequencies = new Map([
      ["w:the", 900],
      ["w:export", 12],
      ["w:pdf", 3],
      ["w:blank", 40],
      ["w:page", 300],
      ["w:safari", 7],
    ]);
    const query = candidateQuery(feedback, frequencies);
    assert.deepEqual(query?.keys, ["w:pdf", "w:safari", "w:export", "w:blank"]);
    assert.equal(query?.keys.length, RAREST_KEYS);
    assert.equal(query?.postingsPerKey, POSTINGS_PER_KEY);
  });

  test("only open feedbacks of the same app, other than the new one, are candidates", () => {
    const query = candidateQuery(feedback, new Map([["w:pdf", 1]]));
    assert.equal(query?.orgId, "org");
    assert.equal(query?.appId, "app");
    assert.equal(query?.exclude, "f9");
    assert.deepEqual(query?.statuses, CANDIDATE_STATUSES);
    assert.ok(!CANDIDATE_STATUSES.includes("delivered") && !CANDIDATE_STATUSES.includes("dismissed"));
  });

  test("a problem or an idea is compared with problems and ideas; praise with praise alone", () => {
    const kinds = (kind: "problem" | "idea" | "praise") => candidateQuery({ ...feedback, kind }, new Map([["w:pdf", 1]]))?.kinds;
    assert.deepEqual([kinds("problem"), kinds("idea"), kinds("praise")], [["problem", "idea"], ["problem", "idea"], ["praise"]]);
    // Each kind in exactly one group: the review queue lists a pair by the same groups.
    assert.deepEqual(SUBJECT_KINDS.flat().sort(), [...KINDS].sort());
  });

  test("a feedback none of whose keys was ever indexed has no candidates", () => {
    assert.equal(candidateQuery(feedback, new Map()), null);
  });

  test("keys carried by others come before a key carried once, which the feedback itself may be all that carries", () => {
    const keys = (entries: Array<[string, number]>) => candidateQuery(feedback, new Map(entries))?.keys;
    assert.deepEqual(
      keys([
        ["w:zorglub", 1],
        ["w:pdf", 3],
        ["w:a", 2],
        ["w:b", 9],
        ["w:c", 4],
      ]),
      ["w:a", "w:pdf", "w:c", "w:b"],
    );
    // Read before its job indexed it, a feedback still finds the one other that carries its words.
    assert.deepEqual(
      keys([
        ["w:zorglub", 1],
        ["w:pdf", 3],
      ]),
      ["w:pdf", "w:zorglub"],
    );
  });

  test("of two duplicates, the newer is merged into the older, whichever job found the pair; ids break ties", () => {
    const older = { createdAt: 1, id: "b" };
    const newer = { createdAt: 2, id: "a" };
    assert.deepEqual(mergeDirection(older, newer), { source: newer, target: older });
    assert.deepEqual(mergeDirection(newer, older), { source: newer, target: older });
    const twin = { createdAt: 1, id: "c" };
    assert.deepEqual(mergeDirection(twin, older), { source: twin, target: older });
  });
});

describe("the ranking of candidates on their postings", () => {
  // Each key's most recent postings, newest first (ids are time-ordered).
  const postings = [
    ["f5", "f3", "f2", "f1"],
    ["f4", "f3", "f1"],
    ["f4", "f1"],
  ];

  test("those sharing the most keys come first, the newest first among equals, and again the oldest first", () => {
    assert.deepEqual(rankCandidates(postings, { limit: 10, oldest: 10 }), {
      newest: ["f1", "f4", "f3", "f5", "f2"],
      oldest: ["f1", "f3", "f4", "f2", "f5"],
    });
  });

  test("twice what is taken are ranked in each order: some of the best may have closed since they were indexed", () => {
    assert.deepEqual(rankCandidates(postings, { limit: 2, oldest: 1 }), { newest: ["f1", "f4", "f3", "f5"], oldest: ["f1", "f3"] });
  });

  test("the candidates are the first of the newest, then the first of the oldest not taken already", () => {
    const query = { limit: 2, oldest: 2 };
    assert.deepEqual(chosenCandidates(["f9", "f8", "f7"], ["f8", "f1", "f2", "f3"], query), ["f9", "f8", "f1", "f2"]);
    assert.deepEqual(chosenCandidates(["f9"], ["f9", "f1"], query), ["f9", "f1"]);
  });
});
