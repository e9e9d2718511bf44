import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { storeUnavailable, unavailableReason } from "../../core/store-unavailable.ts";

describe("a store that cannot take writes, as an error", () => {
  test("says its reason and keeps the store's own error as its cause", () => {
    const cause = Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
    const error = storeUnavailable("full", cause);
    assert.equal(unavailableReason(error), "full");
    assert.equal(error.cause, cause);
  });

  test("any other error, or a thrown value that is no Error, has no reason", () => {
    assert.equal(unavailableReason(Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" })), null);
    assert.equal(unavailableReason("full"), null);
    assert.equal(unavailableReason(null), null);
  });
});
