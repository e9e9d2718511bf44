import { authorize } from "../authorization.ts";
import { normalizeEmail } from "../email.ts";
import { ok, type Result } from "../errors.ts";
import { type PresentDeps, presentFeedback } from "../feedback/present-feedback.ts";
import type { Language } from "../language.ts";
import type { Grant } from "../model.ts";
import type { Feedback } from "../schemas/feedback.ts";
import type { VoteRequest } from "../schemas/votes.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import { type CastDeps, castVote } from "./cast-vote.ts";

type RelayDeps = CastDeps & PresentDeps & { readonly store: Pick<FeedbackStore, "findFeedback"> };

/**
 * POST /v1/feedbacks/{key}/votes: a team member relays the vote of a customer who asked by e-mail
 * or in a call. Idempotent per e-mail address (`counted` false when the person's vote was counted
 * already); the person follows the feedback, and is written to in the language the member relayed
 * it in (the request's, as an invitation is). Answers with the feedback and its votes.
 */
export async function relayVote(
  services: RelayDeps,
  grant: Grant,
  keyOrId: string,
  request: VoteRequest & { readonly language: Language },
): Promise<Result<{ feedback: Feedback; counted: boolean }>> {
  const allowed = authorize(grant, "feedbacks.update");
  if (!allowed.ok) return allowed;
  const name = request.name?.trim();
  const voter = { orgId: grant.orgId, email: normalizeEmail(request.email), ...(name && { name }), language: request.language };
  const cast = await castVote(services, voter, keyOrId, null);
  if (!cast.ok) return cast;
  const feedback = await services.store.findFeedback(grant.orgId, cast.value.feedbackKey);
  if (!feedback) throw new Error(`feedback ${cast.value.feedbackKey} vanished after a vote`);
  return ok({ feedback: await presentFeedback(services, feedback), counted: cast.value.counted });
}
