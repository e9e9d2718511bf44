import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { hasFullContext, monthlyQuota, quotaAllows, quotaMonth, rateWindow, secondsUntil } from "../../core/limits.ts";

describe("rate-limit arithmetic", () => {
  test("one bucket per subject and minute; Retry-After counts whole seconds to the window's end, at least 1", () => {
    const t = Date.UTC(2026, 0, 1, 12, 0, 30, 250);
    const w = rateWindow("reports:1.2.3.4", t);
    assert.equal(w.bucket, `reports:1.2.3.4:${Date.UTC(2026, 0, 1, 12, 0)}`);
    assert.equal(w.endsAt, Date.UTC(2026, 0, 1, 12, 1));
    assert.equal(secondsUntil(w.endsAt, t), 30);
    assert.equal(secondsUntil(w.endsAt, w.endsAt), 1);
    assert.notEqual(rateWindow("s", t).bucket, rateWindow("s", t + 60_000).bucket);
  });
});

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
