import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { unavailable } from "../../core/errors.ts";

describe("a service that failed, as a value", () => {
  test("keeps the code and says what the service said: the error's first line", () => {
    const failure = unavailable("tracker_unavailable", new Error("Request failed with status code 401\n    at request (axios.js:1:1)"));
    assert.deepEqual(failure, { ok: false, code: "tracker_unavailable", cause: "Request failed with status code 401" });
  });

  test("a long answer is cut at 300 characters; a thrown value that is no Error is said as text", () => {
    assert.equal(unavailable("tracker_unavailable", new Error("x".repeat(1_000))).cause?.length, 300);
    assert.equal(unavailable("tracker_unavailable", "socket hang up").cause, "socket hang up");
  });
});
