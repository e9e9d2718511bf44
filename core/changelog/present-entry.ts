import type { ChangelogEntry } from "../schemas/changelog.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { ChangelogEntryRecord } from "./entry.ts";

/** What showing entries reads: the keys of their feedbacks. */
export type PresentEntryDeps = { readonly store: Pick<FeedbackStore, "findFeedbacks"> };

const iso = (at: number) => new Date(at).toISOString();

/**
 * Entries of an organization as the API shows them: their feedbacks by key (one that no longer
 * exists is left out). The feedbacks of all of them are read at once: an entry links any number,
 * and the team's list shows every entry.
 */
export async function presentEntries(services: PresentEntryDeps, orgId: string, entries: readonly ChangelogEntryRecord[]): Promise<ChangelogEntry[]> {
  const found = await services.store.findFeedbacks(
    orgId,
    entries.flatMap((e) => e.feedbackIds),
  );
  const keys = new Map(found.map((f) => [f.id, f.key]));
  return entries.map((entry) => ({
    id: entry.id,
    title: entry.title,
    body: entry.body,
    status: entry.status,
    ...(entry.publishedAt !== undefined && { publishedAt: iso(entry.publishedAt) }),
    feedbacks: entry.feedbackIds.flatMap((id) => keys.get(id) ?? []),
    createdAt: iso(entry.createdAt),
    updatedAt: iso(entry.updatedAt),
  }));
}

/** An entry as the API shows it (presentEntries). */
export async function presentEntry(services: PresentEntryDeps, entry: ChangelogEntryRecord): Promise<ChangelogEntry> {
  const [presented] = await presentEntries(services, entry.orgId, [entry]);
  return presented!;
}
