/** What keeps the store itself running: expiry, health, memory and shutdown. */
export interface StoreUpkeep {
  /** Deletes expired rate counters, idempotency records, qualification sessions and password reset links. */
  purgeExpired(now: number): Promise<void>;
  /** True when the database answers. */
  ping(): Promise<boolean>;
  /** Gives back the memory that caches grew to under load (the server calls it once work has stopped). */
  releaseMemory(): Promise<void>;
  close(): Promise<void>;
}
