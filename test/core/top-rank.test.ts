import { test } from "node:test";
import assert from "node:assert/strict";
import { topRank, topRankParts } from "../../core/portal/top-rank.ts";

test("a top rank orders by votes first, then by reports, and gives both back", () => {
  assert.ok(topRank({ votes: 1, reports: 1 }) > topRank({ votes: 0, reports: 5000 }));
  assert.ok(topRank({ votes: 3, reports: 2 }) > topRank({ votes: 3, reports: 1 }));
  assert.equal(topRank({ reports: 4 }), 4);
  assert.deepEqual(topRankParts(topRank({ votes: 120_000, reports: 77 })), { votes: 120_000, reports: 77 });
});
