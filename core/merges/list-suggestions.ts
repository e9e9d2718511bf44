import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import { type SummariesDeps, summaries } from "../feedback/summaries.ts";
import { asWritten } from "../grouping/as-written.ts";
import { type WeakDeps, type WeakMatch, weakMatches } from "../grouping/weak-match.ts";
import { reviewOrder } from "./review-order.ts";
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
  /** Each is the other's closest waiting match (reviewOrder), which puts the pair ahead in the queue. */
  readonly closest: boolean;
  readonly matched: readonly string[];
  /** Why the match rests on little (weakMatch), its words as the reports wrote them; null for a strong one. */
  readonly weak: WeakMatch | null;
}

/** A page of the queue: the pairs shown, and how many wait in all. */
interface SuggestionQueue {
  readonly pairs: readonly SuggestionView[];
  /** How many pairs wait, counted up to QUEUE_READ; more than that when `countedAll` is false. */
  readonly waiting: number;
  readonly countedAll: boolean;
}

type SuggestionsDeps = SummariesDeps &
  WeakDeps & {
    readonly store: Pick<SuggestionStore, "listSuggestions"> & Pick<FeedbackStore, "findFeedback" | "listReports">;
  };

/**
 * The waiting pairs the queue lists, and a feedback's similar feedbacks read: of kinds that may be
 * one subject, one of the two open. A pair one of which became praise since it was suggested, and the other not, is
 * no longer one subject, and a pair both of which are closed asks nothing of anyone. A pair one of
 * which closed since is still listed: whether a report joins a closed subject is for a person to
 * decide.
 */
export const QUEUED = { kinds: SUBJECT_KINDS, closed: statusesOf("closed") };

/** How many suggestions the review queue shows at once. */
const SUGGESTIONS_SHOWN = 50;
/**
 * How many of the most alike suggestions are read, counted and ordered (reviewOrder) at once: a
 * page costs a bounded read however long the queue, and a longer queue says "more than" this.
 */
const QUEUE_READ = 1000;

/**
 * The "Possible duplicates" queue: undecided suggestions of the organization (or one app), the
 * pairs closest to each other first, and how many wait. Of the pairs shown, those whose match is
 * weak (weakMatch) come after the others, each part in the queue's order: which pairs are shown
 * stays the queue's.
 */
export async function listSuggestions(services: SuggestionsDeps, grant: Grant, appId: string | null): Promise<Result<SuggestionQueue>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const { store } = services;
  // The store leaves out the pairs the queue does not list (QUEUED) before it counts the page. One
  // more than is read says whether more wait.
  const query = { orgId: grant.orgId, appId, limit: QUEUE_READ + 1, ...QUEUED };
  const read = await store.listSuggestions(query);
  const ordered = await strongFirst(services, reviewOrder(read.slice(0, QUEUE_READ)).slice(0, SUGGESTIONS_SHOWN));
  const pairs = await Promise.all(
    ordered.map(async ({ pair: s, closest, weak }) => ({
      s,
      closest,
      weak,
      a: await store.findFeedback(grant.orgId, s.feedbackId),
      b: await store.findFeedback(grant.orgId, s.similarId),
    })),
  );
  const complete = pairs.filter(
    (p): p is { s: Suggestion; closest: boolean; weak: WeakMatch | null; a: FeedbackRecord; b: FeedbackRecord } => p.a !== null && p.b !== null,
  );
  const records = complete.flatMap(({ a, b }): FeedbackRecord[] => [a, b]);
  const [shown, texts] = await Promise.all([
    summaries(services, grant.orgId, records),
    Promise.all(records.map(async (r) => groupingText(r, await store.listReports(r.id)))),
  ]);
  return ok({
    pairs: complete.map(({ s, closest, weak }, i) => {
      const written = (words: readonly string[]) => asWritten(words, [texts[2 * i]!, texts[2 * i + 1]!]);
      return {
        feedback: shown[2 * i]!,
        similar: shown[2 * i + 1]!,
        score: s.score,
        sure: s.sure,
        closest,
        matched: written(s.matched),
        weak: weak && { reason: weak.reason, words: written(weak.words) },
      };
    }),
    waiting: Math.min(read.length, QUEUE_READ),
    countedAll: read.length <= QUEUE_READ,
  });
}

/** The pairs shown, each judged (weakMatches, app by app), those whose match is weak after the others, each part in its order. */
async function strongFirst<P extends { readonly pair: Suggestion }>(
  services: WeakDeps,
  shown: readonly P[],
): Promise<Array<P & { readonly weak: WeakMatch | null }>> {
  const apps = new Map<string, P[]>();
  for (const p of shown) apps.set(p.pair.appId, [...(apps.get(p.pair.appId) ?? []), p]);
  const judged = new Map<P, WeakMatch | null>();
  for (const [appId, pairs] of apps) {
    const weak = await weakMatches(
      services,
      { orgId: pairs[0]!.pair.orgId, appId },
      pairs.map((p) => p.pair),
    );
    for (const [i, p] of pairs.entries()) judged.set(p, weak[i]!);
  }
  // A stable sort: the strong, then the weak, each in the queue's order.
  return shown.map((p) => ({ ...p, weak: judged.get(p)! })).sort((a, b) => Number(a.weak !== null) - Number(b.weak !== null));
}
