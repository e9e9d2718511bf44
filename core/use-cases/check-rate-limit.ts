import { fail, ok, type Result } from "../errors.ts";
import { rateWindow, secondsUntil } from "../limits.ts";
import type { Clock } from "../ports.ts";
import type { RateLimitStore } from "../store.ts";

/** Counts a request against its subject's budget for the current minute. */
export async function checkRateLimit(store: RateLimitStore, clock: Clock, subject: string, perMinute: number): Promise<Result<void>> {
  const now = clock();
  const window = rateWindow(subject, now);
  const count = await store.hitRateLimit(window.bucket, window.endsAt);
  return count > perMinute ? fail("rate_limited", secondsUntil(window.endsAt, now)) : ok(undefined);
}
