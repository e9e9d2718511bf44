/** Rate counters, shared by every process (the limiter that reads them is core/rate-limits/check-rate-limit.ts). */
export interface RateLimitStore {
  /** Counts one hit in a window's bucket and returns the count so far. */
  hitRateLimit(bucket: string, expiresAt: number): Promise<number>;
  /** The hits counted so far in a bucket (0 for none), without counting one. */
  rateCount(bucket: string): Promise<number>;
  /**
   * The hits of a window's slice that has ended (0 for none). They no longer change, so a store may
   * answer from memory once it has read them (rememberEnded): the limiter asks for six with every
   * request. Across processes, a hit another server counts late (its clock behind, its write in
   * flight) may be missed: a few hits of one slice, against a budget of a minute.
   */
  endedCount(bucket: string): Promise<number>;
}
