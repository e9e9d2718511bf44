import type { Status, StatusFilter } from "../schemas/feedback.ts";
import type { EventDraft, JobRequest } from "./events.ts";

export const INITIAL_STATUS: Status = "triage";

const OPEN: readonly Status[] = ["triage", "prioritized", "in_development", "fixed"];
const CLOSED: readonly Status[] = ["delivered", "dismissed"];

export const isOpen = (status: Status): boolean => OPEN.includes(status);

/** The statuses a list filter selects; `all` selects every status. */
export function statusesOf(filter: StatusFilter): readonly Status[] {
  if (filter === "open") return OPEN;
  if (filter === "closed") return CLOSED;
  if (filter === "all") return [...OPEN, ...CLOSED];
  return [filter];
}

/** How many feedbacks of these statuses the counts per status hold (a status not counted holds none). */
export const countAmong = (counts: Partial<Record<Status, number>>, statuses: readonly Status[]): number =>
  statuses.reduce((sum, s) => sum + (counts[s] ?? 0), 0);

/** How many feedbacks a status filter holds, from the counts per status. */
export const countIn = (counts: Partial<Record<Status, number>>, filter: StatusFilter): number => countAmong(counts, statusesOf(filter));

interface Transition {
  readonly changed: boolean;
  readonly events: readonly EventDraft[];
  readonly jobs: readonly JobRequest[];
}

/**
 * Any status may move to any other. Staying in place changes nothing and emits nothing;
 * reaching `delivered` also ships the feedback and notifies its followers, but not the person who
 * made the change (`by`, a user id). A feedback reopened is compared again: grouping left it alone
 * while it was closed, and its kind may have changed then.
 */
export function transition(feedback: { readonly orgId: string; readonly id: string }, from: Status, to: Status, by?: string): Transition {
  if (from === to) return { changed: false, events: [], jobs: [] };
  const changed: EventDraft = { type: "feedback.status_changed", previousStatus: from };
  if (!isOpen(from) && isOpen(to)) {
    return { changed: true, events: [changed], jobs: [{ kind: "regroup_feedback", orgId: feedback.orgId, feedbackId: feedback.id }] };
  }
  if (to !== "delivered") return { changed: true, events: [changed], jobs: [] };
  return {
    changed: true,
    events: [changed, { type: "feedback.shipped", previousStatus: from }],
    jobs: [{ kind: "notify_followers", orgId: feedback.orgId, feedbackId: feedback.id, ...(by && { detail: by }) }],
  };
}
