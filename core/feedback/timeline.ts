import type { EventType } from "./events.ts";
import type { CommentEntry, Feedback, ReportEntry } from "../schemas/feedback.ts";
import type { Status } from "../schemas/feedback.ts";

/** One line of a feedback's activity, oldest first. */
export type TimelineEntry =
  | { readonly kind: "report"; readonly at: string; readonly report: ReportEntry }
  | { readonly kind: "status"; readonly at: string; readonly from: Status; readonly to: Status; readonly comment?: CommentEntry }
  | { readonly kind: "comment"; readonly at: string; readonly comment: CommentEntry };

/**
 * What happened to a feedback, in order: its reports, each status change (with who and why when
 * a comment came with it), and comments. A status event names the status it left; the one it
 * reached is the next event's previous status, or the current one.
 */
export function timeline(
  feedback: Pick<Feedback, "status" | "reportList" | "comments">,
  history: ReadonlyArray<{ readonly type: EventType; readonly previousStatus: Status | null; readonly at: number }>,
): TimelineEntry[] {
  const changes = history.filter((e) => e.type === "feedback.status_changed" && e.previousStatus !== null);
  const iso = (at: number) => new Date(at).toISOString();
  const statuses = changes.map((e, i): TimelineEntry => {
    const to = changes[i + 1]?.previousStatus ?? feedback.status;
    const comment = feedback.comments.find((c) => c.at === iso(e.at) && c.statusChange?.to === to);
    return { kind: "status", at: iso(e.at), from: e.previousStatus!, to, ...(comment && { comment }) };
  });
  const told = new Set(statuses.flatMap((s) => (s.kind === "status" && s.comment ? [s.comment] : [])));
  const comments = feedback.comments.filter((c) => !told.has(c)).map((comment): TimelineEntry => ({ kind: "comment", at: comment.at, comment }));
  const reports = feedback.reportList.map((report): TimelineEntry => ({ kind: "report", at: report.at, report }));
  return [...reports, ...statuses, ...comments].sort((a, b) => a.at.localeCompare(b.at));
}
