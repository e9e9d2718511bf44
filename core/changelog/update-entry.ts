import { authorize } from "../authorization.ts";
import { fail, notFound, ok, type Result } from "../errors.ts";
import type { FindDeps } from "../feedback/find-feedback.ts";
import type { Grant } from "../model.ts";
import type { ChangelogEntry, ChangelogPatch } from "../schemas/changelog.ts";
import type { Services } from "../services.ts";
import type { ChangelogStore } from "../store/changelog.ts";
import type { ChangelogEntryRecord } from "./entry.ts";
import { linkedFeedbacks } from "./linked-feedbacks.ts";
import { type PresentEntryDeps, presentEntry } from "./present-entry.ts";

export type UpdateEntryDeps = FindDeps &
  PresentEntryDeps &
  Pick<Services, "clock"> & { readonly store: Pick<ChangelogStore, "findEntry" | "updateEntry"> };

/**
 * The entry with the changes asked for, not stored. A published entry's title and body may still
 * be corrected; the feedbacks it shipped may not change (`changelog_published`).
 */
export async function revisedEntry(
  services: UpdateEntryDeps,
  entry: ChangelogEntryRecord,
  patch: ChangelogPatch,
): Promise<Result<ChangelogEntryRecord>> {
  let feedbackIds = entry.feedbackIds;
  if (patch.feedbacks) {
    const feedbacks = await linkedFeedbacks(services, entry.orgId, patch.feedbacks);
    if (!feedbacks.ok) return feedbacks;
    feedbackIds = feedbacks.value.map((f) => f.id);
    const same = feedbackIds.length === entry.feedbackIds.length && feedbackIds.every((id, i) => entry.feedbackIds[i] === id);
    if (!same && entry.status === "published") return fail("changelog_published");
  }
  return ok({
    ...entry,
    ...(patch.title !== undefined && { title: patch.title.trim() }),
    ...(patch.body !== undefined && { body: patch.body }),
    feedbackIds,
    // The time of a save is its version, which the editor and publishing compare: two saves in one
    // millisecond must still be two versions.
    updatedAt: Math.max(services.clock(), entry.updatedAt + 1),
  });
}

/**
 * PATCH /v1/changelog/{id}. With `draft`, only a draft is written: a draft's editor saving over an
 * entry published meanwhile (in another tab) is refused, where a correction of a published one is
 * asked for on purpose.
 */
export async function updateEntry(
  services: UpdateEntryDeps,
  grant: Grant,
  entryId: string,
  patch: ChangelogPatch,
  expected: { readonly draft?: true } = {},
): Promise<Result<ChangelogEntry>> {
  const allowed = authorize(grant, "changelog.manage");
  if (!allowed.ok) return allowed;
  const entry = await services.store.findEntry(grant.orgId, entryId);
  if (!entry) return notFound("changelog_entry", entryId);
  if (expected.draft && entry.status !== "draft") return fail("changelog_published");
  const revised = await revisedEntry(services, entry, patch);
  if (!revised.ok) return revised;
  // Published (or deleted) between the read and the write: say which.
  if (!(await services.store.updateEntry(revised.value)))
    return (await services.store.findEntry(grant.orgId, entryId)) ? fail("changelog_published") : notFound("changelog_entry", entryId);
  return ok(await presentEntry(services, revised.value));
}
