import type { DomainEvent } from "../feedback/events.ts";
import { isOpen } from "../feedback/status.ts";
import type { Language } from "../language.ts";
import type { FeedbackRecord } from "../model.ts";

/**
 * A person's vote for a feedback: one per person (an e-mail address, normalized) and feedback. A
 * vote is cast on the feedback a person sees; it stays the vote of that feedback (its "own" vote)
 * when the feedback is merged, so an unmerge gives it back exactly.
 *
 * A feedback counts the people who voted for it or for any feedback merged into it (standing
 * merges, however deep), each person once: that is its `votes`, and `voters` lists those people.
 * A split moves no vote: people vote for a feedback as they see it, not for one of its reports; the
 * new feedback starts with none, and its reporter, who follows it, may vote there.
 */
export interface VoteRecord {
  readonly feedbackId: string;
  readonly email: string;
  readonly name?: string;
  readonly at: number;
}

/** A person who votes: the portal's signed-in person, or a customer whose vote the team relays. */
export interface Voter {
  readonly orgId: string;
  readonly email: string;
  readonly name?: string;
  readonly language: Language;
}

/**
 * Votes are taken on open feedbacks only: the spec's open group (`triage`, `prioritized`,
 * `in_development`, `fixed`). A delivered or dismissed feedback takes no new vote; a vote already
 * there may still be withdrawn.
 */
export const takesVotes = (feedback: Pick<FeedbackRecord, "status" | "mergedInto">): boolean => !feedback.mergedInto && isOpen(feedback.status);

/** `feedback.voted`, about the feedback that received the vote; sent only to webhooks subscribed to it. */
export const votedEvent = (orgId: string, feedbackId: string, id: string, at: number): DomainEvent => ({
  type: "feedback.voted",
  id,
  orgId,
  feedbackId,
  createdAt: at,
});
