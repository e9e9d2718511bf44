import type { VoteStore } from "../store/votes.ts";

/** Whether a person is counted in a feedback's votes (their vote there, or on a feedback merged into it): what their vote button shows. */
export async function hasVoted(
  services: { readonly store: Pick<VoteStore, "countsVoter"> },
  orgId: string,
  feedbackId: string,
  email: string,
): Promise<boolean> {
  return services.store.countsVoter(orgId, feedbackId, email);
}
