import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import { type SummariesDeps, summaries } from "../feedback/summaries.ts";
import { asWritten } from "../grouping/as-written.ts";
import { COMPARED_AT_MOST } from "../grouping/candidates.ts";
import { type CompareDeps, compareFeedback, groupingText } from "../grouping/compare.ts";
import { newerFirst } from "../grouping/decision.ts";
import { isOpen } from "../feedback/status.ts";
import type { GroupingMatch } from "../ports.ts";
import { likenesses } from "./likeness.ts";
import { type WeakDeps, weakMatches } from "../grouping/weak-match.ts";
import { QUEUED } from "./list-suggestions.ts";
import type { FeedbackRecord, Grant, ReportRecord } from "../model.ts";
import type { SimilarFeedback, SimilarList } from "../schemas/merges.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { SuggestionStore } from "../store/suggestions.ts";
import { type FindDeps, mergedAway, resolveFeedback, noSuchFeedback } from "../feedback/find-feedback.ts";

export type SimilarDeps = FindDeps &
  CompareDeps &
  SummariesDeps &
  WeakDeps & {
    readonly store: Pick<FeedbackStore, "findFeedback" | "listReports"> & Pick<SuggestionStore, "dismissedWith" | "listSuggestions">;
  };

/**
 * How many similar feedbacks a feedback lists at most, and how many of its pairs waiting in Possible
 * duplicates it reads, the most alike first: as many as grouping compares a feedback with, so that
 * one in hundreds of pairs (reports written on one bug template) reads no more than it compares,
 * and each one listed, whose reports are read, is among the most alike.
 */
const LISTED = COMPARED_AT_MOST;

/**
 * The open feedbacks of its app that a feedback (with its reports, already read) may duplicate,
 * most alike first, with their score and the words that matched (as the reports wrote them): those
 * it compares alike with now, and those of its pairs waiting in Possible duplicates, each of which
 * reads as it does there (likenesses), weak where it is there (weakMatches); pairs a person
 * dismissed are left out.
 */
export async function similarTo(services: SimilarDeps, feedback: FeedbackRecord, reports: readonly ReportRecord[]): Promise<SimilarFeedback[]> {
  const { store, grouper } = services;
  const text = groupingText(feedback, reports);
  const [{ matches }, waiting, dismissed] = await Promise.all([
    compareFeedback(services, feedback, text, grouper.keys(text)),
    // Its pairs as the queue lists them.
    store.listSuggestions({ orgId: feedback.orgId, appId: feedback.appId, feedbackId: feedback.id, limit: LISTED, ...QUEUED }),
    store.dismissedWith(feedback.orgId, feedback.id),
  ]);
  const found = await Promise.all(
    likenesses(feedback.id, matches, waiting, dismissed, LISTED).map(async (likeness) => ({
      likeness,
      record: await store.findFeedback(feedback.orgId, likeness.id),
    })),
  );
  // The feedbacks it may duplicate are open ones: a pair waits in the queue while either is.
  const alike = found.filter((f): f is { likeness: GroupingMatch; record: FeedbackRecord } => f.record !== null && isOpen(f.record.status));
  const [shown, theirTexts, weak] = await Promise.all([
    summaries(
      services,
      feedback.orgId,
      alike.map((a) => a.record),
    ),
    Promise.all(alike.map(async ({ record }) => groupingText(record, await store.listReports(record.id)))),
    weakMatches(
      services,
      feedback,
      alike.map(({ likeness }) => ({ sure: likeness.same, matched: likeness.matched })),
    ),
  ]);
  return alike.map(({ likeness, record }, i) => {
    // The newer's text first, as Possible duplicates gives them: a word the two write differently reads alike on every page.
    const texts = newerFirst(feedback.id, record.id)[0] === feedback.id ? [text, theirTexts[i]!] : [theirTexts[i]!, text];
    const why = weak[i];
    return {
      feedback: shown[i]!,
      score: likeness.score,
      sure: likeness.same,
      matched: asWritten(likeness.matched, texts),
      ...(why && { weak: { reason: why.reason, words: asWritten(why.words, texts) } }),
    };
  });
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
