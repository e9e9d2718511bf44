import { authorize } from "../authorization.ts";
import { addComment } from "../feedback/add-comment.ts";
import { ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { BulkResults } from "../schemas/triage.ts";

type NoteDeps = Parameters<typeof addComment>[0];

/**
 * The inbox's bulk change with a comment and no change: the comment added to each feedback named,
 * as a team note (internal), in the order given. A key that cannot take it says why with the
 * code its own comment would answer; the others take it all the same.
 */
export async function bulkNote(services: NoteDeps, grant: Grant, keys: readonly string[], text: string): Promise<Result<BulkResults>> {
  const allowed = authorize(grant, "feedbacks.update");
  if (!allowed.ok) return allowed;
  const results: BulkResults["results"] = [];
  for (const key of keys) {
    const added = await addComment(services, grant, key, { text, visibility: "internal" });
    results.push(added.ok ? { key, ok: true } : { key, ok: false, code: added.code });
  }
  return ok({ results });
}
