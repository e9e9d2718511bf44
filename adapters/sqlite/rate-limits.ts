import type { Database } from "bun:sqlite";
import type { RateLimitStore } from "../../core/store/rate-limits.ts";
import type { WriteBatch } from "./write-batch.ts";

/** Hits per rate-limit bucket; a bucket names its window, and is purged once the window has passed. */
export function rateLimitStore(db: Database, batch: WriteBatch): RateLimitStore {
  return {
    rateCount: async (bucket) => db.query<{ count: number }, [string]>("SELECT count FROM rate_counters WHERE bucket = ?").get(bucket)?.count ?? 0,

    hitRateLimit: (bucket, expiresAt) =>
      batch.run(
        () =>
          db
            .query<{ count: number }, [string, number]>(
              "INSERT INTO rate_counters (bucket, count, expires_at) VALUES (?, 1, ?) ON CONFLICT DO UPDATE SET count = count + 1 RETURNING count",
            )
            .get(bucket, expiresAt)!.count,
      ),
  };
}
