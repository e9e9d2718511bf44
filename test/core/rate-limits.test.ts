import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkRateLimit } from "../../core/rate-limits/check-rate-limit.ts";
import { failureBudget } from "../../core/rate-limits/failure-budget.ts";
import { slidingFit } from "../../core/rate-limits/sliding-window.ts";
import { rateWindow, secondsUntil } from "../../core/rate-limits/window.ts";
import type { RateLimitStore } from "../../core/store/rate-limits.ts";

/** A store's counters in memory: what every store keeps atomically, shared by its servers. */
function counters(): RateLimitStore {
  const counts = new Map<string, number>();
  return {
    async hitRateLimit(bucket) {
      counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
      return counts.get(bucket)!;
    },
    rateCount: async (bucket) => counts.get(bucket) ?? 0,
    endedCount: async (bucket) => counts.get(bucket) ?? 0,
  };
}

const MINUTE = 60_000;
/** 10:00:00 UTC, the start of a window. */
const T0 = Date.UTC(2026, 10, 26, 10, 0, 0);

describe("the sliding window", () => {
  const at = (now: number, counted: number, before: number, pending: 0 | 1 = 0) =>
    slidingFit({ limit: 10, counted, before, pending, now, endsAt: T0 + MINUTE, windowMs: MINUTE });

  test("counts the previous window's hits by how much of it still lies within the last minute", () => {
    // A quarter of the way in, three quarters of the previous window still count: 8 × 0.75 + 4 = 10.
    assert.deepEqual(at(T0 + MINUTE / 4, 4, 8), { fits: true });
    assert.equal(at(T0 + MINUTE / 4, 5, 8).fits, false);
  });

  test("a hit refused while its own window has room fits once the older hits weigh little enough, within this window", () => {
    // 6 of its own leave room for 3 more from the previous 8: they weigh little enough 5/8 of the way in.
    assert.deepEqual(at(T0 + MINUTE / 4, 6, 8), { fits: false, freeAt: T0 + MINUTE - (3 / 8) * MINUTE });
  });

  test("a hit refused when its own window is full fits only in the next one", () => {
    const refused = at(T0 + MINUTE / 2, 12, 0);
    assert.equal(refused.fits, false);
    assert.ok(!refused.fits && refused.freeAt > T0 + MINUTE);
  });

  test("a failure not yet counted is decided as if it were", () => {
    assert.deepEqual(at(T0, 10, 0, 0), { fits: true });
    assert.equal(at(T0, 10, 0, 1).fits, false);
  });
});

describe("the rate limiter", () => {
  test("lets the budget through in a window, then refuses with the seconds until a retry fits", async () => {
    const store = counters();
    const clock = () => T0 + 30_000;
    for (let i = 0; i < 3; i++) assert.deepEqual(await checkRateLimit(store, clock, "ip:1", 3), { ok: true, value: undefined });
    assert.deepEqual(await checkRateLimit(store, clock, "ip:1", 3), { ok: false, code: "rate_limited", retryAfter: 60 });
  });

  test("counts refused requests too: a client that keeps pushing stays refused into the next window", async () => {
    const store = counters();
    let now = T0 + 50_000;
    for (let i = 0; i < 10; i++) await checkRateLimit(store, () => now, "ip:2", 3);
    // Half-way through the next window, the 3 let through would weigh 1.5 and leave room; the 10 pushed weigh 5.
    now = T0 + MINUTE + 30_000;
    assert.equal((await checkRateLimit(store, () => now, "ip:2", 3)).ok, false);
  });

  test("keeps a budget per subject", async () => {
    const store = counters();
    const clock = () => T0;
    await checkRateLimit(store, clock, "ip:3", 1);
    assert.equal((await checkRateLimit(store, clock, "ip:3", 1)).ok, false);
    assert.equal((await checkRateLimit(store, clock, "ip:4", 1)).ok, true);
  });
});

describe("the failure budget", () => {
  const tiers = [{ attempts: 3, windowMs: MINUTE }];

  test("counts failures only: attempts that succeed cost nothing", async () => {
    const store = counters();
    for (let i = 0; i < 10; i++) assert.equal((await failureBudget(store, "login:ann", tiers, T0).check()).ok, true);
  });

  test("refuses the attempt after the budget's failures, until they weigh little enough", async () => {
    const store = counters();
    for (let i = 0; i < 3; i++) {
      const budget = failureBudget(store, "login:bob", tiers, T0 + 1_000);
      assert.equal((await budget.check()).ok, true);
      await budget.fail();
    }
    assert.deepEqual(await failureBudget(store, "login:bob", tiers, T0 + 1_000).check(), { ok: false, code: "rate_limited", retryAfter: 79 });
    assert.equal((await failureBudget(store, "login:bob", tiers, T0 + MINUTE + 59_000).check()).ok, true);
  });

  test("a failure counts in every tier: a long tier refuses when the short one has room again", async () => {
    const store = counters();
    const both = [
      { attempts: 5, windowMs: MINUTE },
      { attempts: 6, windowMs: 60 * MINUTE },
    ];
    for (let minute = 0; minute < 2; minute++)
      for (let i = 0; i < 3; i++) await failureBudget(store, "login:cy", both, T0 + minute * MINUTE + i).fail();
    assert.equal((await failureBudget(store, "login:cy", both, T0 + 5 * MINUTE).check()).ok, false);
  });
});

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
