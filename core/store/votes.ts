import type { DomainEvent } from "../feedback/events.ts";
import type { Follower } from "../model.ts";
import type { Status } from "../schemas/feedback.ts";
import type { VoteRecord } from "../votes/vote.ts";

/** What a cast vote did: `cast` (counted), `held` (the person's vote was already counted), `changed` (the feedback changed since it was read: nothing written). */
export type CastOutcome = "cast" | "held" | "changed";

/**
 * Votes, each person's own on the feedback they voted for, and each feedback's `votes`: the people
 * who voted for it or for a feedback merged into it, each once, kept exact by every write here and
 * by merges, unmerges and splits (MergeStore), in their transactions.
 */
export interface VoteStore {
  /**
   * Counts a person's vote, compare-and-set: only while the feedback answers for itself with status
   * `status`. A person already counted there (on it or on one merged into it) is `held`. The vote,
   * its follower (the voter follows the feedback) and its events commit together.
   */
  castVote(orgId: string, vote: VoteRecord, status: Status, follower: Follower, events: readonly DomainEvent[]): Promise<CastOutcome>;
  /** Takes a person's vote back from the feedback and from every feedback merged into it; false when they had none there. */
  withdrawVote(orgId: string, feedbackId: string, email: string): Promise<boolean>;
  /** The people counted in a feedback's votes, each once (with their first vote), first voters first. */
  listVoters(orgId: string, feedbackId: string): Promise<VoteRecord[]>;
  /** Whether a person is counted in a feedback's votes (their vote there or on one merged into it): one look-up, however many voted. */
  countsVoter(orgId: string, feedbackId: string, email: string): Promise<boolean>;
}
