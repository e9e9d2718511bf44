/** Grouping chains are short; the bound only guards against a corrupted cycle (a store following merges in one query stops there too). */
export const MAX_MERGES = 16;

/** A feedback as a chain of merges reads it: its id, and the feedback it was merged into, if any. */
export interface ChainLink {
  readonly id: string;
  readonly mergedInto?: string;
}

/** Where following the merges from a feedback ends, on what was read so far. */
interface Followed<T> {
  /** The feedback holding it: itself when merged into none, else the one at the end of its merges (A into B, B into C: C). */
  readonly holder?: T;
  /** The first feedback along its merges not read yet. */
  readonly unread?: string;
}

/**
 * Follows the merges from `id` through the feedbacks read so far (`known`, null for one found
 * missing). Neither holder nor unread when the chain breaks on a missing feedback, or does not end
 * within MAX_MERGES merges (a corrupted cycle).
 */
export function followMerges<T extends ChainLink>(id: string, known: ReadonlyMap<string, T | null>): Followed<T> {
  let at = id;
  for (let merges = 0; merges <= MAX_MERGES; merges++) {
    const feedback = known.get(at);
    if (feedback === undefined) return { unread: at };
    if (feedback === null) return {};
    if (!feedback.mergedInto) return { holder: feedback };
    at = feedback.mergedInto;
  }
  return {};
}

/**
 * Reads into `known` the feedbacks `ids` name and those they were merged into, however deep, until
 * followMerges answers each of them: one read per step along the merges, for all of them at once.
 * A feedback `read` does not find is known as null.
 */
export async function readMerges<T extends ChainLink>(
  ids: readonly string[],
  known: Map<string, T | null>,
  read: (ids: string[]) => Promise<readonly T[]>,
): Promise<void> {
  // Each step reads feedbacks not known yet, one further along each chain, and a chain is followed MAX_MERGES merges at most: it ends.
  for (;;) {
    const wanted = [...new Set(ids.flatMap((id) => followMerges(id, known).unread ?? []))];
    if (wanted.length === 0) return;
    for (const id of wanted) known.set(id, null);
    for (const feedback of await read(wanted)) known.set(feedback.id, feedback);
  }
}
