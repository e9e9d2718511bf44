import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { FindDeps } from "../feedback/find-feedback.ts";
import type { Grant } from "../model.ts";
import type { ChangelogCreate, ChangelogEntry } from "../schemas/changelog.ts";
import type { Services } from "../services.ts";
import type { ChangelogStore } from "../store/changelog.ts";
import type { ChangelogEntryRecord } from "./entry.ts";
import { linkedFeedbacks } from "./linked-feedbacks.ts";
import { type PresentEntryDeps, presentEntry } from "./present-entry.ts";

export type CreateEntryDeps = FindDeps & PresentEntryDeps & Pick<Services, "clock" | "ids"> & { readonly store: Pick<ChangelogStore, "createEntry"> };

/** The draft an entry starts as, its feedbacks checked; nothing is stored. */
export async function draftEntry(services: CreateEntryDeps, orgId: string, input: ChangelogCreate): Promise<Result<ChangelogEntryRecord>> {
  const feedbacks = await linkedFeedbacks(services, orgId, input.feedbacks ?? []);
  if (!feedbacks.ok) return feedbacks;
  const now = services.clock();
  return ok({
    id: services.ids.id(),
    orgId,
    title: input.title.trim(),
    body: input.body ?? "",
    status: "draft",
    feedbackIds: feedbacks.value.map((f) => f.id),
    createdAt: now,
    updatedAt: now,
  });
}

/** POST /v1/changelog: a new draft, with the feedbacks it will ship. */
export async function createEntry(services: CreateEntryDeps, grant: Grant, input: ChangelogCreate): Promise<Result<ChangelogEntry>> {
  const allowed = authorize(grant, "changelog.manage");
  if (!allowed.ok) return allowed;
  const draft = await draftEntry(services, grant.orgId, input);
  if (!draft.ok) return draft;
  await services.store.createEntry(draft.value);
  return ok(await presentEntry(services, draft.value));
}
