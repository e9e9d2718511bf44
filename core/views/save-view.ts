import { authorize } from "../authorization.ts";
import { fail, invalid, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { Clock, Ids } from "../ports.ts";
import { codePoints, reordersText } from "../schemas/text.ts";
import type { SavedView, SavedViewStore } from "../store/saved-views.ts";

export const VIEW_NAME_MAX_LENGTH = 60;
/** The views one person keeps in one organization. */
const MAX_VIEWS = 30;
const QUERY_MAX_LENGTH = 1_000;

/** Two names a person would take for one: the same words, whatever their case. */
const sameName = (a: string, b: string): boolean => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/**
 * A person names the inbox list they are looking at (its query string) and keeps it in their side
 * bar. Saved under a name they already use, it replaces that view (at the end of the bar): a view
 * saved twice is one view. The new one is written first, so a crash between leaves both, never none.
 */
export async function saveView(
  deps: { store: Pick<SavedViewStore, "saveView" | "listViews" | "deleteView">; clock: Clock; ids: Pick<Ids, "id"> },
  grant: Grant,
  input: { readonly name: string; readonly query: string },
): Promise<Result<SavedView>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const name = input.name.trim();
  if (!name) return invalid("invalid_body", { field: "name", reason: "missing" });
  if (codePoints(name) > VIEW_NAME_MAX_LENGTH || input.query.length > QUERY_MAX_LENGTH) return fail("invalid_body");
  const views = await deps.store.listViews(grant.orgId, grant.userId);
  const replaced = views.filter((v) => sameName(v.name, name));
  // A new name is in the side bar, where it must read as what it opens; one kept from before may be saved again.
  if (replaced.length === 0 && reordersText(name)) return invalid("invalid_body", { field: "name", reason: "reordering" });
  if (views.length - replaced.length >= MAX_VIEWS) return fail("invalid_body");
  const view = { id: deps.ids.id(), orgId: grant.orgId, userId: grant.userId, name, query: input.query, createdAt: deps.clock() };
  await deps.store.saveView(view);
  for (const old of replaced) await deps.store.deleteView(grant.orgId, grant.userId, old.id);
  return ok(view);
}
