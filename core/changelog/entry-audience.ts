import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { FindDeps } from "../feedback/find-feedback.ts";
import type { Grant } from "../model.ts";
import type { FollowerStore } from "../store/followers.ts";
import { recipientsOf } from "./announce-entry.ts";
import { entryFeedbacks } from "./linked-feedbacks.ts";

type AudienceDeps = FindDeps & { readonly store: Pick<FollowerStore, "listFollowers"> };

/**
 * How many people an entry shipping these feedbacks would e-mail if published now: the people its
 * announcement goes to (recipientsOf), each counted once however many of the feedbacks they
 * follow. Keys that name no feedback are left out, as the editor says them apart.
 */
export async function entryAudience(services: AudienceDeps, grant: Grant, keys: readonly string[]): Promise<Result<number>> {
  const allowed = authorize(grant, "changelog.manage");
  if (!allowed.ok) return allowed;
  const feedbacks = await entryFeedbacks(services, grant.orgId, keys);
  const followed = await Promise.all(feedbacks.map(async (feedback) => ({ feedback, followers: await services.store.listFollowers(feedback.id) })));
  return ok(recipientsOf(followed).length);
}
