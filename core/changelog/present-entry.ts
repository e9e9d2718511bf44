import type { ChangelogEntry } from "../schemas/changelog.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { ChangelogEntryRecord } from "./entry.ts";

/** What showing an entry reads: the keys of its feedbacks. */
export type PresentEntryDeps = { readonly store: Pick<FeedbackStore, "findFeedback"> };

const iso = (at: number) => new Date(at).toISOString();

/** An entry as the API shows it: its feedbacks by key (one that no longer exists is left out). */
export async function presentEntry(services: PresentEntryDeps, entry: ChangelogEntryRecord): Promise<ChangelogEntry> {
  const found = await Promise.all(entry.feedbackIds.map((id) => services.store.findFeedback(entry.orgId, id)));
  return {
    id: entry.id,
    title: entry.title,
    body: entry.body,
    status: entry.status,
    ...(entry.publishedAt !== undefined && { publishedAt: iso(entry.publishedAt) }),
    feedbacks: found.flatMap((f) => (f ? [f.key] : [])),
    createdAt: iso(entry.createdAt),
    updatedAt: iso(entry.updatedAt),
  };
}
