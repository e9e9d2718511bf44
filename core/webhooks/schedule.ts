const MINUTE = 60_000;

/** Delays before each retry: 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h; then the delivery is abandoned. */
export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = [1, 5, 30, 120, 360, 720, 1440].map((m) => m * MINUTE);

/** When to try again after the given failed attempt (1-based), or null to give up. */
export function nextAttemptAt(failedAttempt: number, now: number, schedule: readonly number[]): number | null {
  const delay = schedule[failedAttempt - 1];
  return delay === undefined ? null : now + delay;
}

/** Receivers have this long to answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;
