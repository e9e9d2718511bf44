import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { SavedView, SavedViewStore } from "../store/saved-views.ts";

/** The views the grant's person saved in its organization, oldest first. */
export async function listViews(deps: { store: Pick<SavedViewStore, "listViews"> }, grant: Grant): Promise<Result<SavedView[]>> {
  const allowed = authorize(grant, "feedbacks.read");
  return allowed.ok ? ok(await deps.store.listViews(grant.orgId, grant.userId)) : allowed;
}
