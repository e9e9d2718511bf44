import type { Database } from "bun:sqlite";
import type { RateLimitStore } from "../../core/store/rate-limits.ts";
import type { WriteBatch } from "./write-batch.ts";

/** Ended windows' counts kept in memory: a client address or a key each, for the window just ended. */
const ENDED_KEPT = 10_000;

/** Hits of one bucket waiting for the same group commit. */
interface Queued {
  hits: number;
  readonly total: Promise<number>;
}

/**
 * Hits per rate-limit bucket; a bucket names its window, and is purged once the window has passed.
 * The hits of one bucket that wait for the same group commit are counted by one statement (a
 * client sending many requests at once costs one write, not one each), each told its own place in
 * the count; the count of an ended window is read once per process.
 */
export function rateLimitStore(db: Database, batch: WriteBatch): RateLimitStore {
  const count = (bucket: string) => db.query<{ count: number }, [string]>("SELECT count FROM rate_counters WHERE bucket = ?").get(bucket)?.count ?? 0;
  const queued = new Map<string, Queued>();
  const ended = new Map<string, number>();

  return {
    rateCount: async (bucket) => count(bucket),

    async endedCount(bucket) {
      let hits = ended.get(bucket);
      if (hits === undefined) {
        hits = count(bucket);
        if (ended.size >= ENDED_KEPT) ended.delete(ended.keys().next().value!);
        ended.set(bucket, hits);
      }
      return hits;
    },

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
