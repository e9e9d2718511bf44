import type { AppRecord, FeatureRecord, FeedbackRecord, ReportRecord } from "../model.ts";
import type { CommentEntry, Feedback, FeedbackSummary, MergedFeedback, Report, ReportEntry } from "../schemas/feedback.ts";
import type { StatusComment } from "../store/feedbacks.ts";
import type { Publication } from "../store/publications.ts";
import { apiKeyAuthor } from "../api-keys/api-key-grant.ts";
import { companiesOf } from "../triage/companies.ts";

const iso = (ms: number): string => new Date(ms).toISOString();

export const feedbackUrl = (baseUrl: string, key: string): string => `${baseUrl}/inbox/${encodeURIComponent(key)}`;

/** The parts of a summary that live outside the feedback record. */
interface Related {
  readonly app: Pick<AppRecord, "id" | "name"> | undefined;
  readonly feature: Pick<FeatureRecord, "id" | "path"> | undefined;
  readonly baseUrl: string;
  /** How many people follow the feedback. */
  readonly followers: number;
  /** What the team published of it on the portal, if it did. */
  readonly publication: Pick<Publication, "title" | "description"> | undefined;
}

function commonFields(f: FeedbackRecord, related: Related) {
  return {
    key: f.key,
    id: f.id,
    title: f.title,
    kind: f.kind,
    ...(f.severity && { severity: f.severity }),
    status: f.status,
    app: related.app ? { id: f.appId, name: related.app.name } : { id: f.appId },
    ...(related.feature && { feature: { id: related.feature.id, path: related.feature.path } }),
    reports: f.reports,
    followers: related.followers,
    createdAt: iso(f.createdAt),
    lastActivityAt: iso(f.lastActivityAt),
    url: feedbackUrl(related.baseUrl, f.key),
    votes: f.votes ?? 0,
    published: related.publication !== undefined,
    ...(related.publication && { publicTitle: related.publication.title }),
    ...(related.publication?.description && { publicDescription: related.publication.description }),
    ...(f.tags?.length && { tags: [...f.tags] }),
    ...(f.revenue && { revenue: f.revenue }),
    ...(f.dueAt !== undefined && { dueAt: iso(f.dueAt) }),
  };
}

function trackerIssue({ syncedAt, ...link }: NonNullable<FeedbackRecord["tracker"]>) {
  return { ...link, ...(syncedAt !== undefined && { syncedAt: iso(syncedAt) }) };
}

export function toSummary(f: FeedbackRecord, related: Related): FeedbackSummary {
  return { ...commonFields(f, related), ...(f.tracker && { trackerIssue: f.tracker.key }), ...(f.owner && { owner: f.owner }) };
}

function reportEntry(r: ReportRecord): ReportEntry {
  const author = r.report.author.name ?? r.report.author.email ?? r.report.author.id;
  return { id: r.id, source: r.source, ...(author && { author }), at: iso(r.at), text: r.report.message };
}

/** One report as shown, with its own context (null without the add-on). */
export const toReport = (r: ReportRecord, context: Record<string, unknown> | null): Report => ({ ...reportEntry(r), context });

/** A comment as shown, with its author's name (or e-mail) when the person is known, or the API key that wrote it; a reporter's answer says so. */
export function commentEntry(comment: StatusComment, author: { email?: string; name?: string } | null): CommentEntry {
  const name = author ? (author.name ?? author.email) : apiKeyAuthor(comment.userId);
  return {
    ...(name && { author: name }),
    at: iso(comment.at),
    ...(comment.statusFrom !== comment.statusTo && { statusChange: { from: comment.statusFrom, to: comment.statusTo } }),
    text: comment.text,
    ...(comment.reportId !== undefined && { byReporter: true }),
    ...(comment.person !== undefined && { id: comment.id, fromPortal: true }),
    visibility: comment.visibility,
  };
}

export function toFeedback(
  f: FeedbackRecord,
  related: Related,
  reports: readonly ReportRecord[],
  comments: readonly CommentEntry[],
  fullContext: Record<string, unknown> | null,
  merged: readonly MergedFeedback[],
): Feedback {
  const companies = companiesOf(reports);
  return {
    ...commonFields(f, related),
    ...(f.nature && { nature: f.nature as Feedback["nature"] }),
    ...(f.summary && { summary: f.summary }),
    ...(f.observed && { observed: f.observed }),
    ...(f.expected && { expected: f.expected }),
    ...(f.owner && { owner: f.owner }),
    ...(f.tracker && { trackerIssue: trackerIssue(f.tracker) }),
    reportList: reports.map(reportEntry),
    comments: [...comments],
    ...(merged.length > 0 && { merged: [...merged] }),
    ...(companies.length > 0 && { companies }),
    fullContext,
  };
}
