import type { RateLimitStore } from "../../core/store/rate-limits.ts";
import { type Database, expiryDate, isDuplicateKey } from "./database.ts";
import { rememberEnded } from "../../core/rate-limits/ended-counts.ts";

/** Hits per rate-limit bucket; a bucket names its window, and expires once the window has passed. */
export function rateLimitStore(data: Database): RateLimitStore {
  const rateCount = async (bucket: string) => ((await data.collection("rate_counters").findOne({ _id: bucket }))?.count as number | undefined) ?? 0;
  return {
    rateCount,
    // Read once per process: a window is six of them, with every request.
    endedCount: rememberEnded(rateCount),

    async hitRateLimit(bucket, expiresAt) {
      const update = { $inc: { count: 1 }, $setOnInsert: { expiresAt, expiresAtDate: expiryDate(expiresAt) } };
      for (;;) {
        try {
          const counter = await data.collection("rate_counters").findOneAndUpdate({ _id: bucket }, update, { upsert: true, returnDocument: "after" });
          return counter!.count as number;
        } catch (error) {
          // Two first hits raced on the upsert; the loser counts on the winner's document.
          if (!isDuplicateKey(error)) throw error;
        }
      }
    },
  };
}
