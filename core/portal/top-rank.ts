import type { FeedbackRecord } from "../model.ts";

/** Reports a rank tells apart: beyond this many, a feedback's reports rank as this many. */
const REPORTS_SPAN = 2 ** 26;

/**
 * A published feedback's place in the portal's `top` order as one number: votes first, then
 * reports (capped at 2^26 − 1, far beyond any feedback's), so a cursor keeps a single value.
 * Exact up to 2^27 votes, well inside a double's integers.
 */
export const topRank = (feedback: Pick<FeedbackRecord, "votes" | "reports">): number =>
  (feedback.votes ?? 0) * REPORTS_SPAN + Math.min(feedback.reports, REPORTS_SPAN - 1);

/** The votes and reports a rank was made of: what a store compares a `top` cursor with. */
export const topRankParts = (rank: number): { readonly votes: number; readonly reports: number } => ({
  votes: Math.floor(rank / REPORTS_SPAN),
  reports: rank % REPORTS_SPAN,
});
