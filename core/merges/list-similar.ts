import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import { type SummariesDeps, summaries } from "../feedback/summaries.ts";
import { type CompareDeps, compareFeedback, groupingText } from "../grouping/compare.ts";
import type { FeedbackRecord, Grant } from "../model.ts";
import type { SimilarList } from "../schemas/merges.ts";
import type { Store } from "../store.ts";
import { type FindDeps, resolveFeedback } from "../use-cases/get-feedback.ts";

export type SimilarDeps = FindDeps & CompareDeps & SummariesDeps & { readonly store: Pick<Store, "findFeedback" | "listReports" | "dismissedWith"> };

/**
 * GET /v1/feedbacks/{key}/similar: the open feedbacks of its app that may tell the same thing,
 * most alike first, with their score and the words that matched; pairs a person dismissed are left out.
 */
export async function listSimilar(services: SimilarDeps, grant: Grant, keyOrId: string): Promise<Result<SimilarList>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const { store, grouper } = services;
  const feedback = await resolveFeedback(services, grant.orgId, keyOrId);
  if (!feedback) return fail("not_found");
  const text = groupingText(feedback, await store.listReports(feedback.id));
  const [{ matches }, dismissed] = await Promise.all([
    compareFeedback(services, feedback, text, grouper.keys(text)),
    store.dismissedWith(grant.orgId, feedback.id),
  ]);
  const open = matches.filter((m) => !dismissed.has(m.id));
  const found = await Promise.all(open.map((m) => store.findFeedback(grant.orgId, m.id)));
  const alike = open.filter((_, i) => found[i]);
  const shown = await summaries(
    services,
    grant.orgId,
    found.filter((f): f is FeedbackRecord => f !== null),
  );
  return ok({ data: shown.map((feedback, i) => ({ feedback, score: alike[i]!.score, sure: alike[i]!.same, matched: [...alike[i]!.matched] })) });
}
