import { type FindDeps, resolveFeedback } from "../feedback/find-feedback.ts";
import type { FeedbackRecord } from "../model.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { UnsubscribeLink } from "./check-unsubscribe-link.ts";

export type LinkedDeps = FindDeps & { readonly store: Pick<FeedbackStore, "findFeedbackById"> };

/**
 * The feedbacks whose news an unsubscribe link stops (it names one, or several between commas), each
 * as it answers now: itself, or the feedback it was merged into since, whose news its followers get
 * (a merge makes them followers of it); each once, in the link's order.
 */
export async function linkedFeedbacks(services: LinkedDeps, link: UnsubscribeLink): Promise<FeedbackRecord[]> {
  const named = await Promise.all(link.feedbackId.split(",").map((id) => services.store.findFeedbackById(id)));
  const answering = await Promise.all(named.map((f) => (f?.mergedInto ? resolveFeedback(services, f.orgId, f.mergedInto) : f)));
  const byId = new Map(answering.filter((f) => f !== null).map((f) => [f.id, f]));
  return [...byId.values()];
}
