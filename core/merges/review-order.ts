/** A waiting pair of feedbacks, as the review queue orders them. */
interface Paired {
  readonly feedbackId: string;
  readonly similarId: string;
  /** Grouping found them one subject. */
  readonly sure: boolean;
}

/**
 * The review queue's order, from pairs listed most alike first: first the pairs whose two feedbacks
 * are each the other's closest waiting match, then the others; in each, the sure duplicates first,
 * then most alike first. Each pair says whether it is closest both ways. A feedback alike to many
 * others (a generic subject, a bug template's boilerplate) would otherwise fill the top of the queue
 * with its pairs; pairs closest both ways are duplicates far more often than the others
 * (bench/grouping.ts counts the true pairs among those the queue shows).
 */
export function reviewOrder<P extends Paired>(mostAlikeFirst: readonly P[]): Array<{ readonly pair: P; readonly closest: boolean }> {
  const closestOf = new Map<string, P>();
  for (const pair of mostAlikeFirst) for (const id of [pair.feedbackId, pair.similarId]) if (!closestOf.has(id)) closestOf.set(id, pair);
  const marked = mostAlikeFirst.map((pair) => ({ pair, closest: closestOf.get(pair.feedbackId) === pair && closestOf.get(pair.similarId) === pair }));
  const rank = ({ pair, closest }: (typeof marked)[number]) => (closest ? 0 : 2) + (pair.sure ? 0 : 1);
  // A stable sort: within a rank, the pairs stay most alike first.
  return marked.sort((a, b) => rank(a) - rank(b));
}
