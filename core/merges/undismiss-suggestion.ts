import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import { type FindDeps, findByKeyOrId, holderOf } from "../feedback/find-feedback.ts";
import type { Grant } from "../model.ts";
import type { SuggestionStore } from "../store/suggestions.ts";

type UndismissDeps = FindDeps & { readonly store: Pick<SuggestionStore, "undismissPair"> };

/**
 * A person takes back "Not duplicates": the pair waits for review again (and grouping may suggest
 * or merge it again), as the people who may dismiss a pair decide. The decision taken back is the
 * one recorded on the two feedbacks named (the notice of a dismissal names those it recorded), even
 * where one was merged since: A and B dismissed, then A merged into C, A's pair with B waits again
 * as C's with B, as a merged feedback's pairs do. Two that are one feedback now (merged meanwhile)
 * are left so, and the answer says it (`one_feedback`); so does a pair with no decision to take back
 * (`not_dismissed`: never dismissed, or taken back already).
 */
export async function undismissSuggestion(
  services: UndismissDeps,
  grant: Grant,
  keyOrId: string,
  similarKeyOrId: string,
): Promise<Result<"restored" | "one_feedback" | "not_dismissed">> {
  const allowed = authorize(grant, "feedbacks.update");
  if (!allowed.ok) return allowed;
  const [a, b] = await Promise.all([findByKeyOrId(services, grant.orgId, keyOrId), findByKeyOrId(services, grant.orgId, similarKeyOrId)]);
  if (!a || !b) return fail("not_found");
  const [holderOfA, holderOfB] = await Promise.all([holderOf(services, grant.orgId, a), holderOf(services, grant.orgId, b)]);
  if (!holderOfA || !holderOfB) return fail("not_found");
  if (holderOfA.id === holderOfB.id) return ok("one_feedback");
  return ok((await services.store.undismissPair(grant.orgId, a.id, b.id)) ? "restored" : "not_dismissed");
}
