import { statusesOf } from "../feedback/status.ts";
import type { Kind, Status } from "../schemas/feedback.ts";

/** Keys looked up per new feedback: the rarest say the most about a subject. */
export const RAREST_KEYS = 4;
/** Postings read per key: the most recent feedbacks are the likeliest duplicates, and the cost stays flat. */
export const POSTINGS_PER_KEY = 200;
/** How many of the most similar-looking feedbacks the grouper compares a new one with, the newest first among equals. */
const CANDIDATES = 25;
/**
 * How many of the oldest among equals it compares besides: in a burst of one subject, more of its
 * feedbacks than CANDIDATES are open at once, and the oldest is the one the others are merged into.
 */
const OLDEST_CANDIDATES = 5;
/** How many feedbacks the grouper compares a new one with, at most. */
export const COMPARED_AT_MOST = CANDIDATES + OLDEST_CANDIDATES;
/** A feedback can absorb a new one while it is open: a closed subject that comes back is news. */
export const CANDIDATE_STATUSES: readonly Status[] = statusesOf("open");

/**
 * The kinds that may be one subject, in groups: a feedback duplicates only feedbacks of its group.
 * A problem and an idea can be one subject ("the export is broken", "please fix the export");
 * praise says that something works, so it duplicates only praise ("Love the new checkout" is no
 * duplicate of "The checkout button does nothing").
 */
export const SUBJECT_KINDS: readonly (readonly Kind[])[] = [["problem", "idea"], ["praise"]];

/** The kinds a feedback may duplicate: those of its group. */
const candidateKinds = (kind: Kind): readonly Kind[] => SUBJECT_KINDS.find((group) => group.includes(kind)) ?? [kind];

/** Whether feedbacks of these kinds may be one subject: of one group. */
export const oneSubject = (a: Kind, b: Kind): boolean => candidateKinds(a).includes(b);

/**
 * Which feedbacks a new one is compared with: the others of its app, open and not merged, that
 * share the most of its rarest keys (the newest first among equals). Older and newer alike: jobs
 * run in any order on any process, and of two duplicates the newer is merged into the older
 * whichever job finds the pair. A store answers from its postings, so the cost follows those keys,
 * not the number of feedbacks.
 */
export interface CandidateQuery {
  readonly orgId: string;
  readonly appId: string;
  /** The keys whose postings are read, rarest first. */
  readonly keys: readonly string[];
  readonly postingsPerKey: number;
  readonly statuses: readonly Status[];
  /** The kinds it may duplicate (candidateKinds). */
  readonly kinds: readonly Kind[];
  /** The new feedback itself, indexed before it looks. */
  readonly exclude: string;
  /** How many candidates, the newest first among equals… */
  readonly limit: number;
  /** …and how many more, the oldest first among equals (OLDEST_CANDIDATES). */
  readonly oldest: number;
}

interface Dated {
  readonly createdAt: number;
  readonly id: string;
}

interface NewFeedback extends Dated {
  readonly orgId: string;
  readonly appId: string;
  readonly kind: Kind;
}

/**
 * The candidate query of a new feedback, given how many feedbacks of the app carry each of its
 * keys (itself included, once indexed); null when none of its keys was ever indexed.
 */
export function candidateQuery(feedback: NewFeedback, frequencies: ReadonlyMap<string, number>): CandidateQuery | null {
  // A feedback is indexed before its job looks: a key it alone carries would be the rarest and find
  // nothing. Keys carried once come last, for a feedback read before its job indexed it.
  const once = (count: number) => (count > 1 ? 0 : 1);
  const rarest = [...frequencies]
    .filter(([, count]) => count > 0)
    .sort(([, a], [, b]) => once(a) - once(b) || a - b)
    .slice(0, RAREST_KEYS)
    .map(([key]) => key);
  if (rarest.length === 0) return null;
  return {
    orgId: feedback.orgId,
    appId: feedback.appId,
    keys: rarest,
    postingsPerKey: POSTINGS_PER_KEY,
    statuses: CANDIDATE_STATUSES,
    kinds: candidateKinds(feedback.kind),
    exclude: feedback.id,
    limit: CANDIDATES,
    oldest: OLDEST_CANDIDATES,
  };
}

/**
 * How many feedbacks the postings rank for a query, in each order: twice what it takes, as some of
 * the best may have closed or been merged since they were indexed, or be of a kind the query leaves
 * out (praise sharing a problem's words), and only these few are read from the store's rows.
 */
export const rankedCount = (query: Pick<CandidateQuery, "limit" | "oldest">) => ({ newest: query.limit * 2, oldest: query.oldest * 2 });

/**
 * The feedbacks the postings of a query's keys point to, best first: those that share the most of
 * the keys, the newest first among equals (ids are time-ordered), and again the oldest first, each
 * up to rankedCount. `postings` holds each key's most recent postings. The SQLite store ranks the
 * same way in SQL (its documents are numbered as feedbacks come), and the store contract holds both
 * stores to this order.
 */
export function rankCandidates(
  postings: readonly (readonly string[])[],
  query: Pick<CandidateQuery, "limit" | "oldest">,
): { readonly newest: string[]; readonly oldest: string[] } {
  const shared = new Map<string, number>();
  for (const ids of postings) for (const id of ids) shared.set(id, (shared.get(id) ?? 0) + 1);
  // Among equals, by id: newer ids sort after older ones, so `newer` is 1 for the newest first, -1 for the oldest.
  const ranked = (newer: 1 | -1, count: number) =>
    [...shared]
      .sort(([a, n], [b, m]) => m - n || (a < b ? newer : a > b ? -newer : 0))
      .slice(0, count)
      .map(([id]) => id);
  const counts = rankedCount(query);
  return { newest: ranked(1, counts.newest), oldest: ranked(-1, counts.oldest) };
}

/**
 * The candidates compared, of those each ranking gave that are still candidates (open, of the
 * kinds asked): the first `limit` of the newest ranking, then the first `oldest` of the oldest
 * ranking not taken already.
 */
export function chosenCandidates<T>(newest: readonly T[], oldest: readonly T[], query: Pick<CandidateQuery, "limit" | "oldest">): T[] {
  const chosen = newest.slice(0, query.limit);
  const taken = new Set(chosen);
  return [...chosen, ...oldest.filter((id) => !taken.has(id)).slice(0, query.oldest)];
}

/** Of two duplicates, which is merged into which: the newer into the older (ids break ties, as they are time-ordered). */
export function mergeDirection<T extends Dated>(a: T, b: T): { readonly source: T; readonly target: T } {
  const aFirst = a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id);
  return aFirst ? { source: b, target: a } : { source: a, target: b };
}
