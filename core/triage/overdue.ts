import { isOpen } from "../feedback/status.ts";
import type { Status } from "../schemas/feedback.ts";

const DAY_MS = 86_400_000;

/**
 * Whether a feedback is late at `now` (the clock's time): still open once its due day is over. A
 * due date is a day, as the team sets it and the pages show it (in UTC): a feedback due today is
 * not late before midnight, and a delivered or dismissed one is late no more.
 */
export function isOverdue(feedback: { readonly status: Status; readonly dueAt?: string }, now: number): boolean {
  if (feedback.dueAt === undefined || !isOpen(feedback.status)) return false;
  const dueDay = Math.floor(Date.parse(feedback.dueAt) / DAY_MS);
  return Math.floor(now / DAY_MS) > dueDay;
}
