import { DUE_DATE_PATTERN } from "../schemas/triage.ts";

const DUE_DATE = new RegExp(DUE_DATE_PATTERN);

/**
 * Whether a due date's day is one of the calendar's: Date.parse takes 2026-02-30 as 2 March, where
 * the person meant a day that does not exist.
 */
function onTheCalendar(dueAt: string): boolean {
  const [year, month, day] = dueAt.slice(0, 10).split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The time a due date stands for, as stored: a day alone is its midnight UTC, a date and time with
 * its offset is kept to the millisecond; undefined for text that is no date of the calendar.
 */
export function dueTime(dueAt: string): number | undefined {
  if (!DUE_DATE.test(dueAt) || !onTheCalendar(dueAt)) return undefined;
  const at = Date.parse(dueAt.length === 10 ? `${dueAt}T00:00:00Z` : dueAt);
  return Number.isNaN(at) ? undefined : at;
}
