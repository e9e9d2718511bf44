import type { Database } from "bun:sqlite";
import type { RateLimitStore } from "../../core/store/rate-limits.ts";
import type { WriteBatch } from "./write-batch.ts";
import { rememberEnded } from "../../core/rate-limits/ended-counts.ts";

/** Hits of one bucket waiting for the same group commit. */
interface Queued {
  hits: number;
  readonly total: Promise<number>;
}

/**
 * Hits per rate-limit bucket; a bucket names its window, and is purged once the window has passed.
 * The hits of one bucket that wait for the same group commit are counted by one statement (a
 * client sending many requests at once costs one write, not one each), each told its own place in
 * the count; the count of an ended slice is read once per process.
 */
export function rateLimitStore(db: Database, batch: WriteBatch): RateLimitStore {
  const count = (bucket: string) => db.query<{ count: number }, [string]>("SELECT count FROM rate_counters WHERE bucket = ?").get(bucket)?.count ?? 0;
  const queued = new Map<string, Queued>();

  return {
    rateCount: async (bucket) => count(bucket),
    endedCount: rememberEnded(async (bucket) => count(bucket)),

    async hitRateLimit(bucket, expiresAt) {
      let group = queued.get(bucket);
      if (!group) {
        const hits: Queued = {
          hits: 0,
          total: batch.run(() => {
            queued.delete(bucket);
            return db
              .query<{ count: number }, [string, number, number]>(
                "INSERT INTO rate_counters (bucket, count, expires_at) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET count = count + excluded.count RETURNING count",
              )
              .get(bucket, hits.hits, expiresAt)!.count;
          }),
        };
        group = hits;
        queued.set(bucket, group);
      }
      const place = ++group.hits;
      const { total } = group;
      const joined = group;
      return total.then((counted) => counted - joined.hits + place);
    },
  };
}
