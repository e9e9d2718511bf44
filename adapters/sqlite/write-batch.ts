import type { Database } from "bun:sqlite";

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

interface Pending {
  readonly work: () => unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

export interface WriteBatch {
  /** Runs `work` atomically in the next group commit; resolves once that commit is durable. */
  run<T>(work: () => T): Promise<T>;
}

/**
 * Group commit. A commit costs far more than the statements in it (each writes every page it
 * dirtied to the WAL), so the writes queued during one turn of the event loop share one
 * transaction. Each runs in its own savepoint: a failing write rolls back alone, the others
 * commit. No caller hears of success before the commit.
 */
export function createWriteBatch(db: Database): WriteBatch {
  let queue: Pending[] = [];
  // Prepared once: Bun's db.transaction() builds a new wrapper per call, which costs more than the writes.
  const begin = db.prepare("BEGIN IMMEDIATE");
  const commit = db.prepare("COMMIT");
  const rollback = db.prepare("ROLLBACK");
  const savepoint = db.prepare("SAVEPOINT item");
  const release = db.prepare("RELEASE item");
  const undo = db.prepare("ROLLBACK TO item");

  function runItem(item: Pending): Outcome {
    savepoint.run();
    try {
      const value = item.work();
      release.run();
      return { ok: true, value };
    } catch (error) {
      undo.run();
      release.run();
      return { ok: false, error };
    }
  }

  function flush(): void {
    const batch = queue;
    queue = [];
    let outcomes: Outcome[];
    try {
      begin.run();
      outcomes = batch.map(runItem);
      commit.run();
    } catch (error) {
      if (db.inTransaction) rollback.run();
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  }

  return {
    run<T>(work: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (queue.length === 0) setImmediate(flush);
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      });
    },
  };
}
