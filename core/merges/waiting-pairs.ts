import { newerFirst, type Suggestion } from "../grouping/decision.ts";
import { followMerges, readMerges } from "./merge-chain.ts";
import type { Kind, Status } from "../schemas/feedback.ts";
import type { SuggestionQuery } from "../store/suggestions.ts";

/** A feedback a waiting pair names, as the pair reads it: the feedback it was merged into, if any, its kind and status. */
export interface PairSide {
  readonly id: string;
  readonly mergedInto?: string;
  readonly kind: Kind;
  readonly status: Status;
}

/** An undecided pair as a store reads it, with its two feedbacks when it read them with it (the newer first). */
interface PairRead {
  readonly pair: Suggestion;
  readonly sides?: readonly [PairSide, PairSide];
}

/** What a store reads for waiting pairs, of one organization. */
export interface PairReads {
  /**
   * Undecided pairs (of the query's app, or of the feedback and those merged into it), best first:
   * the most alike, then by feedback and by the other, the newest id first; `size` at most, those
   * after `last` when given. A store may leave out a pair whose two feedbacks, neither merged, are
   * not listable (its query's rule, read where the pairs are: a queue of mostly closed feedbacks is
   * then passed over by the store's own index, not a batch at a time here).
   */
  readonly undecided: (last: Suggestion | undefined, size: number) => Promise<readonly PairRead[]>;
  /** The feedbacks of the organization with these ids, those there are. */
  readonly sides: (ids: readonly string[]) => Promise<PairSide[]>;
  /** Of these pairs (the newer first), those a person dismissed, each as named. */
  readonly dismissed: (pairs: readonly (readonly [string, string])[]) => Promise<(readonly [string, string])[]>;
}

/**
 * The first batch is a page: a store that passes over the pairs it may leave out fills it at once.
 * Each batch after it is twice the one before, so that a queue of pairs mostly left out here (merged
 * feedbacks, a store that passes over none) is read in few batches.
 */
const GROWTH = 2;

const pairKey = ([newer, older]: readonly [string, string]) => `${newer} ${older}`;

/**
 * The pairs Possible duplicates lists, `limit` at most, best first. A pair answers for the visible
 * feedbacks holding its two, as grouping compares a new report with every report of a group: once B
 * is merged into A, B's pair with C is A's with C (the evidence, B alike to C, still stands), and
 * once B is unmerged it is B's again: nothing is written, a merge is a link. Of the pairs answering
 * for one, the most alike stands (single linkage). None answers for a feedback with itself, nor for
 * a pair a person dismissed; and a pair is listed only while its two feedbacks' kinds are in one
 * group and one of them is open.
 */
export async function waitingPairs(query: Pick<SuggestionQuery, "limit" | "kinds" | "closed">, reads: PairReads): Promise<Suggestion[]> {
  const known = new Map<string, PairSide | null>();
  const listed = new Map<string, Suggestion>();
  for (let last: Suggestion | undefined, size = query.limit; listed.size < query.limit; size *= GROWTH) {
    const batch = await reads.undecided(last, size);
    for (const side of batch.flatMap((r) => r.sides ?? [])) known.set(side.id, side);
    const read = batch.map((r) => r.pair);
    await readMerges(
      read.flatMap((s) => [s.feedbackId, s.similarId]),
      known,
      reads.sides,
    );
    const answered = read.flatMap((s) => {
      const [a, b] = [followMerges(s.feedbackId, known).holder, followMerges(s.similarId, known).holder];
      return a && b && a.id !== b.id ? [{ s, sides: [a, b] as const, pair: newerFirst(a.id, b.id) }] : [];
    });
    // A pair read is undecided; only one answering for others than its own may have been dismissed.
    const carried = answered.filter(({ s, pair }) => pair[0] !== s.feedbackId || pair[1] !== s.similarId).map(({ pair }) => pair);
    const dismissed = new Set((carried.length > 0 ? await reads.dismissed(carried) : []).map(pairKey));
    for (const { s, sides, pair } of answered) {
      const key = pairKey(pair);
      if (listed.has(key) || dismissed.has(key) || !listable(sides, query)) continue;
      listed.set(key, { ...s, feedbackId: pair[0], similarId: pair[1] });
    }
    if (read.length < size) break;
    last = read.at(-1);
  }
  return [...listed.values()].slice(0, query.limit);
}

/** Whether a pair of visible feedbacks is listed: their kinds in one group, one of the two open. */
function listable([a, b]: readonly [PairSide, PairSide], { kinds, closed }: Pick<SuggestionQuery, "kinds" | "closed">): boolean {
  const group = (side: PairSide) => kinds.findIndex((kindsOfGroup) => kindsOfGroup.includes(side.kind));
  return group(a) >= 0 && group(a) === group(b) && (!closed.includes(a.status) || !closed.includes(b.status));
}
