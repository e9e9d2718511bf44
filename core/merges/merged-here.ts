import type { FeedbackRecord } from "../model.ts";
import type { MergedFeedback, Status } from "../schemas/feedback.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { MergeStore } from "../store/merges.ts";
import type { MergeRecord } from "./merge.ts";

export type MergedHereDeps = { readonly store: Pick<MergeStore, "listMerges"> & Pick<FeedbackStore, "findFeedbacks"> };

/** A standing merge into a feedback, with the feedback it merged. */
export interface StandingMerge<Source> {
  readonly merge: MergeRecord;
  readonly source: Source;
}

/**
 * Of a feedback's merges (`listMerges`), those into it that stand (not undone), oldest merge first,
 * each with its source as `found` names it; a source no longer found is left out.
 */
export function standingInto<Source>(
  feedbackId: string,
  merges: readonly MergeRecord[],
  found: (id: string) => Source | undefined,
): StandingMerge<Source>[] {
  return merges.flatMap((merge) => {
    const source = merge.targetId === feedbackId && !merge.undone ? found(merge.sourceId) : undefined;
    return source ? [{ merge, source }] : [];
  });
}

/** A standing merge as the feedback lists it in `merged`: the key unmerge takes, and when. */
export const listedMerge = ({ merge, source }: StandingMerge<Pick<FeedbackRecord, "key">>): MergedFeedback => ({
  key: source.key,
  at: new Date(merge.at).toISOString(),
});

/**
 * The feedbacks merged into this one whose merge stands, as the feedback page lists them. They are
 * read together: a popular feedback holds thousands of merges.
 */
export async function mergedHere(services: MergedHereDeps, feedback: Pick<FeedbackRecord, "orgId" | "id">): Promise<MergedFeedback[]> {
  const { store } = services;
  const merges = await store.listMerges(feedback.orgId, feedback.id);
  const sourceIds = standingInto(feedback.id, merges, (id) => id).map((m) => m.source);
  const found = await store.findFeedbacks(feedback.orgId, sourceIds);
  const sources = new Map(found.map((f) => [f.id, f]));
  return standingInto(feedback.id, merges, (id) => sources.get(id)).map(listedMerge);
}

/**
 * What a feedback merged into another keeps of its own triage that the other lacks: its status where
 * it differs, its owner, its tags. A merge moves reports, followers and votes only; these stay on the
 * merged feedback, out of every list while it is merged, and are its own again once it is unmerged.
 */
export interface KeptApart {
  readonly status?: Status;
  readonly owner?: string;
  readonly tags?: readonly string[];
}

type Triaged = Pick<FeedbackRecord, "status" | "owner" | "tags">;

/** What `source`, merged into `target`, keeps apart (`KeptApart`); null when the target shows all of it. */
export function keptApart(source: Triaged, target: Triaged): KeptApart | null {
  const tags = (source.tags ?? []).filter((tag) => !(target.tags ?? []).includes(tag));
  const kept: KeptApart = {
    ...(source.status !== target.status && { status: source.status }),
    ...(source.owner && source.owner !== target.owner && { owner: source.owner }),
    ...(tags.length > 0 && { tags }),
  };
  return Object.keys(kept).length > 0 ? kept : null;
}
