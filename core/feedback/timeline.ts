import type { Author } from "./author.ts";
import type { StatusChange } from "./events.ts";
import type { MergeRecord } from "../merges/merge.ts";
import type { SplitRecord } from "../merges/split.ts";
import type { CommentEntry, Feedback, ReportEntry } from "../schemas/feedback.ts";
import type { Status } from "../schemas/feedback.ts";
import { type NoticeKind, noticeKindOf } from "../notify/notice-key.ts";
import { ASSISTANT, type FieldChange, type TriageChange } from "../triage/journal.ts";

/** The other feedback of a merge or a split, as the timeline names it. */
export interface LinkedFeedback {
  readonly key: string;
  readonly title: string;
}

/** A changelog entry a status change names, as the timeline names it. */
export interface ShippingEntry {
  readonly id: string;
  readonly title: string;
}

/** One line of a feedback's activity, oldest first. */
export type TimelineEntry =
  | { readonly kind: "report"; readonly at: string; readonly report: ReportEntry }
  /** `by` names whose change it was when known, with or without a comment; `entry`, the changelog entry whose publishing made it. */
  | {
      readonly kind: "status";
      readonly at: string;
      readonly from: Status;
      readonly to: Status;
      readonly comment?: CommentEntry;
      readonly by?: Author;
      readonly entry?: ShippingEntry;
    }
  /** Triage fields a person set by hand; a feature is given by its path, not its id. `by` names whose change it was when known. */
  | { readonly kind: "triage"; readonly at: string; readonly changes: readonly FieldChange[]; readonly by?: Author }
  /** What the assistant set when it triaged the feedback (feature, severity, title), as for a person's change. */
  | { readonly kind: "assistant"; readonly at: string; readonly changes: readonly FieldChange[] }
  /** `by` names its author where it is known: the comment's own `author` is the API's wording. */
  | { readonly kind: "comment"; readonly at: string; readonly comment: CommentEntry; readonly by?: Author }
  /**
   * A merge or its undoing: `in` when `other` was merged into this feedback, `out` when this one
   * was merged into `other`. `by` names the person; null when grouping merged on its own.
   */
  | {
      readonly kind: "merge" | "unmerge";
      readonly at: string;
      readonly direction: "in" | "out";
      readonly other: LinkedFeedback;
      readonly by: Author | null;
      readonly score: number | null;
    }
  /** A report of this feedback moved to a new feedback, `other` (`out`); or this feedback made of a report taken out of `other` (`in`). */
  | { readonly kind: "split"; readonly at: string; readonly direction: "in" | "out"; readonly other: LinkedFeedback; readonly by: Author | null }
  /** The linked tracker issue, as it was last brought in line with the feedback. */
  | { readonly kind: "tracker"; readonly at: string; readonly key: string; readonly status: string; readonly url?: string }
  /** E-mails sent about the feedback, of one kind of notice (`notice`), `count` in all, the last at `at`. */
  | { readonly kind: "notified"; readonly at: string; readonly notice: NoticeKind | "other"; readonly count: number };

const iso = (at: number) => new Date(at).toISOString();

/**
 * Entries of one millisecond in the order they are written: a report, then what is triaged of it;
 * an update writes its triage fields before its status, and a status change its comment with it.
 */
const SAME_TIME_ORDER: Readonly<Record<TimelineEntry["kind"], number>> = {
  report: 0,
  assistant: 1,
  triage: 1,
  status: 2,
  comment: 3,
  merge: 4,
  unmerge: 4,
  split: 4,
  tracker: 5,
  notified: 5,
};

/** The entries of the tracker link's last sync and of the e-mails sent, one per kind of notice. */
export function outreachEntries(
  tracker: { readonly key: string; readonly status: string; readonly url?: string; readonly syncedAt?: string } | undefined,
  notifications: ReadonlyArray<{ readonly key: string; readonly sentAt: number }>,
): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  if (tracker?.syncedAt)
    entries.push({ kind: "tracker", at: tracker.syncedAt, key: tracker.key, status: tracker.status, ...(tracker.url && { url: tracker.url }) });
  const byKind = new Map<NoticeKind | "other", { count: number; last: number }>();
  for (const n of notifications) {
    const notice = noticeKindOf(n.key);
    const seen = byKind.get(notice) ?? { count: 0, last: 0 };
    byKind.set(notice, { count: seen.count + 1, last: Math.max(seen.last, n.sentAt) });
  }
  for (const [notice, { count, last }] of byKind) entries.push({ kind: "notified", at: iso(last), notice, count });
  return entries;
}

/**
 * The entries of a feedback's merges (and their undoing) and splits. `feedbackOf` names the other
 * feedback by id, `nameOf` the person by id; a feedback it cannot name is left out.
 */
export function linkEntries(
  feedbackId: string,
  merges: readonly MergeRecord[],
  splits: readonly SplitRecord[],
  feedbackOf: (id: string) => LinkedFeedback | undefined,
  nameOf: (userId: string | null) => Author | null,
): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  for (const m of merges) {
    const direction = m.targetId === feedbackId ? "in" : "out";
    const other = feedbackOf(direction === "in" ? m.sourceId : m.targetId);
    if (!other) continue;
    entries.push({ kind: "merge", at: iso(m.at), direction, other, by: nameOf(m.by), score: m.score });
    if (m.undone) entries.push({ kind: "unmerge", at: iso(m.undone.at), direction, other, by: nameOf(m.undone.by), score: null });
  }
  for (const s of splits) {
    const direction = s.newFeedback.id === feedbackId ? "in" : "out";
    const other = feedbackOf(direction === "in" ? s.feedbackId : s.newFeedback.id);
    if (other) entries.push({ kind: "split", at: iso(s.at), direction, other, by: nameOf(s.by) });
  }
  return entries;
}

/**
 * The entries of the triage changes, made by hand or by the assistant. `nameOf` names a person by id;
 * `shown` gives a feature's path and an owner's name (either kept as stored where there is none).
 */
export function triageEntries(
  changes: readonly TriageChange[],
  nameOf: (userId: string) => Author | null,
  shown: { readonly featureOf: (featureId: string) => string | undefined; readonly ownerOf: (email: string) => string | undefined },
): TimelineEntry[] {
  const as = (of: (stored: string) => string | undefined) => (value: string | null) => (value === null ? null : (of(value) ?? value));
  const [feature, owner] = [as(shown.featureOf), as(shown.ownerOf)];
  return changes.map((c): TimelineEntry => {
    const fields = c.changes.map((f) =>
      f.field === "featureId"
        ? { ...f, from: feature(f.from), to: feature(f.to) }
        : f.field === "owner"
          ? { ...f, from: owner(f.from), to: owner(f.to) }
          : f,
    );
    if (c.by === ASSISTANT) return { kind: "assistant", at: iso(c.at), changes: fields };
    const by = nameOf(c.by);
    return { kind: "triage", at: iso(c.at), ...(by && { by }), changes: fields };
  });
}

/**
 * What happened to a feedback, in order: its reports, each status change (with why when a comment
 * came with it, and who when `nameOf` can tell), comments, and the entries in `links`
 * (linkEntries, triageEntries, outreachEntries). A status event names the status it left; the one
 * it reached is the next event's previous status, or the current one. `entryOf` names a changelog
 * entry by id, for a change its publishing made; one it cannot name is left unsaid.
 */
export function timeline(
  feedback: Pick<Feedback, "status" | "reportList" | "comments">,
  changes: readonly StatusChange[],
  links: readonly TimelineEntry[] = [],
  nameOf: (userId: string) => Author | null = () => null,
  commentBy: (index: number) => Author | null = () => null,
  entryOf: (entryId: string) => ShippingEntry | undefined = () => undefined,
): TimelineEntry[] {
  const statuses = changes.map((e, i): TimelineEntry => {
    const to = changes[i + 1]?.previousStatus ?? feedback.status;
    const index = feedback.comments.findIndex((c) => c.at === iso(e.at) && c.statusChange?.to === to);
    const comment = feedback.comments[index];
    // Who made the change, else (an event from before authors were kept) who wrote its comment.
    const by = (e.by === undefined ? null : nameOf(e.by)) ?? commentBy(index) ?? (comment?.author ? { person: comment.author } : null);
    const entry = e.entryId === undefined ? undefined : entryOf(e.entryId);
    return { kind: "status", at: iso(e.at), from: e.previousStatus, to, ...(comment && { comment }), ...(by && { by }), ...(entry && { entry }) };
  });
  const told = new Set(statuses.flatMap((s) => (s.kind === "status" && s.comment ? [s.comment] : [])));
  const comments = feedback.comments.flatMap((comment, i): TimelineEntry[] => {
    if (told.has(comment)) return [];
    const by = commentBy(i);
    return [{ kind: "comment", at: comment.at, comment, ...(by && { by }) }];
  });
  const reports = feedback.reportList.map((report): TimelineEntry => ({ kind: "report", at: report.at, report }));
  return [...reports, ...statuses, ...comments, ...links].sort(
    (a, b) => a.at.localeCompare(b.at) || SAME_TIME_ORDER[a.kind] - SAME_TIME_ORDER[b.kind],
  );
}
