import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { noSuchFeedback } from "../../core/feedback/find-feedback.ts";

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
