import { fail, ok, type Result } from "../errors.ts";
import { rateWindow, secondsUntil } from "../limits.ts";
import type { RateLimitStore } from "../store/rate-limits.ts";

/** A budget of failures: `attempts` in a fixed window of `windowMs`. */
interface FailureTier {
  readonly attempts: number;
  readonly windowMs: number;
}

/**
 * Failures (of a sign-in) counted per tier in fixed windows, beside the sliding limiter: only a
 * failure counts, after the fact, so a person who gets it right costs nothing, and a tier spent in
 * its window refuses until that window ends. `check` says whether a next attempt may run; `fail`
 * counts a failed one in every tier.
 */
export function failureBudget(store: RateLimitStore, subject: string, tiers: readonly FailureTier[], now: number) {
  const windows = tiers.map((tier) => ({ ...tier, window: rateWindow(`${subject}:${tier.windowMs}`, now, tier.windowMs) }));
  return {
    async check(): Promise<Result<void>> {
      for (const tier of windows) {
        if ((await store.rateCount(tier.window.bucket)) >= tier.attempts) return fail("rate_limited", secondsUntil(tier.window.endsAt, now));
      }
      return ok(undefined);
    },
    async fail(): Promise<void> {
      for (const tier of windows) await store.hitRateLimit(tier.window.bucket, tier.window.endsAt);
    },
  };
}
