import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkRateLimit } from "../../core/rate-limits/check-rate-limit.ts";
import { failureBudget } from "../../core/rate-limits/failure-budget.ts";
import { slidingFit } from "../../core/rate-limits/sliding-window.ts";
import { rememberEnded } from "../../core/rate-limits/ended-counts.ts";
import { secondsUntil, slicedWindow } from "../../core/rate-limits/window.ts";
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

/** A window's slice: a sixth of a minute. */
const SLICE = MINUTE / 6;
/** Counts of the six slices before the current one, oldest first, and the current one's. */
const slicesOf = (oldest: number, current: number, whole = [0, 0, 0, 0, 0]) => [oldest, ...whole, current];

describe("the sliding window", () => {
  const at = (now: number, slices: number[], pending: 0 | 1 = 0) =>
    slidingFit({ limit: 10, slices, pending, now, endsAt: T0 + SLICE, sliceMs: SLICE });

  test("counts the slices wholly within the last minute, and the one its start falls in by how much of it is still covered", () => {
    // A quarter of the way into the current slice, three quarters of the oldest are still covered: 8 × 0.75 + 1 + 3 = 10.
    assert.deepEqual(at(T0 + SLICE / 4, slicesOf(8, 3, [1, 0, 0, 0, 0])), { fits: true });
    assert.equal(at(T0 + SLICE / 4, slicesOf(8, 4, [1, 0, 0, 0, 0])).fits, false);
  });

  test("a hit refused while the newer slices leave room fits once the oldest weighs little enough, within the current slice", () => {
    // 6 in the current slice leave room for 3 more of the oldest's 8: they weigh little enough 5/8 of the way in.
    assert.deepEqual(at(T0 + SLICE / 4, slicesOf(8, 6)), { fits: false, freeAt: T0 + SLICE - (3 / 8) * SLICE });
  });

  test("a hit refused when the newer slices alone fill the budget fits once enough of them have left the window", () => {
    // 12 hits in the slice that ends next leave the window during the slice after: room for one when 8 of them weigh.
    const refused = at(T0 + SLICE / 2, slicesOf(0, 0, [12, 0, 0, 0, 0]));
    assert.deepEqual(refused, { fits: false, freeAt: T0 + 2 * SLICE - (9 / 12) * SLICE });
  });

  test("a failure not yet counted is decided as if it were", () => {
    assert.deepEqual(at(T0, slicesOf(0, 10), 0), { fits: true });
    assert.equal(at(T0, slicesOf(0, 10), 1).fits, false);
  });
});

describe("the rate limiter", () => {
  test("lets the budget through in a window, then refuses with the seconds until a retry fits", async () => {
    const store = counters();
    const clock = () => T0 + 30_000;
    for (let i = 0; i < 3; i++) assert.deepEqual(await checkRateLimit(store, clock, "ip:1", 3), { ok: true, value: undefined });
    // The four hits (the refused one too) leave the window with their slice, taken as spread over its ten
    // seconds: two of them still weigh 65 s on, leaving room for one.
    assert.deepEqual(await checkRateLimit(store, clock, "ip:1", 3), { ok: false, code: "rate_limited", retryAfter: 65 });
  });

  test("counts refused requests too: a client that keeps pushing stays refused into the next minute", async () => {
    const store = counters();
    let now = T0 + 50_000;
    for (let i = 0; i < 10; i++) await checkRateLimit(store, () => now, "ip:2", 3);
    // Their slice half left the window: the 3 let through would weigh 1.5 and leave room; the 10 pushed weigh 5.
    now = T0 + MINUTE + 55_000;
    assert.equal((await checkRateLimit(store, () => now, "ip:2", 3)).ok, false);
  });

  test("a burst a minute ago and more no longer counts once the slice it fell in has left the window: the whole budget again", async () => {
    const store = counters();
    let now = T0 + 1_000;
    for (let i = 0; i <= 120; i++) await checkRateLimit(store, () => now, "ip:5", 120);
    assert.equal((await checkRateLimit(store, () => now, "ip:5", 120)).ok, false);
    // Seventy seconds on, nothing of the burst's slice is within the last minute.
    now = T0 + 70_000;
    for (let i = 0; i < 120; i++) assert.equal((await checkRateLimit(store, () => now, "ip:5", 120)).ok, true);
    assert.equal((await checkRateLimit(store, () => now, "ip:5", 120)).ok, false);
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
    assert.deepEqual(await failureBudget(store, "login:bob", tiers, T0 + 1_000).check(), { ok: false, code: "rate_limited", retryAfter: 63 });
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
  test("a window is read from six slices of ten seconds, one counter each; Retry-After counts whole seconds, at least 1", () => {
    const t = Date.UTC(2026, 0, 1, 12, 0, 30, 250);
    const w = slicedWindow("reports:1.2.3.4", t);
    const slice = (at: number) => `reports:1.2.3.4:10000:${at}`;
    assert.equal(w.bucket, slice(Date.UTC(2026, 0, 1, 12, 0, 30)));
    assert.equal(w.endsAt, Date.UTC(2026, 0, 1, 12, 0, 40));
    assert.deepEqual(
      w.before,
      [-30, -20, -10, 0, 10, 20].map((s) => slice(Date.UTC(2026, 0, 1, 12, 0, 0) + s * 1000)),
    );
    assert.equal(secondsUntil(w.endsAt, t), 10);
    assert.equal(secondsUntil(w.endsAt, w.endsAt), 1);
  });
});

describe("ended slices' counts", () => {
  test("are read from the store once, then answered from memory; past the number kept, the oldest read is read again", async () => {
    const reads: string[] = [];
    const ended = rememberEnded(async (bucket) => {
      reads.push(bucket);
      return bucket.length;
    }, 2);
    assert.deepEqual([await ended("a"), await ended("a"), await ended("bb")], [1, 1, 2]);
    assert.deepEqual(reads, ["a", "bb"]);
    await ended("ccc");
    await ended("a");
    assert.deepEqual(reads, ["a", "bb", "ccc", "a"]);
  });

  test("a read that failed is not kept: the next ask reads again", async () => {
    let reads = 0;
    const ended = rememberEnded(async () => {
      reads++;
      if (reads === 1) throw new Error("store unreachable");
      return 4;
    });
    await assert.rejects(ended("a"), /store unreachable/);
    assert.deepEqual([await ended("a"), await ended("a"), reads], [4, 4, 2]);
  });
});
