import { describe, expect, test } from "bun:test";
import type { Store } from "../../../core/services.ts";

/** Rate counters. */
export function rateLimitsContract(makeStore: () => Promise<Store>) {
  describe("rate limits", () => {
    test("rate counters count per bucket", async () => {
      const store = await makeStore();
      expect([await store.hitRateLimit("a", 10), await store.hitRateLimit("a", 10), await store.hitRateLimit("b", 10)]).toEqual([1, 2, 1]);
      expect([await store.rateCount("a"), await store.rateCount("a"), await store.rateCount("none")]).toEqual([2, 2, 0]);
    });
  });
}
