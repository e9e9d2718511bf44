import { authorize } from "../authorization.ts";
import { normalizeEmail } from "../email.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { UserStore } from "../store/users.ts";
import { type FindDeps, resolveFeedback, noSuchFeedback } from "../feedback/find-feedback.ts";

type FollowDeps = FindDeps & { readonly store: Pick<UserStore, "listMembers"> & Pick<FollowerStore, "addFollower" | "removeFollower"> };

/** The person behind a grant follows a feedback (or stops), with their own e-mail address. */
export async function setFollowing(services: FollowDeps, grant: Grant, keyOrId: string, following: boolean): Promise<Result<{ following: boolean }>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const feedback = await resolveFeedback(services, grant.orgId, keyOrId);
  if (!feedback) return noSuchFeedback(keyOrId);
  const member = (await services.store.listMembers(grant.orgId)).find((m) => m.userId === grant.userId);
  if (!member) return fail("forbidden");
  const email = normalizeEmail(member.email);
  if (following) await services.store.addFollower({ feedbackId: feedback.id, email, language: "en" });
  else await services.store.removeFollower(feedback.id, email);
  return ok({ following });
}
