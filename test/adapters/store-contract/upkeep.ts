import { describe, expect, test } from "bun:test";
import type { StoreUpkeep } from "../../../core/store/upkeep.ts";
import type { IdempotencyStore } from "../../../core/store/idempotency.ts";
import type { QualificationStore } from "../../../core/store/qualifications.ts";
import type { RateLimitStore } from "../../../core/store/rate-limits.ts";
import type { FeedbackStore } from "../../../core/store/feedbacks.ts";
import { contractKit, type Seeding } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = StoreUpkeep &
  Pick<IdempotencyStore, "findAnswer" | "saveAnswer"> &
  Pick<QualificationStore, "findQualification" | "saveQualification"> &
  Pick<RateLimitStore, "hitRateLimit" | "rateCount"> &
  Pick<FeedbackStore, "listFeedbacks"> &
  Seeding;

/** What keeps the store itself running: expiry, health, memory, search entries and shutdown. */
export function upkeepContract(makeStore: () => Promise<Subject>) {
  const { qualificationSession, seed, record } = contractKit();
  // Expiries an hour ahead: a real MongoDB's TTL index would delete a document dated 1970 on its own, mid-test.
  const T = Date.now() + 3_600_000;

  describe("upkeep", () => {
    test("ping answers true on a fresh store", async () => {
      const store = await makeStore();
      expect(await store.ping()).toBe(true);
    });

    test("after releaseMemory the store still reads what it held and writes more", async () => {
      const store = await makeStore();
      await store.hitRateLimit("kept", T);
      await store.releaseMemory();
      expect(await store.rateCount("kept")).toBe(1);
      expect(await store.hitRateLimit("kept", T)).toBe(2);
    });

    test("purgeExpired deletes the rate counters expired at its time, and keeps the live ones", async () => {
      const store = await makeStore();
      await store.hitRateLimit("ended", T);
      await store.hitRateLimit("live", T + 1);
      await store.purgeExpired(T);
      expect(await store.rateCount("ended")).toBe(0);
      expect(await store.rateCount("live")).toBe(1);
    });

    test("purgeExpired deletes the idempotent answers expired at its time, and keeps the live ones", async () => {
      const store = await makeStore();
      const response = { kind: "step" as const, body: { id: "q1", status: "drop" as const } };
      const write = { scope: "s", fingerprint: "fp", now: T - 1_000 };
      await store.saveAnswer({ ...write, key: "ended", expiresAt: T }, response);
      await store.saveAnswer({ ...write, key: "live", expiresAt: T + 1 }, response);
      await store.purgeExpired(T);
      // An expired answer reads as gone anyway: read at a time it was live, only a deleted one is missing.
      expect(await store.findAnswer("s", "ended", T - 500)).toBeNull();
      expect(await store.findAnswer("s", "live", T - 500)).toEqual({ fingerprint: "fp", response });
    });

    test("purgeExpired deletes the qualification sessions expired at its time, and keeps the live ones", async () => {
      const store = await makeStore();
      await store.saveQualification(qualificationSession("ended", T));
      await store.saveQualification(qualificationSession("live", T + 1));
      await store.purgeExpired(T);
      // As with answers, read at a time the session was live: only a deleted one is missing.
      expect(await store.findQualification("ended", T - 500)).toBeNull();
      expect(await store.findQualification("live", T - 500)).toEqual(qualificationSession("live", T + 1));
    });

    test("catchUpSearch writes at most `limit` search entries a call and none twice; a search finds every feedback whether its entry was caught up or not", async () => {
      const store = await makeStore();
      const org = await seed(store);
      for (const [i, message] of ["Export fails", "Export is slow", "Export is empty"].entries()) await record(store, org, message, 1 + i);
      expect(await store.catchUpSearch(2)).toBeLessThanOrEqual(2);
      expect((await store.listFeedbacks(org.orgId, { statuses: ["triage"], words: ["export"] }, null, 10)).length).toBe(3);
      // The search wrote the entry still waiting: none is left, and none is written again.
      expect(await store.catchUpSearch(10)).toBe(0);
    });

    test("close resolves", async () => {
      const store = await makeStore();
      await expect(store.close()).resolves.toBeUndefined();
    });
  });
}
