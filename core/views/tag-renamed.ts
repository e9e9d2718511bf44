import { sameTag } from "../triage/tag-names.ts";

/**
 * A saved view's query once the tag it filters by is renamed: `tag=from`, in any case, becomes `tag=to`, the rest
 * as it was. Null when the view does not filter by `from`, so a store rewrites only the views a
 * rename concerns, in the rename's transaction: a view of the old name would list nothing.
 */
export function queryWithTagRenamed(query: string, from: string, to: string): string | null {
  const filters = new URLSearchParams(query);
  // A list filters by a tag named in any case: so may a view.
  const tag = filters.get("tag");
  if (tag === null || !sameTag(tag, from)) return null;
  filters.set("tag", to);
  return filters.toString();
}
