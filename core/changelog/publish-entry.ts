import { authorize } from "../authorization.ts";
import { fail, invalid, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { ChangelogEntry, PublishChangelogEntry } from "../schemas/changelog.ts";
import type { ChangelogStore } from "../store/changelog.ts";
import { type CreateEntryDeps, draftEntry } from "./create-entry.ts";
import type { ChangelogEntryRecord } from "./entry.ts";
import { entryFeedbacks } from "./linked-feedbacks.ts";
import { presentEntry } from "./present-entry.ts";
import { publication } from "./publication.ts";
import { revisedEntry, type UpdateEntryDeps } from "./update-entry.ts";

type PublishDeps = CreateEntryDeps & UpdateEntryDeps & { readonly store: Pick<ChangelogStore, "publishEntry"> };

/** A feedback moved by someone else between the read and the commit: a few rereads settle it. */
const MAX_ATTEMPTS = 5;

/**
 * Publishes in one commit: the entry, its feedbacks moved to `delivered` with their events, and
 * one announcement to their followers (core/changelog/publication.ts).
 */
async function publish(services: PublishDeps, grant: Grant, entry: ChangelogEntryRecord, created: boolean): Promise<Result<ChangelogEntry>> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const feedbacks = await entryFeedbacks(services, entry.orgId, entry.feedbackIds);
    const published = publication(entry, created, feedbacks, services.clock(), services.ids, grant.userId);
    if (await services.store.publishEntry(published)) return { ok: true, value: await presentEntry(services, published.entry) };
    const now = created ? null : await services.store.findEntry(entry.orgId, entry.id);
    if (!created && now?.status !== "draft") return fail(now ? "changelog_published" : "not_found");
  }
  throw new Error(`the feedbacks of changelog entry ${entry.id} kept changing under ${MAX_ATTEMPTS} attempts`);
}

/**
 * POST /v1/changelog/{id}/publish (`{id}` alone) and MCP publish_changelog_entry: a draft
 * published (first changed by the fields given), or a new entry written and published in the same commit.
 */
export async function publishEntry(services: PublishDeps, grant: Grant, input: PublishChangelogEntry): Promise<Result<ChangelogEntry>> {
  const allowed = authorize(grant, "changelog.manage");
  if (!allowed.ok) return allowed;
  const { id, ...changes } = input;
  if (id === undefined) {
    if (changes.title === undefined) return invalid("invalid_body", { field: "title", reason: "missing" });
    const draft = await draftEntry(services, grant.orgId, { ...changes, title: changes.title });
    return draft.ok ? publish(services, grant, draft.value, true) : draft;
  }
  const entry = await services.store.findEntry(grant.orgId, id);
  if (!entry) return fail("not_found");
  if (entry.status === "published") return fail("changelog_published");
  const revised = await revisedEntry(services, entry, changes);
  return revised.ok ? publish(services, grant, revised.value, false) : revised;
}
