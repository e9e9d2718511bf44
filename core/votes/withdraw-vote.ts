import { fail, ok, type Result } from "../errors.ts";
import { type FindDeps, resolveFeedback } from "../feedback/find-feedback.ts";
import type { VoteStore } from "../store/votes.ts";
import type { Voter } from "./vote.ts";

export type WithdrawDeps = FindDeps & { readonly store: Pick<VoteStore, "withdrawVote"> };

/**
 * A person takes their vote back (a merged key names the feedback that answers for it): from that
 * feedback and from any merged into it, so an unmerge never brings it back. Whatever the status;
 * withdrawing a vote that is not there changes nothing. The person keeps following.
 */
export async function withdrawVote(
  services: WithdrawDeps,
  voter: Pick<Voter, "orgId" | "email">,
  keyOrId: string,
): Promise<Result<{ withdrawn: boolean }>> {
  const feedback = await resolveFeedback(services, voter.orgId, keyOrId);
  if (!feedback) return fail("not_found");
  return ok({ withdrawn: await services.store.withdrawVote(voter.orgId, feedback.id, voter.email) });
}
