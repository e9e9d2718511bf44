import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { noSuchFeedback, resolveFeedback, resolveFeedbacks } from "../../core/feedback/find-feedback.ts";
import { fakeFeedbacks, feedbackRecord } from "./fake-feedbacks.ts";

describe("a key or id that names no feedback", () => {
  test("is not_found, naming the key as keys are written, whatever its case", () => {
    assert.deepEqual(noSuchFeedback(" acme-12 "), { ok: false, code: "not_found", refusal: { reason: "unknown_feedback", feedback: "ACME-12" } });
  });

  test("an id is named as it was given", () => {
    assert.deepEqual(noSuchFeedback("0Vc4jiWXeYeyEM24KnbS").refusal, { reason: "unknown_feedback", feedback: "0Vc4jiWXeYeyEM24KnbS" });
  });

  test("a text too long to be a key or an id is not said back", () => {
    assert.deepEqual(noSuchFeedback("x".repeat(65)), { ok: false, code: "not_found" });
  });
});

describe("feedbacks resolved by id, many at once", () => {
  // fb-3 was merged into fb-2, itself merged into fb-1 since; fb-8 into a feedback gone; fb-9 and fb-10 into each other (a corrupted cycle).
  const { deps } = fakeFeedbacks(
    feedbackRecord({ id: "fb-1", key: "ACME-1" }),
    feedbackRecord({ id: "fb-2", key: "ACME-2", mergedInto: "fb-1" }),
    feedbackRecord({ id: "fb-3", key: "ACME-3", mergedInto: "fb-2" }),
    feedbackRecord({ id: "fb-4", key: "ACME-4" }),
    feedbackRecord({ id: "fb-8", key: "ACME-8", mergedInto: "fb-gone" }),
    feedbackRecord({ id: "fb-9", key: "ACME-9", mergedInto: "fb-10" }),
    feedbackRecord({ id: "fb-10", key: "ACME-10", mergedInto: "fb-9" }),
  );

  test("each id is answered as resolveFeedback answers it: itself, the feedback at the end of its merges, or nothing", async () => {
    const asked = ["fb-3", "fb-4", "fb-1", "fb-none", "fb-8", "fb-9"];
    const resolved = await resolveFeedbacks(deps, "org", asked);
    for (const id of asked) assert.equal(resolved.get(id)?.id, (await resolveFeedback(deps, "org", id))?.id);
    assert.deepEqual(
      [...resolved].map(([id, f]) => [id, f.id]),
      [
        ["fb-3", "fb-1"],
        ["fb-4", "fb-4"],
        ["fb-1", "fb-1"],
      ],
    );
  });

  test("one read per step along the merges, for all the ids at once", async () => {
    const reads: string[][] = [];
    const store = {
      findFeedbacks: (orgId: string, ids: readonly string[]) => {
        reads.push([...ids]);
        return deps.store.findFeedbacks(orgId, ids);
      },
    };
    await resolveFeedbacks({ store }, "org", ["fb-3", "fb-4", "fb-1", "fb-3"]);
    assert.deepEqual(reads, [["fb-3", "fb-4", "fb-1"], ["fb-2"]]);
  });
});
