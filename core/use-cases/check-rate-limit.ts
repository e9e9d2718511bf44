import { fail, ok, type Result } from "../errors.ts";
import { RATE_WINDOW_MS, rateWindow, secondsUntil } from "../limits.ts";
import type { Clock } from "../ports.ts";
import type { RateLimitStore } from "../store.ts";

/**
 * Counts a request against its subject's budget for the current window (a minute by default).
 * It fails closed: when the count cannot be kept, the error reaches the caller and nothing runs.
 */
export async function checkRateLimit(
  store: RateLimitStore,
  clock: Clock,
  subject: string,
  limit: number,
  windowMs = RATE_WINDOW_MS,
): Promise<Result<void>> {
  const now = clock();
  const window = rateWindow(subject, now, windowMs);
  const count = await store.hitRateLimit(window.bucket, window.endsAt);
  return count > limit ? fail("rate_limited", secondsUntil(window.endsAt, now)) : ok(undefined);
}
