import { isOpen } from "../feedback/status.ts";
import type { Status } from "../schemas/feedback.ts";

const DAY_MS = 86_400_000;

/**
 * The time before which a due date is past at `now`: the start of the clock's day (UTC). A due date
 * is a day, as the team sets it and the pages show it: a feedback due today is not late before
 * midnight, whatever the time of day it names.
 */
export const pastDueBefore = (now: number): number => Math.floor(now / DAY_MS) * DAY_MS;

/**
 * Whether a feedback is late at `now` (the clock's time): still open once its due day is over. A
 * delivered or dismissed one is late no more. The inbox's Overdue filter asks the stores the same
 * (list-filter.ts).
 */
export function isOverdue(feedback: { readonly status: Status; readonly dueAt?: string }, now: number): boolean {
  if (feedback.dueAt === undefined || !isOpen(feedback.status)) return false;
  return Date.parse(feedback.dueAt) < pastDueBefore(now);
}
