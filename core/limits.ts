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

export const PLANS = ["free", "growth", "enterprise"] as const;
export type Plan = (typeof PLANS)[number];

/** Monthly feedback quota per plan; null is unlimited. */
const PLAN_QUOTA: Readonly<Record<Plan, number | null>> = { free: 100, growth: 10_000, enterprise: null };

export const monthlyQuota = (plan: Plan, override: number | null): number | null => override ?? PLAN_QUOTA[plan];

/**
 * Whether a month's quota takes one more feedback: while fewer than its limit were counted (null is
 * unlimited). A store counts a feedback only when it does, in the write that records it.
 */
export const quotaAllows = (used: number, limit: number | null): boolean => limit === null || used < limit;

interface QuotaMonth {
  /** `YYYY-MM`, UTC. */
  readonly month: string;
  readonly endsAt: number;
}

export function quotaMonth(now: number): QuotaMonth {
  const date = new Date(now);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  return { month: `${year}-${String(month + 1).padStart(2, "0")}`, endsAt: Date.UTC(year, month + 1, 1) };
}

/** The full-context add-on comes with these plans. */
export const hasFullContext = (plan: Plan): boolean => plan !== "free";

/**
 * Bounds of an app's feature map: every report reads the whole map to attach a feature, so a map
 * past these would make each report slow and heavy. An import past them is refused whole.
 */
export const MAX_FEATURES_PER_APP = 2000;
export const MAX_CUES_PER_FEATURE = 50;
