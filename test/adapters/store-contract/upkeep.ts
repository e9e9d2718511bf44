import { describe, expect, test } from "bun:test";
import type { Store } from "../../../core/services.ts";
import { contractKit } from "./kit.ts";

/** What keeps the store itself running: expiry, health, memory and shutdown. */
export function upkeepContract(makeStore: () => Promise<Store>) {
  const { qualificationSession } = contractKit();

  describe("upkeep", () => {
    test("ping answers true on a fresh store", async () => {
      const store = await makeStore();
      expect(await store.ping()).toBe(true);
    });

    test("after releaseMemory the store still reads what it held and writes more", async () => {
      const store = await makeStore();
      await store.hitRateLimit("kept", 100);
      await store.releaseMemory();
      expect(await store.rateCount("kept")).toBe(1);
      expect(await store.hitRateLimit("kept", 100)).toBe(2);
    });

    test("purgeExpired deletes the rate counters expired at its time, and keeps the live ones", async () => {
      const store = await makeStore();
      await store.hitRateLimit("ended", 100);
      await store.hitRateLimit("live", 101);
      await store.purgeExpired(100);
      expect(await store.rateCount("ended")).toBe(0);
      expect(await store.rateCount("live")).toBe(1);
    });

    test("purgeExpired deletes the idempotent answers expired at its time, and keeps the live ones", async () => {
      const store = await makeStore();
      const response = { kind: "step" as const, body: { id: "q1", status: "drop" as const } };
      const write = { scope: "s", fingerprint: "fp", now: 1 };
      await store.saveAnswer({ ...write, key: "ended", expiresAt: 100 }, response);
      await store.saveAnswer({ ...write, key: "live", expiresAt: 101 }, response);
      await store.purgeExpired(100);
      // An expired answer reads as gone anyway: read at a time it was live, only a deleted one is missing.
      expect(await store.findAnswer("s", "ended", 50)).toBeNull();
      expect(await store.findAnswer("s", "live", 50)).toEqual({ fingerprint: "fp", response });
    });

    test("purgeExpired deletes the qualification sessions expired at its time, and keeps the live ones", async () => {
      const store = await makeStore();
      await store.saveQualification(qualificationSession("ended", 100));
      await store.saveQualification(qualificationSession("live", 101));
      await store.purgeExpired(100);
      // As with answers, read at a time the session was live: only a deleted one is missing.
      expect(await store.findQualification("ended", 50)).toBeNull();
      expect(await store.findQualification("live", 50)).toEqual(qualificationSession("live", 101));
    });

    test("close resolves", async () => {
      const store = await makeStore();
      await expect(store.close()).resolves.toBeUndefined();
    });
  });
}
