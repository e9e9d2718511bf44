import { invalid, ok, type Result } from "../errors.ts";
import { type FindDeps, resolveFeedback } from "../feedback/find-feedback.ts";
import type { FeedbackRecord } from "../model.ts";

/**
 * The feedbacks an entry ships, from the keys (or ids) the team gave, in their order: a merged
 * feedback stands for the one that holds it now, each counted once. An unknown key refuses the
 * whole request, naming it.
 */
export async function linkedFeedbacks(services: FindDeps, orgId: string, keys: readonly string[]): Promise<Result<FeedbackRecord[]>> {
  const found: FeedbackRecord[] = [];
  for (const key of keys) {
    const feedback = await resolveFeedback(services, orgId, key);
    if (!feedback) return invalid("invalid_body", { field: "feedbacks", reason: "unknown_feedback", given: key });
    if (!found.some((f) => f.id === feedback.id)) found.push(feedback);
  }
  return ok(found);
}

/** The feedbacks an entry names now, by id (a merged one standing for the one that holds it, each once); any gone since is left out. */
export async function entryFeedbacks(services: FindDeps, orgId: string, ids: readonly string[]): Promise<FeedbackRecord[]> {
  const each = await Promise.all(ids.map((id) => resolveFeedback(services, orgId, id)));
  return each.filter((f, i): f is FeedbackRecord => f !== null && each.findIndex((g) => g?.id === f.id) === i);
}
