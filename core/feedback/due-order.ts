import type { FeedbackRecord } from "../model.ts";
import type { FeedbackFilter, ListPosition } from "../store/feedbacks.ts";

/*
 * The due order: the feedbacks that have a due date, the soonest first, then those without one, the
 * most recently active first; ties by id descending, as in every order. A store reads it as two
 * runs, each from an index of its own (the due dates' for the first, the order of activity's for
 * the second), which dueOrderAfter and dueOrderUpTo join. A list position (a cursor) holds a place
 * in either run as one number that falls along the list, as every order's value does: 2⁵¹ less the
 * due date in the first run, the time of last activity in the second. A due date is a day of the
 * years 0000 to 9999 (less than 2⁴⁸ ms from 1970 either way) and a last activity a time of this
 * era (below 2⁵⁰), so every value of the first run is above every value of the second.
 */
const DATED = 2 ** 51;
const UNDATED_BELOW = 2 ** 50;

/** The value of a feedback's position in the due order. */
export const dueValue = (feedback: Pick<FeedbackRecord, "dueAt" | "lastActivityAt">): number =>
  feedback.dueAt === undefined ? feedback.lastActivityAt : DATED - feedback.dueAt;

/**
 * Where a position of the due order stands: in the first run, at a due date (`value`) and an id, or
 * in the second, at a time of last activity and an id, as a position of the activity order.
 */
export const duePlace = (position: ListPosition): { readonly run: "dated" | "undated"; readonly at: ListPosition } =>
  position.value > UNDATED_BELOW ? { run: "dated", at: { value: DATED - position.value, id: position.id } } : { run: "undated", at: position };

/**
 * A read of one run of the due order among the feedbacks the filter keeps: strictly after `from`,
 * from the top of the run when null; or read `back` from `from`, its row included, toward the top,
 * the nearest first, from the bottom of the run when null. At most `limit`.
 */
type RunRead = (orgId: string, filter: FeedbackFilter, from: ListPosition | null, limit: number, back: boolean) => Promise<FeedbackRecord[]>;

/** How a store reads the two runs of the due order, for one page (it may prepare what both share, as a search's words). */
export interface DueRuns {
  /** The feedbacks that have a due date (the filter's `due` is one), the soonest first, ties by id descending; a position is a due date as its value, and an id. */
  readonly dated: RunRead;
  /** The feedbacks without one (the filter's `due` is "none"), in the order of activity, whose positions it takes. */
  readonly activity: RunRead;
}

/** The filters of the two runs: with a due date (before a time, if the filter says so) and without; a run the filter's due date leaves out has none. */
function runFilters(filter: FeedbackFilter): { readonly dated?: FeedbackFilter; readonly undated?: FeedbackFilter } {
  return {
    ...(filter.due !== "none" && { dated: { ...filter, due: filter.due ?? "set" } }),
    ...((filter.due === undefined || filter.due === "none") && { undated: { ...filter, due: "none" as const } }),
  };
}

/** A page of the due order strictly after `after` (from the top when null): the rest of the first run, then the second from its top. */
export async function dueOrderAfter(
  runs: DueRuns,
  orgId: string,
  filter: FeedbackFilter,
  after: ListPosition | null,
  limit: number,
): Promise<FeedbackRecord[]> {
  const { dated, undated } = runFilters(filter);
  const place = after && duePlace(after);
  const first = dated && place?.run !== "undated" ? await runs.dated(orgId, dated, place?.at ?? null, limit, false) : [];
  if (first.length >= limit || !undated) return first;
  const from = place?.run === "undated" ? place.at : null;
  return [...first, ...(await runs.activity(orgId, undated, from, limit - first.length, false))];
}

/** The due order read back from `at` (its row included) toward the top, the nearest first: back through the second run, then the first from its bottom. */
export async function dueOrderUpTo(runs: DueRuns, orgId: string, filter: FeedbackFilter, at: ListPosition, limit: number): Promise<FeedbackRecord[]> {
  const { dated, undated } = runFilters(filter);
  const place = duePlace(at);
  const last = undated && place.run === "undated" ? await runs.activity(orgId, undated, place.at, limit, true) : [];
  if (last.length >= limit || !dated) return last;
  return [...last, ...(await runs.dated(orgId, dated, place.run === "dated" ? place.at : null, limit - last.length, true))];
}
