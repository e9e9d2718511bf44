/**
 * How long one operation on a tracker (open, find, follow: all its calls together) may take. It is
 * well under the claim a status comment is posted under (CLAIM_LEASE_MS), so that a post that hangs
 * is given up, and its job's place freed, before another sync may post the comment again.
 */
export const TRACKER_DEADLINE_MS = 30_000;

/** How long asking a tracker about the token, as the settings are saved, may take: a person waits for the answer. */
export const CHECK_DEADLINE_MS = 10_000;

/** A tracker operation's deadline: the signal its calls are aborted by, and the time it stands for. */
interface Deadline {
  readonly signal: AbortSignal;
  readonly ms: number;
}

/** A tracker that did not answer within its operation's deadline: what it did meanwhile is unknown. */
export class DeadlinePassed extends Error {
  override readonly name = "DeadlinePassed";
}

/**
 * Runs a tracker operation whose calls the deadline's signal aborts. Past the deadline its failure
 * names the tracker and the time, where the libraries' own errors say only that a request was aborted.
 */
export async function beforeDeadline<T>(tracker: string, deadline: Deadline, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (deadline.signal.aborted) throw new DeadlinePassed(`${tracker} did not answer within ${deadline.ms / 1000} s`, { cause: error });
    throw error;
  }
}
