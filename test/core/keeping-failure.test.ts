import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { keepingFailure } from "../../core/keeping-failure.ts";
import type { DeliveryFailure } from "../../core/model.ts";
import { NOW } from "./fake-organization.ts";

/** An integration's last failure as a store keeps it, forgotten only when it happened before `before`. */
function keeperOf(kept: DeliveryFailure | undefined) {
  const keeper = {
    kept,
    get holds() {
      return keeper.kept !== undefined;
    },
    async record(failure: DeliveryFailure) {
      keeper.kept = failure;
    },
    async clear(before: number) {
      if (keeper.kept && keeper.kept.at < before) keeper.kept = undefined;
    },
  };
  return keeper;
}

describe("an integration's last failure", () => {
  test("a call that succeeds forgets a failure from before it started, not one of a call that failed beside it after it started", async () => {
    let now = NOW;
    const clock = () => now;
    const keeper = keeperOf({ at: NOW - 1_000, error: "An API error occurred: not_in_channel", refused: false });
    const besideFailure = { at: NOW + 500, error: "An API error occurred: invalid_auth", refused: true };
    await keepingFailure(clock, keeper, [], async () => {
      // Another job's call, which started later, fails while this one is still waiting for its answer.
      await keeper.record(besideFailure);
      now = NOW + 1_000;
    });
    assert.deepEqual(keeper.kept, besideFailure);
    await keepingFailure(clock, keeper, [], async () => undefined);
    assert.equal(keeper.kept, undefined);
  });
});
