import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { hasFullContext, monthlyQuota, quotaMonth, rateWindow, secondsUntil } from "../../core/limits.ts";
import { ERRORS } from "../../core/errors.ts";

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

  test("calendar months in UTC, ending at the next month's first instant", () => {
    assert.deepEqual(quotaMonth(Date.UTC(2026, 11, 31, 23, 59)), { month: "2026-12", endsAt: Date.UTC(2027, 0, 1) });
  });

  test("the full-context add-on comes with growth and enterprise", () => {
    assert.deepEqual([hasFullContext("free"), hasFullContext("growth"), hasFullContext("enterprise")], [false, true, true]);
  });
});

describe("error catalogue", () => {
  test("every code of the spec has its status and an English and a French message", () => {
    const spec: Record<string, number> = {
      invalid_json: 400,
      invalid_ingest: 400,
      invalid_idempotency_key: 400,
      channel_mismatch: 403,
      channel_inactive: 403,
      unknown_app: 404,
      idempotency_in_progress: 409,
      message_too_long: 413,
      payload_too_large: 413,
      idempotency_key_reused: 422,
      rate_limited: 429,
      qualification_failed: 502,
      invalid_answer: 400,
      missing_answer: 400,
      qualification_not_found: 404,
      invalid_query: 400,
      invalid_cursor: 400,
      unauthorized: 401,
      invalid_token: 401,
      insufficient_scope: 403,
      not_found: 404,
      invalid_body: 400,
      forbidden: 403,
    };
    for (const [code, status] of Object.entries(spec)) {
      const entry = ERRORS[code as keyof typeof ERRORS];
      assert.equal(entry.status, status, code);
      assert.ok(entry.en.length > 0 && entry.fr.length > 0 && (entry.en as string) !== entry.fr, code);
    }
  });
});
