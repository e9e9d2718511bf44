import { fail, ok, type Result } from "../errors.ts";
import { secondsUntil, slicedWindow } from "./window.ts";
import type { RateLimitStore } from "../store/rate-limits.ts";
import { slidingFit } from "./sliding-window.ts";

/** A budget of failures: `attempts` in any window of `windowMs`. */
interface FailureTier {
  readonly attempts: number;
  readonly windowMs: number;
}

/**
 * Failures (of a sign-in) counted per tier in sliding windows, as the rate limiter counts requests
 * (slidingFit): only a failure counts, after the fact, so a person who gets it right costs nothing,
 * and a spent tier refuses until its older failures weigh little enough. `check` says whether a
 * next attempt may run; `fail` counts a failed one in every tier.
 */
export function failureBudget(store: RateLimitStore, subject: string, tiers: readonly FailureTier[], now: number) {
  const windows = tiers.map((tier) => ({ ...tier, window: slicedWindow(`${subject}:${tier.windowMs}`, now, tier.windowMs) }));
  return {
    async check(): Promise<Result<void>> {
      for (const { attempts, window } of windows) {
        const slices = await Promise.all([...window.before.map((bucket) => store.endedCount(bucket)), store.rateCount(window.bucket)]);
        const fit = slidingFit({ limit: attempts, slices, pending: 1, now, endsAt: window.endsAt, sliceMs: window.sliceMs });
        if (!fit.fits) return fail("rate_limited", secondsUntil(fit.freeAt, now));
      }
      return ok(undefined);
    },
    async fail(): Promise<void> {
      // A slice's counter is read again while a window reaches into it: a window after its end.
      for (const { windowMs, window } of windows) await store.hitRateLimit(window.bucket, window.endsAt + windowMs);
    },
  };
}
