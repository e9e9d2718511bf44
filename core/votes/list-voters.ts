import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import { type FindDeps, resolveFeedback, noSuchFeedback } from "../feedback/find-feedback.ts";
import type { Grant } from "../model.ts";
import type { VoterList } from "../schemas/votes.ts";
import type { VoteStore } from "../store/votes.ts";

type VotersDeps = FindDeps & { readonly store: Pick<VoteStore, "listVoters"> };

/**
 * GET /v1/feedbacks/{key}/voters: the people counted in a feedback's votes (its own voters and
 * those of the feedbacks merged into it, each once), for the team only: never on a public page.
 */
export async function listVoters(services: VotersDeps, grant: Grant, keyOrId: string): Promise<Result<VoterList>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const feedback = await resolveFeedback(services, grant.orgId, keyOrId);
  if (!feedback) return noSuchFeedback(keyOrId);
  const voters = await services.store.listVoters(grant.orgId, feedback.id);
  return ok({
    data: voters.map((v) => ({ email: v.email, ...(v.name && { name: v.name }), votedAt: new Date(v.at).toISOString() })),
  });
}
