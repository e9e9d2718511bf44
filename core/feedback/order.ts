import type { FeedbackRecord } from "../model.ts";
import type { Severity } from "../schemas/feedback.ts";
import type { FeedbackOrder, ListPosition, ValueOrder } from "../store/feedbacks.ts";
import { dueValue } from "./due-order.ts";

/** Severity as a list sorts it: P0 first, a feedback without severity last. */
const SEVERITY_RANK: Readonly<Record<Severity | "none", number>> = { P0: 0, P1: 1, P2: 2, P3: 3, none: 4 };

/**
 * Severity as the stores keep it for their indexes (`urgency`): it grows as the rank falls (P0 4,
 * none 0), so that the severity order is urgency descending, as every other order is descending.
 */
export const urgencyOf = (severity: Severity | undefined): number => SEVERITY_RANK.none - SEVERITY_RANK[severity ?? "none"];

/** The stored value a list position of this order stands for, which the stores sort on descending: severity's rank as its urgency. */
export const sortedValue = (order: ValueOrder, position: number): number => (order === "severity" ? SEVERITY_RANK.none - position : position);

/** A feedback's place in a list of the given order: the value the order sorts on, and the id that breaks ties. */
export function positionOf(
  feedback: Pick<FeedbackRecord, "id" | "lastActivityAt" | "reports" | "severity" | "votes" | "revenue" | "dueAt">,
  order: FeedbackOrder,
): ListPosition {
  const values: Record<FeedbackOrder, () => number> = {
    activity: () => feedback.lastActivityAt,
    reports: () => feedback.reports,
    severity: () => SEVERITY_RANK[feedback.severity ?? "none"],
    votes: () => feedback.votes ?? 0,
    revenue: () => feedback.revenue ?? 0,
    due: () => dueValue(feedback),
  };
  return { value: values[order](), id: feedback.id };
}

/** A position before every row of a list of this order (where the page after a pinned row starts). */
export const top = (order: FeedbackOrder): ListPosition => ({ value: order === "severity" ? -1 : Number.MAX_SAFE_INTEGER, id: "" });
