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
