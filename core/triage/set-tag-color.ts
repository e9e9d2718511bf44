import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { TriageStore } from "../store/triage.ts";
import type { TagColor } from "./tag-colors.ts";

/** Settings → Tags: an Admin or a Member sets a tag's colour from the palette, or clears it (null). */
export async function setTagColor(
  deps: { store: Pick<TriageStore, "setTagColor"> },
  grant: Grant,
  input: { readonly name: string; readonly color: TagColor | null },
): Promise<Result<null>> {
  const allowed = authorize(grant, "feedbacks.update");
  if (!allowed.ok) return allowed;
  const found = await deps.store.setTagColor(grant.orgId, input.name, input.color);
  return found ? ok(null) : fail("not_found");
}
