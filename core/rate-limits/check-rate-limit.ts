import { fail, ok, type Result } from "../errors.ts";
import { RATE_WINDOW_MS, rateWindow, secondsUntil } from "../limits.ts";
import type { Clock } from "../ports.ts";
import type { RateLimitStore } from "../store/rate-limits.ts";

/**
 * Counts a request against its subject's budget over the last window (a minute by default).
 *
 * A sliding window, estimated from two fixed ones: the hits of the current window plus those of
 * the previous one, weighted by how much of it still lies within the last window. Fixed windows
 * alone would let twice the budget through around a boundary; this lets about the budget through
 * in any window, with two counters any store keeps atomically, shared by every server. Refused
 * requests count too, so a client that keeps pushing stays refused.
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
  const [count, before] = await Promise.all([store.hitRateLimit(current.bucket, current.endsAt + windowMs), store.rateCount(previous.bucket)]);
  const overlap = (current.endsAt - now) / windowMs;
  if (before * overlap + count <= limit) return ok(undefined);
  // The last window slides on, and the older hits weigh less and less: the retry (which counts too)
  // passes once they weigh little enough, within this window if its own hits leave room, else in the next.
  const room = limit - count - 1;
  const freeAt = room >= 0 ? current.endsAt - (room / before) * windowMs : current.endsAt + windowMs * Math.max(0, 1 - (limit - 1) / count);
  return fail("rate_limited", secondsUntil(freeAt, now));
}
