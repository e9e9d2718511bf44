import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { operatorGrant } from "../../core/authorization.ts";
import { countFeedbacks } from "../../core/feedback/count-feedbacks.ts";
import { findsNothing } from "../../core/feedback/search-words.ts";

describe("a search text with nothing to find a feedback by", () => {
  test("is one with no letter or digit that is not blank", () => {
    assert.deepEqual(
      ["🐛", "!!!", "— …"].map((text) => findsNothing(text)),
      [true, true, true],
    );
    assert.deepEqual(
      ["   ", "checkout", "DEMO-12", "été"].map((text) => findsNothing(text)),
      [false, false, false, false],
    );
    assert.equal(findsNothing(undefined), false);
  });

  test("counts no feedback in any status, without asking the store", async () => {
    const store = {
      countByStatus: async () => assert.fail("the store is not asked"),
      findUser: async () => null,
      listTags: async () => [],
    };
    assert.deepEqual(await countFeedbacks({ store, clock: () => 0 }, operatorGrant("org"), { query: "!!!" }), { ok: true, value: {} });
  });
});
