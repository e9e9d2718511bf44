import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import { type SummariesDeps, summaries } from "../feedback/summaries.ts";
import { asWritten } from "../grouping/as-written.ts";
import { SUBJECT_KINDS } from "../grouping/candidates.ts";
import { statusesOf } from "../feedback/status.ts";
import { groupingText } from "../grouping/compare.ts";
import type { Suggestion } from "../grouping/decision.ts";
import type { FeedbackRecord, Grant } from "../model.ts";
import type { FeedbackSummary } from "../schemas/feedback.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { SuggestionStore } from "../store/suggestions.ts";

/** A suggestion as people review it: both feedbacks, how alike, and the words that matched, as the reports wrote them. */
interface SuggestionView {
  readonly feedback: FeedbackSummary;
  readonly similar: FeedbackSummary;
  readonly score: number;
  /** The grouper found them one subject (Suggestion.sure). */
  readonly sure: boolean;
  readonly matched: readonly string[];
}

/** A page of the queue: the pairs shown, and whether more wait behind them. */
interface SuggestionQueue {
  readonly pairs: readonly SuggestionView[];
  readonly more: boolean;
}

type SuggestionsDeps = SummariesDeps & {
  readonly store: Pick<SuggestionStore, "listSuggestions"> & Pick<FeedbackStore, "findFeedback" | "listReports">;
};

/** How many suggestions the review queue shows at once. */
const SUGGESTIONS_SHOWN = 50;

/** The "Possible duplicates" queue: undecided suggestions of the organization (or one app), most alike first. */
export async function listSuggestions(services: SuggestionsDeps, grant: Grant, appId: string | null): Promise<Result<SuggestionQueue>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const { store } = services;
  // A pair one of which became praise since it was suggested, and the other not, is no longer one
  // subject, and a pair both of which are closed asks nothing of anyone: the store leaves them out
  // before it counts the page. A pair one of which closed since is still shown: whether a report
  // joins a closed subject is for a person to decide. One more than is shown says whether more wait.
  const query = { orgId: grant.orgId, appId, limit: SUGGESTIONS_SHOWN + 1, kinds: SUBJECT_KINDS, closed: statusesOf("closed") };
  const read = await store.listSuggestions(query);
  const suggestions = read.slice(0, SUGGESTIONS_SHOWN);
  const pairs = await Promise.all(
    suggestions.map(async (s) => ({
      s,
      a: await store.findFeedback(grant.orgId, s.feedbackId),
      b: await store.findFeedback(grant.orgId, s.similarId),
    })),
  );
  const complete = pairs.filter((p): p is { s: Suggestion; a: FeedbackRecord; b: FeedbackRecord } => p.a !== null && p.b !== null);
  const records = complete.flatMap(({ a, b }): FeedbackRecord[] => [a, b]);
  const [shown, texts] = await Promise.all([
    summaries(services, grant.orgId, records),
    Promise.all(records.map(async (r) => groupingText(r, await store.listReports(r.id)))),
  ]);
  return ok({
    pairs: complete.map(({ s }, i) => ({
      feedback: shown[2 * i]!,
      similar: shown[2 * i + 1]!,
      score: s.score,
      sure: s.sure,
      matched: asWritten(s.matched, [texts[2 * i]!, texts[2 * i + 1]!]),
    })),
    more: read.length > SUGGESTIONS_SHOWN,
  });
}
