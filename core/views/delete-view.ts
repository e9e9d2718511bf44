import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { SavedViewStore } from "../store/saved-views.ts";

/** Deletes one of the person's own views; another's is not found. */
export async function deleteView(deps: { store: Pick<SavedViewStore, "deleteView"> }, grant: Grant, id: string): Promise<Result<void>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  return (await deps.store.deleteView(grant.orgId, grant.userId, id)) ? ok(undefined) : fail("not_found");
}
