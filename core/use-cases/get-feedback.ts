import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import { fullContext, reportContext } from "../feedback/full-context.ts";
import { commentEntry, toFeedback, toReport } from "../feedback/present.ts";
import { hasFullContext } from "../limits.ts";
import { attachmentLinks } from "./attachments.ts";
import type { FeedbackRecord, Grant } from "../model.ts";
import type { CommentEntry, Feedback, Report } from "../schemas/feedback.ts";
import type { Services } from "../services.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { OrganizationStore } from "../store/organizations.ts";
import type { UserStore } from "../store/users.ts";
import type { LinkDeps } from "./attachments.ts";

/** What finding a feedback by key or id reads. */
export type FindDeps = { readonly store: Pick<FeedbackStore, "findFeedback"> };

/** What showing a feedback reads: its app, feature, reports, comments and, with the add-on, its attachments. */
export type PresentDeps = LinkDeps &
  Pick<Services, "baseUrl"> & {
    readonly store: Pick<CatalogStore, "findApp" | "findFeature"> &
      Pick<FeedbackStore, "listReports" | "listComments"> &
      Pick<OrganizationStore, "findOrganization"> &
      Pick<UserStore, "findUser"> &
      Pick<FollowerStore, "countFollowers">;
  };

/** Grouping chains are short; the bound only guards against a corrupted cycle. */
const MAX_FOLDS = 16;

const FEEDBACK_KEY = /^[A-Za-z][A-Za-z0-9]*-\d+$/;

/**
 * What a person typed to name a feedback, as keys are made: a key in any case (demo-4, Demo-4) is
 * the key in upper case; anything else is kept as it is.
 */
export function lookupKey(keyOrId: string): string {
  const typed = keyOrId.trim();
  return FEEDBACK_KEY.test(typed) ? typed.toUpperCase() : keyOrId;
}

/**
 * Finds a feedback by id, or by key in any case: the text as given first (an identifier is
 * matched exactly), then as a key in upper case.
 */
export async function findByKeyOrId(services: FindDeps, orgId: string, keyOrId: string): Promise<FeedbackRecord | null> {
  const found = await services.store.findFeedback(orgId, keyOrId);
  const key = lookupKey(keyOrId);
  return found ?? (key === keyOrId ? null : services.store.findFeedback(orgId, key));
}

/** Finds a feedback by key (in any case) or id; a merged one answers with the feedback it was merged into. */
export async function resolveFeedback(services: FindDeps, orgId: string, keyOrId: string): Promise<FeedbackRecord | null> {
  let found = await findByKeyOrId(services, orgId, keyOrId);
  for (let i = 0; found?.mergedInto && i < MAX_FOLDS; i++) found = await services.store.findFeedback(orgId, found.mergedInto);
  return found?.mergedInto ? null : found;
}

/** The comments of a feedback, each with its author's name. */
async function commentsOf(services: PresentDeps, feedbackId: string): Promise<CommentEntry[]> {
  const comments = await services.store.listComments(feedbackId);
  const authors = new Map(
    await Promise.all([...new Set(comments.map((c) => c.userId))].map(async (id) => [id, await services.store.findUser(id)] as const)),
  );
  return comments.map((c) => commentEntry(c, authors.get(c.userId) ?? null));
}

/** A feedback as shown, and each of its reports, oldest first, with that report's own context. */
export interface PresentedFeedback {
  readonly feedback: Feedback;
  readonly reports: readonly Report[];
}

/** A feedback and its reports as shown; with the add-on, each report's context and the feedback's fullContext, read from one set of links. */
export async function presentWithReports(services: PresentDeps, feedback: FeedbackRecord): Promise<PresentedFeedback> {
  const { store } = services;
  const [app, feature, reports, organization, comments, followers] = await Promise.all([
    store.findApp(feedback.orgId, feedback.appId),
    feedback.featureId ? store.findFeature(feedback.orgId, feedback.featureId) : Promise.resolve(null),
    store.listReports(feedback.id),
    store.findOrganization(feedback.orgId),
    commentsOf(services, feedback.id),
    store.countFollowers([feedback.id]),
  ]);
  const links =
    organization && hasFullContext(organization.plan)
      ? await attachmentLinks(
          services,
          reports.map((r) => r.id),
        )
      : null;
  const context = links && fullContext(reports, links, feature ?? undefined, feedback.diagnostic);
  const related = { app: app ?? undefined, feature: feature ?? undefined, baseUrl: services.baseUrl, followers: followers.get(feedback.id) ?? 0 };
  return {
    feedback: toFeedback(feedback, related, reports, comments, context),
    reports: reports.map((r) => toReport(r, links && reportContext(r, links.get(r.id) ?? {}))),
  };
}

export async function presentFeedback(services: PresentDeps, feedback: FeedbackRecord): Promise<Feedback> {
  return (await presentWithReports(services, feedback)).feedback;
}

/** GET /v1/feedbacks/{key}. A key grouped into another feedback answers with that one, and says so in mergedInto. */
export async function getFeedback(services: FindDeps & PresentDeps, grant: Grant, keyOrId: string): Promise<Result<Feedback>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const feedback = await resolveFeedback(services, grant.orgId, keyOrId);
  if (!feedback) return fail("not_found");
  const shown = await presentFeedback(services, feedback);
  const mergedAway = feedback.key !== lookupKey(keyOrId) && feedback.id !== keyOrId;
  return ok(mergedAway ? { ...shown, mergedInto: feedback.key } : shown);
}
