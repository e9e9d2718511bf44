import { type FindDeps, resolveFeedback } from "../feedback/find-feedback.ts";
import type { FeedbackRecord } from "../model.ts";
import type { PublicationStore } from "../store/publications.ts";

export type PublishedDeps = FindDeps & { readonly store: Pick<PublicationStore, "findPublications"> };

/**
 * The feedback a portal address names (a merged key names the one that answers for it) when the
 * team published it; null otherwise. What the portal's people act on (vote, comment) is only ever this.
 */
export async function publishedFeedback(services: PublishedDeps, orgId: string, keyOrId: string): Promise<FeedbackRecord | null> {
  const feedback = await resolveFeedback(services, orgId, keyOrId);
  if (!feedback) return null;
  return (await services.store.findPublications([feedback.id])).has(feedback.id) ? feedback : null;
}
