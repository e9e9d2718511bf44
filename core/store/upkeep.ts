/** What keeps the store itself running: expiry, health, memory, search entries and shutdown. */
export interface StoreUpkeep {
  /**
   * Deletes what has expired: rate counters, idempotency records, qualification sessions, Slack
   * events, password reset links, portal links and sessions, and tokens (personal and agents').
   * Deleting an expired refresh token takes nothing from anyone: it is refused anyway
   * (judgeRefreshToken). Its record of a use goes with it, so a used one replayed after its expiry is
   * refused as unknown instead of revoking its agent; but the client it was stolen from, refused
   * too, authorizes again, and the new agent replaces the old one (replacedBy).
   */
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
