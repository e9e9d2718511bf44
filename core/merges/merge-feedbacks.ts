import { ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { Feedback } from "../schemas/feedback.ts";
import { type MakeMergeDeps, makeMerge } from "./make-merge.ts";

/**
 * POST /v1/feedbacks/{key}/merge: a person merges one feedback into another of the same app (the
 * one `into` names, or the feedback it was merged into since). Keys are matched in any case. Answers
 * with the feedback that now holds both; a refusal names the feedback at fault and why.
 */
export async function mergeFeedbacks(services: MakeMergeDeps, grant: Grant, keyOrId: string, intoKeyOrId: string): Promise<Result<Feedback>> {
  const made = await makeMerge(services, grant, keyOrId, intoKeyOrId);
  return made.ok ? ok(made.value.feedback) : made;
}
