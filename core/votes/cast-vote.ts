import { fail, ok, type Result } from "../errors.ts";
import { type FindDeps, resolveFeedback } from "../feedback/find-feedback.ts";
import type { FeedbackRecord } from "../model.ts";
import type { Services } from "../services.ts";
import type { RateLimitStore } from "../store/rate-limits.ts";
import type { VoteStore } from "../store/votes.ts";
import { spendVoteBudget } from "./vote-budget.ts";
import { takesVotes, type Voter, votedEvent } from "./vote.ts";

export type CastDeps = FindDeps & Pick<Services, "clock" | "ids"> & { readonly store: Pick<VoteStore, "castVote"> & RateLimitStore };

/** What casting a vote did: whether it was counted now (false: the person's vote was counted already), and the feedback's votes. */
interface Cast {
  readonly feedbackKey: string;
  readonly counted: boolean;
}

/** A vote is cast on what it read; a concurrent status change or merge makes it read again. */
const MAX_ATTEMPTS = 5;

/**
 * A person votes for a feedback (a merged key votes for the feedback that answers for it): once;
 * casting again changes nothing. Only an open feedback takes votes (`cannot_vote` otherwise).
 * Voting makes the person a follower, and sends `feedback.voted`. Each cast spends the person's
 * vote budget, and the client address's for a vote from a browser (`address`; null when relayed).
 * A caller that has just resolved the key gives the feedback answering for it (`resolved`): the
 * first attempt casts on it rather than reading it again; the store's compare-and-set still refuses
 * it if it changed since, and a later attempt resolves the key anew.
 */
export async function castVote(
  services: CastDeps,
  voter: Voter,
  keyOrId: string,
  address: string | null,
  resolved?: FeedbackRecord,
): Promise<Result<Cast>> {
  const { store, clock, ids } = services;
  const budget = await spendVoteBudget(services, voter.orgId, voter.email, address);
  if (!budget.ok) return budget;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const feedback = attempt === 0 && resolved ? resolved : await resolveFeedback(services, voter.orgId, keyOrId);
    if (!feedback) return fail("not_found");
    if (!takesVotes(feedback)) return fail("cannot_vote");
    const at = clock();
    const vote = { feedbackId: feedback.id, email: voter.email, ...(voter.name && { name: voter.name }), at };
    const follower = { feedbackId: feedback.id, email: voter.email, ...(voter.name && { name: voter.name }), language: voter.language };
    const outcome = await store.castVote(voter.orgId, vote, feedback.status, follower, [votedEvent(voter.orgId, feedback.id, ids.id(), at)]);
    if (outcome !== "changed") return ok({ feedbackKey: feedback.key, counted: outcome === "cast" });
  }
  throw new Error(`vote for ${keyOrId} kept changing under ${MAX_ATTEMPTS} attempts`);
}
