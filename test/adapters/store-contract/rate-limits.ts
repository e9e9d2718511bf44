import { describe, expect, test } from "bun:test";
import type { RateLimitStore } from "../../../core/store/rate-limits.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = RateLimitStore;

/** Rate counters. */
export function rateLimitsContract(makeStore: () => Promise<Subject>) {
  describe("rate limits", () => {
    test("rate counters count per bucket", async () => {
      const store = await makeStore();
      expect([await store.hitRateLimit("a", 10), await store.hitRateLimit("a", 10), await store.hitRateLimit("b", 10)]).toEqual([1, 2, 1]);
      expect([await store.rateCount("a"), await store.rateCount("a"), await store.rateCount("none")]).toEqual([2, 2, 0]);
    });

    test("hits sent together are each counted once, each told its own place in the count", async () => {
      const store = await makeStore();
      await store.hitRateLimit("a", 10);
      const places = await Promise.all([1, 2, 3, 4, 5].map(() => store.hitRateLimit("a", 10)));
      expect(places.sort()).toEqual([2, 3, 4, 5, 6]);
      expect(await Promise.all([store.hitRateLimit("a", 10), store.hitRateLimit("b", 10)])).toEqual([7, 1]);
      expect(await store.rateCount("a")).toBe(7);
    });

    test("an ended window's count is its hits", async () => {
      const store = await makeStore();
      await Promise.all([store.hitRateLimit("ended", 10), store.hitRateLimit("ended", 10)]);
      expect([await store.endedCount("ended"), await store.endedCount("ended"), await store.endedCount("none")]).toEqual([2, 2, 0]);
    });
  });
}
