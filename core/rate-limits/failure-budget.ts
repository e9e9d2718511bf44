import { fail, ok, type Result } from "../errors.ts";
import { rateWindow, secondsUntil } from "./window.ts";
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
  const windows = tiers.map((tier) => ({
    ...tier,
    current: rateWindow(`${subject}:${tier.windowMs}`, now, tier.windowMs),
    previous: rateWindow(`${subject}:${tier.windowMs}`, now - tier.windowMs, tier.windowMs),
  }));
  return {
    async check(): Promise<Result<void>> {
      for (const tier of windows) {
        const [counted, before] = await Promise.all([store.rateCount(tier.current.bucket), store.endedCount(tier.previous.bucket)]);
        const fit = slidingFit({ limit: tier.attempts, counted, before, pending: 1, now, endsAt: tier.current.endsAt, windowMs: tier.windowMs });
        if (!fit.fits) return fail("rate_limited", secondsUntil(fit.freeAt, now));
      }
      return ok(undefined);
    },
    async fail(): Promise<void> {
      // Read again as "previous" during the next window, a counter lives one window more.
      for (const tier of windows) await store.hitRateLimit(tier.current.bucket, tier.current.endsAt + tier.windowMs);
    },
  };
}
