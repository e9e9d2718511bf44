import { authorize } from "../authorization.ts";
import { fail, invalid, notFound, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { ChangelogEntry, ChangelogPatch, PublishChangelogEntry } from "../schemas/changelog.ts";
import type { ChangelogStore } from "../store/changelog.ts";
import { type CreateEntryDeps, draftEntry } from "./create-entry.ts";
import type { ChangelogEntryRecord } from "./entry.ts";
import { entryFeedbacks } from "./linked-feedbacks.ts";
import { presentEntry } from "./present-entry.ts";
import { publication } from "./publication.ts";
import { revisedEntry, type UpdateEntryDeps } from "./update-entry.ts";

type PublishDeps = CreateEntryDeps & UpdateEntryDeps & { readonly store: Pick<ChangelogStore, "publishEntry"> };

/** A feedback or the draft changed by someone else between the read and the commit: a few rereads settle it. */
const MAX_ATTEMPTS = 5;

/** What is published: a new entry, or a draft as read, with the changes asked of it. */
type Publishing =
  | { readonly created: true; readonly entry: ChangelogEntryRecord }
  | { readonly created: false; readonly draft: ChangelogEntryRecord; readonly changes: ChangelogPatch };

/**
 * Publishes in one commit: the entry, its feedbacks moved to `delivered` with their events, and
 * one announcement to their followers (core/changelog/publication.ts). A draft is written over the
 * version read only: saved meanwhile, it is read again, and that version published.
 */
async function publish(services: PublishDeps, grant: Grant, publishing: Publishing): Promise<Result<ChangelogEntry>> {
  let draft = publishing.created ? null : publishing.draft;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const entry = publishing.created ? ok(publishing.entry) : await revisedEntry(services, draft!, publishing.changes);
    if (!entry.ok) return entry;
    const feedbacks = await entryFeedbacks(services, entry.value.orgId, entry.value.feedbackIds);
    const published = publication(entry.value, draft?.updatedAt ?? null, feedbacks, services.clock(), services.ids, grant.userId);
    if (await services.store.publishEntry(published)) return ok(await presentEntry(services, published.entry));
    if (publishing.created) continue;
    draft = await services.store.findEntry(entry.value.orgId, entry.value.id);
    if (draft?.status !== "draft") return draft ? fail("changelog_published") : notFound("changelog_entry", entry.value.id);
  }
  const id = publishing.created ? publishing.entry.id : publishing.draft.id;
  throw new Error(`changelog entry ${id} or its feedbacks kept changing under ${MAX_ATTEMPTS} attempts`);
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
    return draft.ok ? publish(services, grant, { created: true, entry: draft.value }) : draft;
  }
  const draft = await services.store.findEntry(grant.orgId, id);
  if (!draft) return notFound("changelog_entry", id);
  if (draft.status === "published") return fail("changelog_published");
  return publish(services, grant, { created: false, draft, changes });
}
