import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { feedbackKey } from "../../core/feedback/key.ts";

describe("a feedback's key", () => {
  test("is its organization's prefix and its number there", () => {
    assert.equal(feedbackKey("DEMO", 42), "DEMO-42");
  });
});
