/** What keeps the store itself running: expiry, health, memory, search entries and shutdown. */
export interface StoreUpkeep {
  /** Deletes expired rate counters, idempotency records, qualification sessions and password reset links. */
  purgeExpired(now: number): Promise<void>;
  /** True when the database answers. */
  ping(): Promise<boolean>;
  /** Gives back the memory that caches grew to under load (the server calls it once work has stopped). */
  releaseMemory(): Promise<void>;
  /**
   * Writes the search entries of up to `limit` feedbacks recorded without one yet (a store may write
   * them after the report's answer; its searches never miss them); how many it wrote. A store whose
   * search index follows its writes by itself writes none.
   */
  catchUpSearch(limit: number): Promise<number>;
  close(): Promise<void>;
}
