import { fail, ok, type Result } from "../errors.ts";
import { RATE_WINDOW_MS, rateWindow, secondsUntil } from "./window.ts";
import type { Clock } from "../ports.ts";
import type { RateLimitStore } from "../store/rate-limits.ts";
import { slidingFit } from "./sliding-window.ts";

/**
 * Counts a request against its subject's budget over the last window (a minute by default), a
 * sliding window (slidingFit). Refused requests count too, so a client that keeps pushing stays refused.
 *
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
  const current = rateWindow(subject, now, windowMs);
  const previous = rateWindow(subject, now - windowMs, windowMs);
  // The current counter is read again as "previous" during the next window, so it lives one more.
  const [count, before] = await Promise.all([store.hitRateLimit(current.bucket, current.endsAt + windowMs), store.endedCount(previous.bucket)]);
  const fit = slidingFit({ limit, counted: count, before, pending: 0, now, endsAt: current.endsAt, windowMs });
  return fit.fits ? ok(undefined) : fail("rate_limited", secondsUntil(fit.freeAt, now));
}
