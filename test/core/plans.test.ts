import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { hasFullContext, monthlyQuota, quotaAllows, quotaMonth } from "../../core/plans.ts";

describe("quota arithmetic", () => {
  test("free 100, growth 10,000, enterprise unlimited; an override wins", () => {
    assert.equal(monthlyQuota("free", null), 100);
    assert.equal(monthlyQuota("growth", null), 10_000);
    assert.equal(monthlyQuota("enterprise", null), null);
    assert.equal(monthlyQuota("enterprise", 5), 5);
  });

  test("a month's quota takes one more feedback while fewer than its limit were counted; an unlimited one always does", () => {
    assert.deepEqual([quotaAllows(0, 2), quotaAllows(1, 2), quotaAllows(2, 2), quotaAllows(3, 2)], [true, true, false, false]);
    assert.equal(quotaAllows(1_000_000, null), true);
  });

  test("calendar months in UTC, ending at the next month's first instant", () => {
    assert.deepEqual(quotaMonth(Date.UTC(2026, 11, 31, 23, 59)), { month: "2026-12", endsAt: Date.UTC(2027, 0, 1) });
  });

  test("the full-context add-on comes with growth and enterprise", () => {
    assert.deepEqual([hasFullContext("free"), hasFullContext("growth"), hasFullContext("enterprise")], [false, true, true]);
  });
});
