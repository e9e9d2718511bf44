import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import { type SummariesDeps, summaries } from "../feedback/summaries.ts";
import { asWritten } from "../grouping/as-written.ts";
import { type CompareDeps, compareFeedback, groupingText } from "../grouping/compare.ts";
import type { FeedbackRecord, Grant, ReportRecord } from "../model.ts";
import type { SimilarFeedback, SimilarList } from "../schemas/merges.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { SuggestionStore } from "../store/suggestions.ts";
import { type FindDeps, mergedAway, resolveFeedback, noSuchFeedback } from "../feedback/find-feedback.ts";

export type SimilarDeps = FindDeps &
  CompareDeps &
  SummariesDeps & { readonly store: Pick<FeedbackStore, "findFeedback" | "listReports"> & Pick<SuggestionStore, "dismissedWith"> };

/**
 * The open feedbacks of its app that a feedback (with its reports, already read) may duplicate,
 * most alike first, with their score and the words that matched (as the reports wrote them); pairs
 * a person dismissed are left out.
 */
export async function similarTo(services: SimilarDeps, feedback: FeedbackRecord, reports: readonly ReportRecord[]): Promise<SimilarFeedback[]> {
  const { store, grouper } = services;
  const text = groupingText(feedback, reports);
  const [{ matches }, dismissed] = await Promise.all([
    compareFeedback(services, feedback, text, grouper.keys(text)),
    store.dismissedWith(feedback.orgId, feedback.id),
  ]);
  const found = await Promise.all(
    matches.filter((m) => !dismissed.has(m.id)).map(async (match) => ({ match, record: await store.findFeedback(feedback.orgId, match.id) })),
  );
  const alike = found.filter((f): f is { match: (typeof f)["match"]; record: FeedbackRecord } => f.record !== null);
  const [shown, theirTexts] = await Promise.all([
    summaries(
      services,
      feedback.orgId,
      alike.map((a) => a.record),
    ),
    Promise.all(alike.map(async ({ record }) => groupingText(record, await store.listReports(record.id)))),
  ]);
  return alike.map(({ match }, i) => ({
    feedback: shown[i]!,
    score: match.score,
    sure: match.same,
    matched: asWritten(match.matched, [text, theirTexts[i]!]),
  }));
}

/** GET /v1/feedbacks/{key}/similar. */
export async function listSimilar(services: SimilarDeps, grant: Grant, keyOrId: string): Promise<Result<SimilarList>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const feedback = await resolveFeedback(services, grant.orgId, keyOrId);
  if (!feedback) return noSuchFeedback(keyOrId);
  const data = await similarTo(services, feedback, await services.store.listReports(feedback.id));
  return ok(mergedAway(feedback, keyOrId) ? { data, mergedInto: feedback.key } : { data });
}
