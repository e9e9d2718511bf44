import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { feedbackKey, isFeedbackKey, KEY_PREFIX } from "../../core/feedback/key.ts";
import { lookupKey } from "../../core/feedback/find-feedback.ts";

describe("a feedback's key", () => {
  test("is its organization's prefix and its number there", () => {
    assert.equal(feedbackKey("DEMO", 42), "DEMO-42");
  });

  test("reads as a key only as made: an upper-case prefix, a hyphen, a number", () => {
    assert.deepEqual(["DEMO-42", "A1-7", "demo-42", "DEMO-", "-4", "DEMO-4a", "1A-4", "DEMO_4"].map(isFeedbackKey), [
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  test("has a prefix of one to twelve upper-case letters and digits, a letter first", () => {
    assert.deepEqual(
      ["D", "DEMO", "ABCDEFGHIJKL", "ABCDEFGHIJKLM", "demo", "1DEMO", ""].map((prefix) => KEY_PREFIX.test(prefix)),
      [true, true, true, false, false, false, false],
    );
  });

  test("as a person types it, in any case, names the key in upper case; anything else is kept as typed", () => {
    assert.deepEqual(["demo-4", "Demo-4", " DEMO-4 ", "0Vc3Ii4v15GaFFo2M7sE", "straße-4"].map(lookupKey), [
      "DEMO-4",
      "DEMO-4",
      "DEMO-4",
      "0Vc3Ii4v15GaFFo2M7sE",
      "straße-4",
    ]);
  });
});
