import { authorize } from "../authorization.ts";
import { fail, notFound, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { ChangelogStore } from "../store/changelog.ts";

/** DELETE /v1/changelog/{id}: drafts only; a published entry stays (`changelog_published`). */
export async function deleteEntry(
  services: { readonly store: Pick<ChangelogStore, "deleteDraft"> },
  grant: Grant,
  entryId: string,
): Promise<Result<{ deleted: true }>> {
  const allowed = authorize(grant, "changelog.manage");
  if (!allowed.ok) return allowed;
  const outcome = await services.store.deleteDraft(grant.orgId, entryId);
  if (outcome === "published") return fail("changelog_published");
  if (outcome === "not_found") return notFound("changelog_entry", entryId);
  return ok({ deleted: true });
}
