import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import { type FindDeps, resolveFeedback } from "../feedback/find-feedback.ts";
import type { Grant } from "../model.ts";
import type { Services } from "../services.ts";
import type { SuggestionStore } from "../store/suggestions.ts";

type DismissDeps = FindDeps & Pick<Services, "clock"> & { readonly store: Pick<SuggestionStore, "dismissPair"> };

/** The keys of the two feedbacks a dismissal is recorded on, in the order they were named. */
type DismissedPair = readonly [key: string, similarKey: string];

/**
 * A person decides two feedbacks are not duplicates: the pair is neither suggested nor merged by
 * grouping again. It is recorded on the feedbacks holding the two named now (a page shown before a
 * merge names the merged one), and the answer names those, which taking it back names in turn
 * (undismissSuggestion). Two that are one feedback now (merged meanwhile, on another page) are left
 * so, and the answer says it (`one_feedback`): there is no pair left to dismiss.
 */
export async function dismissSuggestion(
  services: DismissDeps,
  grant: Grant,
  keyOrId: string,
  similarKeyOrId: string,
): Promise<Result<DismissedPair | "one_feedback">> {
  const allowed = authorize(grant, "feedbacks.update");
  if (!allowed.ok) return allowed;
  const [a, b] = await Promise.all([resolveFeedback(services, grant.orgId, keyOrId), resolveFeedback(services, grant.orgId, similarKeyOrId)]);
  if (!a || !b) return fail("not_found");
  if (a.id === b.id) return ok("one_feedback");
  await services.store.dismissPair(grant.orgId, a.id, b.id, services.clock(), grant.userId);
  return ok([a.key, b.key]);
}
