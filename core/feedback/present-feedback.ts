import { attachmentLinks, type LinkDeps } from "../attachments/report-links.ts";
import { hasFullContext } from "../plans.ts";
import type { FeedbackRecord, ReportRecord } from "../model.ts";
import type { CommentEntry, Feedback, MergedFeedback, Report } from "../schemas/feedback.ts";
import type { Services } from "../services.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { FeedbackStore, StatusComment } from "../store/feedbacks.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { PublicationStore } from "../store/publications.ts";
import type { OrganizationStore } from "../store/organizations.ts";
import type { UserStore } from "../store/users.ts";
import { fullContext, reportContext } from "./full-context.ts";
import { type MergedHereDeps, mergedHere } from "../merges/merged-here.ts";
import { commentEntry, toFeedback, toReport } from "./present.ts";

/** What showing a feedback reads: its app, feature, reports, comments, the feedbacks merged into it and, with the add-on, its attachments. */
export type PresentDeps = LinkDeps &
  MergedHereDeps &
  Pick<Services, "baseUrl"> & {
    readonly store: Pick<CatalogStore, "findApp" | "findFeature"> &
      Pick<FeedbackStore, "listReports" | "listComments"> &
      Pick<OrganizationStore, "findOrganization"> &
      Pick<UserStore, "findUser"> &
      Pick<FollowerStore, "countFollowers"> &
      Pick<PublicationStore, "findPublications">;
  };

/**
 * The comments of a feedback as stored, and each as shown with its author's name: a team member's,
 * or for a reporter's answer, the one their report gives (`shown[i]` is `stored[i]`).
 */
async function commentsOf(
  services: PresentDeps,
  feedbackId: string,
  reportsRead: Promise<readonly ReportRecord[]>,
): Promise<{ stored: StatusComment[]; shown: CommentEntry[] }> {
  const comments = await services.store.listComments(feedbackId);
  const members = comments.filter((c) => c.reportId === undefined && c.person === undefined);
  const authors = new Map(
    await Promise.all([...new Set(members.map((c) => c.userId))].map(async (id) => [id, await services.store.findUser(id)] as const)),
  );
  const reports = comments.some((c) => c.reportId !== undefined) ? await reportsRead : [];
  const reporterOf = (reportId: string) => reports.find((r) => r.id === reportId)?.report.author ?? null;
  const shown = comments.map((c) =>
    commentEntry(c, c.person ?? (c.reportId === undefined ? (authors.get(c.userId) ?? null) : reporterOf(c.reportId))),
  );
  return { stored: comments, shown };
}

/** A feedback as shown, and each of its reports, oldest first, with that report's own context; its comments as stored, in the order `feedback.comments` shows them. */
interface PresentedFeedback {
  readonly feedback: Feedback;
  readonly reports: readonly Report[];
  readonly comments: readonly StatusComment[];
}

/** What the caller read of a feedback already, so that presenting it reads it no more. */
interface ReadAlready {
  /** The feedbacks merged into it. */
  readonly merged: readonly MergedFeedback[];
  readonly reports: readonly ReportRecord[];
}

/**
 * A feedback and its reports as shown; with the add-on, each report's context and the feedback's
 * fullContext, read from one set of links. Its merges and reports are read here unless the caller
 * read them already; either way once, for the feedback and for the reporters its comments name.
 */
export async function presentWithReports(services: PresentDeps, feedback: FeedbackRecord, read?: ReadAlready): Promise<PresentedFeedback> {
  const { store } = services;
  const reportsRead = read ? Promise.resolve(read.reports) : store.listReports(feedback.id);
  const [app, feature, reports, organization, comments, followers, publications, mergedIn] = await Promise.all([
    store.findApp(feedback.orgId, feedback.appId),
    feedback.featureId ? store.findFeature(feedback.orgId, feedback.featureId) : Promise.resolve(null),
    reportsRead,
    store.findOrganization(feedback.orgId),
    commentsOf(services, feedback.id, reportsRead),
    store.countFollowers([feedback.id]),
    store.findPublications([feedback.id]),
    read?.merged ?? mergedHere(services, feedback),
  ]);
  const links =
    organization && hasFullContext(organization.plan)
      ? await attachmentLinks(
          services,
          reports.map((r) => r.id),
        )
      : null;
  const context = links && fullContext(reports, links, feature ?? undefined, feedback.diagnostic);
  const related = {
    app: app ?? undefined,
    feature: feature ?? undefined,
    baseUrl: services.baseUrl,
    followers: followers.get(feedback.id) ?? 0,
    publication: publications.get(feedback.id),
  };
  return {
    feedback: toFeedback(feedback, related, reports, comments.shown, context, mergedIn),
    reports: reports.map((r) => toReport(r, links && reportContext(r, links.get(r.id) ?? {}))),
    comments: comments.stored,
  };
}

export async function presentFeedback(services: PresentDeps, feedback: FeedbackRecord): Promise<Feedback> {
  return (await presentWithReports(services, feedback)).feedback;
}
