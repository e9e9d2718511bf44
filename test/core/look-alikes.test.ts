import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { CANDIDATE_STATUSES, RAREST_KEYS } from "../../core/grouping/candidates.ts";
import { lookAlikeQuery } from "../../core/portal/look-alikes.ts";

const app = { orgId: "org", appId: "app" };

describe("the look-alikes of a text a person is writing", () => {
  test("are read through the text's rarest keys in the app, a key one feedback carries first of all", () => {
    const frequencies = new Map([
      ["w:the", 900],
      ["w:calendar", 1],
      ["w:sync", 12],
      ["w:google", 3],
      ["w:booking", 40],
      ["w:page", 300],
    ]);
    const query = lookAlikeQuery(app, frequencies);
    assert.deepEqual(query?.keys, ["w:calendar", "w:google", "w:sync", "w:booking"]);
    assert.equal(query?.keys.length, RAREST_KEYS);
    assert.deepEqual(query?.statuses, CANDIDATE_STATUSES);
    assert.equal(query?.exclude, "");
  });

  test("a text none of whose keys a feedback carries has no candidates to read", () => {
    assert.equal(lookAlikeQuery(app, new Map([["w:zanzibar", 0]])), null);
    assert.equal(lookAlikeQuery(app, new Map()), null);
  });
});
