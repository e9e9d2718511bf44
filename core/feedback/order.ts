import type { FeedbackRecord } from "../model.ts";
import type { Severity } from "../schemas/feedback.ts";
import type { FeedbackOrder, ListPosition } from "../store/feedbacks.ts";

/** Severity as a list sorts it: P0 first, a feedback without severity last. */
export const SEVERITY_RANK: Readonly<Record<Severity | "none", number>> = { P0: 0, P1: 1, P2: 2, P3: 3, none: 4 };

/** A feedback's place in a list of the given order: the value the order sorts on, and the id that breaks ties. */
export function positionOf(
  feedback: Pick<FeedbackRecord, "id" | "lastActivityAt" | "reports" | "severity" | "votes" | "revenue">,
  order: FeedbackOrder,
): ListPosition {
  const values: Record<FeedbackOrder, () => number> = {
    activity: () => feedback.lastActivityAt,
    reports: () => feedback.reports,
    severity: () => SEVERITY_RANK[feedback.severity ?? "none"],
    votes: () => feedback.votes ?? 0,
    revenue: () => feedback.revenue ?? 0,
  };
  return { value: values[order](), id: feedback.id };
}

/** A position before every row of a list of this order (where the page after a pinned row starts). */
export const top = (order: FeedbackOrder): ListPosition => ({ value: order === "severity" ? -1 : Number.MAX_SAFE_INTEGER, id: "" });
