import { authorize } from "../authorization.ts";
import { fail, invalid, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import { firstProblem } from "../schemas/field-problem.ts";
import { TagName } from "../schemas/triage.ts";
import { reordersText } from "../schemas/text.ts";
import type { TriageStore } from "../store/triage.ts";
import { renaming, sameTag, tagName } from "./tag-names.ts";

/** A tag renamed: its old and new names, whether it joined a tag the organization had, and how many feedbacks the inbox shows changed. */
interface TagRenamed {
  readonly from: string;
  readonly to: string;
  readonly merged: boolean;
  readonly feedbacks: number;
}

/**
 * Settings → Tags: an Admin or a Member renames a tag for the whole organization. Every feedback
 * carrying it carries the new name instead; a name the organization already has (in any case)
 * merges the two, and a feedback carrying both keeps one. A feedback never gains a tag by it, so
 * none goes over the number a feedback may carry. Like the other triage changes, it emits no event.
 */
export async function renameTag(
  deps: { store: Pick<TriageStore, "listTags" | "renameTag"> },
  grant: Grant,
  input: { readonly from: string; readonly to: string },
): Promise<Result<TagRenamed>> {
  const allowed = authorize(grant, "feedbacks.update");
  if (!allowed.ok) return allowed;
  const name = tagName(input.to);
  const problem = firstProblem(TagName, name);
  if (problem) return invalid("invalid_body", { ...problem, field: "to" });
  const known = await deps.store.listTags(grant.orgId);
  const source = known.find((t) => t.name === input.from);
  if (!source) return fail("not_found");
  // Every member reads it on the feedbacks it marks: a name new to the organization must read as it
  // is. One it has (a merge, or a change of case) is as usable here as in tagging.
  if (reordersText(name) && !known.some((t) => sameTag(t.name, name))) return invalid("invalid_body", { field: "to", reason: "reordering" });
  const { tag, merged } = renaming(source, name, known);
  if (tag.name === source.name) return ok({ from: source.name, to: tag.name, merged: false, feedbacks: 0 });
  const feedbacks = await deps.store.renameTag(grant.orgId, source.name, tag);
  return feedbacks === null ? fail("not_found") : ok({ from: source.name, to: tag.name, merged, feedbacks });
}
