import { fail, ok, type Result } from "../errors.ts";
import { RATE_WINDOW_MS, secondsUntil, slicedWindow } from "./window.ts";
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
  const window = slicedWindow(subject, now, windowMs);
  // A slice's counter is read again while a window reaches into it: a window after its end.
  const [count, ...before] = await Promise.all([
    store.hitRateLimit(window.bucket, window.endsAt + windowMs),
    ...window.before.map((bucket) => store.endedCount(bucket)),
  ]);
  const fit = slidingFit({ limit, slices: [...before, count!], pending: 0, now, endsAt: window.endsAt, sliceMs: window.sliceMs });
  return fit.fits ? ok(undefined) : fail("rate_limited", secondsUntil(fit.freeAt, now));
}
