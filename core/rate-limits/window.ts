/** Counting windows (a minute unless said otherwise): fixed counters, cheap to keep in any store, over which the limit slides. */
export const RATE_WINDOW_MS = 60_000;

interface RateWindow {
  /** Identifies the counter for this subject and minute. */
  readonly bucket: string;
  readonly endsAt: number;
}

export function rateWindow(subject: string, now: number, windowMs = RATE_WINDOW_MS): RateWindow {
  const start = now - (now % windowMs);
  return { bucket: `${subject}:${start}`, endsAt: start + windowMs };
}

/** Whole seconds until the end of a window, at least 1 (a Retry-After of 0 invites a hot loop). */
export const secondsUntil = (endsAt: number, now: number): number => Math.max(1, Math.ceil((endsAt - now) / 1000));
