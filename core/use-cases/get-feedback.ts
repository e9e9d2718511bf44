import { fail, ok, type Result } from "../errors.ts";
import { fullContext } from "../feedback/full-context.ts";
import { toFeedback } from "../feedback/present.ts";
import { hasFullContext } from "../limits.ts";
import { attachmentLinks } from "./attachments.ts";
import type { FeedbackRecord, Grant } from "../model.ts";
import type { Feedback } from "../schemas/feedback.ts";
import type { Services } from "../services.ts";

/** Grouping chains are short; the bound only guards against a corrupted cycle. */
const MAX_FOLDS = 16;

/** Finds a feedback by key or id; a folded one answers with the feedback it was folded into. */
export async function resolveFeedback(services: Services, orgId: string, keyOrId: string): Promise<FeedbackRecord | null> {
  let found = await services.store.findFeedback(orgId, keyOrId);
  for (let i = 0; found?.mergedInto && i < MAX_FOLDS; i++) found = await services.store.findFeedback(orgId, found.mergedInto);
  return found?.mergedInto ? null : found;
}

export async function presentFeedback(services: Services, feedback: FeedbackRecord): Promise<Feedback> {
  const { store } = services;
  const [app, feature, reports, organization] = await Promise.all([
    store.findApp(feedback.orgId, feedback.appId),
    feedback.featureId ? store.findFeature(feedback.orgId, feedback.featureId) : Promise.resolve(null),
    store.listReports(feedback.id),
    store.findOrganization(feedback.orgId),
  ]);
  const context =
    organization && hasFullContext(organization.plan)
      ? { ...fullContext(reports, feature ?? undefined, feedback.diagnostic), ...(await attachmentLinks(services, feedback.id)) }
      : null;
  return toFeedback(feedback, { app: app ?? undefined, feature: feature ?? undefined, baseUrl: services.baseUrl }, reports, context);
}

/** GET /v1/feedbacks/{key}. */
export async function getFeedback(services: Services, grant: Grant, keyOrId: string): Promise<Result<Feedback>> {
  const feedback = await resolveFeedback(services, grant.orgId, keyOrId);
  return feedback ? ok(await presentFeedback(services, feedback)) : fail("not_found");
}
