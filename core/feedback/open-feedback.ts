import { authorize, can, trackerOf } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import { apiKeyName } from "../api-keys/api-key-grant.ts";
import { type Author, authorOf } from "./author.ts";
import { type LinkedFeedback, linkEntries, outreachEntries, type TimelineEntry, timeline, triageEntries } from "./timeline.ts";
import { type SimilarDeps, similarTo } from "../merges/list-similar.ts";
import type { FeedbackRecord, Follower, Grant, ReportRecord, Turn } from "../model.ts";
import type { Feedback, Report, ReportEntry } from "../schemas/feedback.ts";
import type { SimilarFeedback } from "../schemas/merges.ts";
import type { ChangelogStore, EntryLink } from "../store/changelog.ts";
import type { FeedbackStore, StatusComment } from "../store/feedbacks.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { MergeStore } from "../store/merges.ts";
import type { MergeRefusal } from "../merges/refusal.ts";
import { unmergeRefusals } from "../merges/unmerge-feedback.ts";
import { type KeptApart, keptApart, listedMerge, type StandingMerge, standingInto } from "../merges/merged-here.ts";
import type { MergeRecord } from "../merges/merge.ts";
import type { SplitRecord } from "../merges/split.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { TriageStore } from "../store/triage.ts";
import type { UserStore } from "../store/users.ts";
import type { StatusChange } from "./events.ts";
import { ASSISTANT, type TriageChange } from "../triage/journal.ts";
import { type PresentDeps, presentWithReports } from "./present-feedback.ts";
import { resolveFeedback } from "./find-feedback.ts";

/** A report's qualification conversation, with the report it qualified. */
interface ReportConversation {
  readonly report: ReportEntry;
  readonly turns: readonly Turn[];
}

/** A feedback as the inbox shows it: the feedback, its reports with their own context, its activity, its qualification conversations and who follows it. */
interface FeedbackThread {
  readonly feedback: Feedback;
  /** Its reports, oldest first, each with what it alone carried (null without the add-on). */
  readonly reports: readonly Report[];
  readonly activity: readonly TimelineEntry[];
  /** One conversation per report that had one, oldest report first. */
  readonly conversations: readonly ReportConversation[];
  readonly followers: readonly Follower[];
  /** The feedbacks merged into this one (standing merges), each with why its unmerge would be refused now, if it would. */
  readonly merged: readonly MergedHere[];
  /** Open feedbacks of the same app that may tell the same thing, most alike first. */
  readonly similar: readonly SimilarFeedback[];
  /** The changelog entries that ship it, drafts first: where its "delivered" came from, or will. */
  readonly shippedIn: readonly EntryLink[];
  /** Whether the person asking may change its status, merge and split it. */
  readonly canUpdate: boolean;
}

/** A feedback merged into the one shown; `unmergeRefused` is null when the merge can be undone, else why not (the same refusal an unmerge would get). */
export interface MergedHere extends LinkedFeedback {
  readonly unmergeRefused: MergeRefusal | null;
  /** What of its own triage it keeps apart while merged (null when the feedback shown has all of it). */
  readonly keptApart: KeptApart | null;
}

type OpenDeps = PresentDeps &
  SimilarDeps & {
    readonly store: Pick<FeedbackStore, "listReports" | "statusChanges" | "findFeedbacks"> &
      Pick<FollowerStore, "listFollowers" | "listNotifications"> &
      Pick<MergeStore, "listMerges" | "listSplits" | "holdersOf"> &
      Pick<UserStore, "findUser" | "findUserByEmail"> &
      Pick<TriageStore, "triageChanges"> &
      Pick<CatalogStore, "findFeature"> &
      Pick<ChangelogStore, "entriesLinking">;
  };

/** How many similar feedbacks the page offers to merge. */
const SIMILAR_SHOWN = 5;

/** Who an author id stands for, among the people read (authorOf); null for someone no longer known. */
const authors =
  (people: ReadonlyArray<{ readonly id: string; readonly name?: string; readonly email: string } | null>) =>
  (id: string): Author | null =>
    authorOf(
      id,
      people.find((p) => p?.id === id),
    );

/** A feedback's merges and splits, read with the other feedbacks they name and the people who made them. */
interface LinksRead {
  readonly merges: readonly MergeRecord[];
  readonly splits: readonly SplitRecord[];
  readonly named: ReadonlyMap<string, LinkedFeedback>;
  readonly authorOf: (id: string) => Author | null;
  /** The standing merges into it, each with the feedback it merged. */
  readonly standing: readonly StandingMerge<LinkedFeedback>[];
  /** The other feedbacks read, by id, whole. */
  readonly records: ReadonlyMap<string, FeedbackRecord>;
}

/** Reads a feedback's merges and splits, the other feedbacks they name, and the people who made them. */
async function readLinks(services: OpenDeps, record: FeedbackRecord): Promise<LinksRead> {
  const { store } = services;
  const { orgId, id: feedbackId } = record;
  const [merges, splits] = await Promise.all([store.listMerges(orgId, feedbackId), store.listSplits(orgId, feedbackId)]);
  const ids = new Set([...merges.flatMap((m) => [m.sourceId, m.targetId]), ...splits.flatMap((s) => [s.feedbackId, s.newFeedback.id])]);
  ids.delete(feedbackId);
  const people = new Set(
    [...merges.flatMap((m) => [m.by, m.undone?.by ?? null]), ...splits.map((s) => s.by)].filter(
      (id): id is string => id !== null && apiKeyName(id) === null,
    ),
  );
  // The other feedbacks are read together, and the people once each: a popular feedback holds thousands of merges, by a few people.
  const [feedbacks, users] = await Promise.all([store.findFeedbacks(orgId, [...ids]), Promise.all([...people].map((id) => store.findUser(id)))]);
  const named = new Map(feedbacks.map((f) => [f.id, { key: f.key, title: f.title }] as const));
  const records = new Map(feedbacks.map((f) => [f.id, f] as const));
  return { merges, splits, named, records, authorOf: authors(users), standing: standingInto(feedbackId, merges, (id) => named.get(id)) };
}

/** Names the other feedbacks of its merges and splits, and the people who made them; and each merge into it, with why its unmerge would be refused now. */
async function links(
  services: OpenDeps,
  record: FeedbackRecord,
  reports: readonly ReportRecord[],
  read: LinksRead,
): Promise<{ entries: TimelineEntry[]; merged: MergedHere[] }> {
  const { merges, splits, named, records, authorOf, standing } = read;
  const refusals = await unmergeRefusals(
    services,
    record,
    reports.map((r) => r.id),
    standing,
  );
  return {
    entries: linkEntries(
      record.id,
      merges,
      splits,
      (id) => named.get(id),
      // null is grouping's own doing; someone no longer known is still someone, named by their id.
      (id) => (id === null ? null : (authorOf(id) ?? { person: id })),
    ),
    merged: standing.map(({ merge, source }, i) => {
      const merged = records.get(merge.sourceId);
      return { ...source, unmergeRefused: refusals[i] ?? null, keptApart: merged ? keptApart(merged, record) : null };
    }),
  };
}

/**
 * The entries of the triage changes (an owner and a feature by name and path), and who made each
 * status change: a member by name (or e-mail), an API key by its name. `commentBy` names the key
 * that wrote a comment (by its place in `comments`); a person is named by the comment itself.
 */
async function authored(
  services: OpenDeps,
  orgId: string,
  history: readonly StatusChange[],
  changes: readonly TriageChange[],
  comments: readonly StatusComment[],
): Promise<{ entries: TimelineEntry[]; nameOf: (userId: string) => Author | null; commentBy: (index: number) => Author | null }> {
  const { store } = services;
  // An API key signs with its name, and the assistant is no one; the others are people, looked up once each.
  const people = new Set(
    [...history.flatMap((h) => (h.by === undefined ? [] : [h.by])), ...changes.map((c) => c.by)].filter(
      (id) => apiKeyName(id) === null && trackerOf(id) === null && id !== ASSISTANT,
    ),
  );
  // The values a field held before and after its changes, each once.
  const valuesOf = (field: "featureId" | "owner") =>
    new Set(changes.flatMap((c) => c.changes.flatMap((f) => (f.field === field ? [f.from, f.to].filter((v) => v !== null) : []))));
  const [featureIds, owners] = [valuesOf("featureId"), valuesOf("owner")];
  const [users, features, ownerUsers] = await Promise.all([
    Promise.all([...people].map((id) => store.findUser(id))),
    Promise.all([...featureIds].map((id) => store.findFeature(orgId, id))),
    Promise.all([...owners].map((email) => store.findUserByEmail(email))),
  ]);
  const nameOf = authors(users);
  // Presenting the comments named their people already (CommentEntry.author); only a key is left to name.
  const commentBy = (index: number) => {
    const comment = comments[index];
    return comment && comment.reportId === undefined && comment.person === undefined ? authorOf(comment.userId, null) : null;
  };
  // A feature by its path, as the triage form lists them.
  const paths = new Map(features.flatMap((f) => (f ? [[f.id, f.path] as const] : [])));
  const ownerNames = new Map(ownerUsers.flatMap((u) => (u?.name ? [[u.email, u.name] as const] : [])));
  return {
    entries: triageEntries(changes, nameOf, { featureOf: (id) => paths.get(id), ownerOf: (email) => ownerNames.get(email) }),
    nameOf,
    commentBy,
  };
}

/** Opens a feedback by key or id; a grouped key opens the feedback it was grouped into (its key says which). */
export async function openFeedback(services: OpenDeps, grant: Grant, keyOrId: string): Promise<Result<FeedbackThread>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const record = await resolveFeedback(services, grant.orgId, keyOrId);
  if (!record) return fail("not_found");
  const { store } = services;
  // Its merges and reports are read once: the page lists them, and the feedback shows them too.
  const [reports, linksRead] = await Promise.all([store.listReports(record.id), readLinks(services, record)]);
  const [{ feedback, reports: shown, comments }, followers, history, linked, similar, notifications, changes, shippedIn] = await Promise.all([
    presentWithReports(services, record, { merged: linksRead.standing.map(listedMerge), reports }),
    store.listFollowers(record.id),
    store.statusChanges(record.id),
    links(services, record, reports, linksRead),
    similarTo(services, record, reports),
    store.listNotifications(record.id),
    store.triageChanges(record.id),
    // What the feedbacks merged into it shipped is its own now, as the entry's page says.
    store.entriesLinking(grant.orgId, record.id),
  ]);
  const triage = await authored(services, grant.orgId, history, changes, comments);
  // A change that publishing an entry made names it: one of the entries that ship the feedback.
  const entries = new Map(shippedIn.map((e) => [e.id, { id: e.id, title: e.title }]));
  return ok({
    feedback,
    activity: timeline(
      feedback,
      history,
      [...linked.entries, ...triage.entries, ...outreachEntries(feedback.trackerIssue, notifications)],
      triage.nameOf,
      triage.commentBy,
      (id) => entries.get(id),
    ),
    reports: shown,
    conversations: reports.flatMap((r) => {
      const report = r.conversation.length > 0 && shown.find((s) => s.id === r.id);
      return report ? [{ report, turns: r.conversation }] : [];
    }),
    followers,
    merged: linked.merged,
    similar: similar.slice(0, SIMILAR_SHOWN),
    shippedIn,
    canUpdate: can(grant, "feedbacks.update"),
  });
}
