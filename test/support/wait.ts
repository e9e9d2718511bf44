/**
 * Waits until `ok(probe())` holds and returns that value; fails the test with `what` if it never
 * does within `ms`. A test that waits must never pass because the wait ran out.
 */
export async function waitFor<T>(what: string, probe: () => T | Promise<T>, ok: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}; last seen: ${JSON.stringify(value)?.slice(0, 500)}`);
    await Bun.sleep(50);
  }
}

/** The SQLite file of a test server, read-only, as a test reads what the background work did. */
interface ReadOnlyDatabase {
  query(sql: string): { get(): unknown };
}

/**
 * Waits until the server's job queue is empty: a job is queued in the transaction that answers
 * the request, and deleted when it completes, so an empty queue proves every job so far has run.
 */
export const jobsDone = (db: ReadOnlyDatabase, ms = 10_000) =>
  waitFor(
    "the background jobs to finish",
    () => (db.query("SELECT count(*) AS n FROM jobs").get() as { n: number }).n,
    (n) => n === 0,
    ms,
  );
