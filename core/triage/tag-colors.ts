import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { TriageStore } from "../store/triage.ts";

/** The small fixed palette a tag's colour is chosen from; each shows as a chip readable at WCAG AA. */
export const TAG_COLORS = ["gray", "red", "orange", "yellow", "green", "teal", "blue", "purple", "pink"] as const;
export type TagColor = (typeof TAG_COLORS)[number];

export const isTagColor = (value: string): value is TagColor => (TAG_COLORS as readonly string[]).includes(value);

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
