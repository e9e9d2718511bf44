import { authorize } from "../authorization.ts";
import { normalizeEmail } from "../email.ts";
import type { Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import { type WithdrawDeps, withdrawVote } from "./withdraw-vote.ts";

/**
 * DELETE /v1/feedbacks/{key}/votes/{email}: a team member takes back a person's vote on their
 * behalf (one relayed by mistake, or the customer changed their mind), as the person would.
 */
export async function withdrawRelayedVote(
  services: WithdrawDeps,
  grant: Grant,
  keyOrId: string,
  email: string,
): Promise<Result<{ withdrawn: boolean }>> {
  const allowed = authorize(grant, "feedbacks.update");
  if (!allowed.ok) return allowed;
  return withdrawVote(services, { orgId: grant.orgId, email: normalizeEmail(email) }, keyOrId);
}
