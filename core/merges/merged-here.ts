import type { FeedbackRecord } from "../model.ts";
import type { MergedFeedback } from "../schemas/feedback.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { MergeStore } from "../store/merges.ts";

export type MergedHereDeps = { readonly store: Pick<MergeStore, "listMerges"> & Pick<FeedbackStore, "findFeedback"> };

/**
 * The feedbacks merged into this one whose merge stands (not undone), oldest merge first: the keys
 * unmerge takes, as the feedback page lists them. A feedback no longer found is left out.
 */
export async function mergedHere(services: MergedHereDeps, feedback: Pick<FeedbackRecord, "orgId" | "id">): Promise<MergedFeedback[]> {
  const { store } = services;
  const standing = (await store.listMerges(feedback.orgId, feedback.id)).filter((m) => m.targetId === feedback.id && !m.undone);
  const sources = await Promise.all(standing.map((m) => store.findFeedback(feedback.orgId, m.sourceId)));
  return standing.flatMap((m, i) => {
    const source = sources[i];
    return source ? [{ key: source.key, at: new Date(m.at).toISOString() }] : [];
  });
}
