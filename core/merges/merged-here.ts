import type { FeedbackRecord } from "../model.ts";
import type { MergedFeedback } from "../schemas/feedback.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { MergeStore } from "../store/merges.ts";

export type MergedHereDeps = { readonly store: Pick<MergeStore, "listMerges"> & Pick<FeedbackStore, "findFeedbacks"> };

/**
 * The feedbacks merged into this one whose merge stands (not undone), oldest merge first: the keys
 * unmerge takes, as the feedback page lists them. A feedback no longer found is left out. They are
 * read together: a popular feedback holds thousands of merges.
 */
export async function mergedHere(services: MergedHereDeps, feedback: Pick<FeedbackRecord, "orgId" | "id">): Promise<MergedFeedback[]> {
  const { store } = services;
  const standing = (await store.listMerges(feedback.orgId, feedback.id)).filter((m) => m.targetId === feedback.id && !m.undone);
  const found = await store.findFeedbacks(
    feedback.orgId,
    standing.map((m) => m.sourceId),
  );
  const sources = new Map(found.map((f) => [f.id, f]));
  return standing.flatMap((m) => {
    const source = sources.get(m.sourceId);
    return source ? [{ key: source.key, at: new Date(m.at).toISOString() }] : [];
  });
}
