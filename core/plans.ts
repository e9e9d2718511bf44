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
