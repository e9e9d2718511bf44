import type { Database } from "bun:sqlite";
import { hearingErrors, storeUnavailable, type UnavailableReason } from "../../core/store-unavailable.ts";

interface Pending {
  readonly work: () => unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

export interface WriteBatch {
  /** Runs `work` atomically in the next group commit; resolves once that commit is durable. */
  run<T>(work: () => T): Promise<T>;
  /** Whether the last write was refused because the store cannot write (see below), less than `ms` ago. */
  refusedWithin(ms: number): boolean;
  /**
   * `store` with its methods' errors told as the batch tells its writes' (a store that cannot write
   * marked, and remembered as a refusal): for stores that write outside the batch, in a transaction
   * of their own.
   */
  unbatched<S extends object>(store: S): S;
}

/**
 * SQLite's codes (extended ones start with theirs) for a file that cannot take writes whatever is
 * written: a full disk (or max_page_count reached), a file or disk become read-only, a disk that
 * fails to read or write, a file that can no longer be opened (its directory gone or unmounted).
 */
function reasonOf(error: unknown): UnavailableReason | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return null;
  if (code === "SQLITE_FULL") return "full";
  if (code.startsWith("SQLITE_READONLY")) return "read_only";
  if (code.startsWith("SQLITE_IOERR") || code.startsWith("SQLITE_CANTOPEN")) return "unreachable";
  return null;
}

/**
 * Group commit. A commit costs far more than the statements in it (each writes every page it
 * dirtied to the WAL), so the writes queued during two turns of the event loop share one
 * transaction: a second turn lets the requests read in the meantime join the commit (about 10 %
 * more reports per second under load than one turn, and than three; measured). Should any write
 * throw, the shared transaction is rolled back and every write is replayed in a transaction of its
 * own, so one failure never takes others with it. No caller hears of success before its commit.
 * Every write runs here or through `unbatched`, so this is where a store that cannot write is told
 * apart from a failing write. `onWritesAgain` is told when a write commits after such a refusal.
 */
export function createWriteBatch(db: Database, onWritesAgain: () => void = () => {}): WriteBatch {
  let queue: Pending[] = [];
  // When the last write was refused because the store cannot write; null once a write commits.
  let refusedAt: number | null = null;

  /** The error a writer hears: the store's own, or, when the store cannot write at all, one marked so (core/store-unavailable.ts). */
  function heard(error: unknown): unknown {
    const reason = reasonOf(error);
    if (!reason) return error;
    refusedAt = performance.now();
    return storeUnavailable(reason, error);
  }

  function committed(): void {
    if (refusedAt === null) return;
    refusedAt = null;
    onWritesAgain();
  }
  // Prepared once: Bun's db.transaction() builds a new wrapper per call, which costs more than the writes.
  const begin = db.prepare("BEGIN IMMEDIATE");
  const commit = db.prepare("COMMIT");
  const rollback = db.prepare("ROLLBACK");

  /** Runs writes in one transaction; throws (after rolling back) if any of them throws. */
  function together(batch: readonly Pending[]): unknown[] {
    begin.run();
    try {
      const values = batch.map((item) => item.work());
      commit.run();
      return values;
    } catch (error) {
      if (db.inTransaction) rollback.run();
      throw error;
    }
  }

  function flush(): void {
    const batch = queue;
    queue = [];
    let values: unknown[];
    try {
      values = together(batch);
    } catch {
      for (const item of batch) {
        try {
          item.resolve(together([item])[0]);
          committed();
        } catch (error) {
          item.reject(heard(error));
        }
      }
      return;
    }
    committed();
    for (const [i, item] of batch.entries()) item.resolve(values[i]);
  }

  return {
    run<T>(work: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (queue.length === 0) setImmediate(() => setImmediate(flush));
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      });
    },
    refusedWithin(ms: number): boolean {
      return refusedAt !== null && performance.now() - refusedAt < ms;
    },
    // Only the refusals: whether a method wrote, and so whether its success is a commit, is not known here.
    unbatched: <S extends object>(store: S): S => hearingErrors(store, heard),
  };
}
