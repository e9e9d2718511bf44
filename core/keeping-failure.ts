import { saidBy } from "./errors.ts";
import type { DeliveryFailure } from "./model.ts";
import type { Clock } from "./ports.ts";
import { CredentialsRefused } from "./refused-credentials.ts";

/** Where an integration keeps its last failure (Slack's connection, an app's tracker), and whether it holds one now. */
interface FailureKeeper {
  readonly holds: boolean;
  record(failure: DeliveryFailure): Promise<void>;
  clear(before: number): Promise<void>;
}

/**
 * Runs a job's call to an integration. A failure is kept for the integration's settings to show,
 * without the call's secrets, and thrown on (the job is retried); a success forgets a failure kept
 * from before it started, so that a later failure of a call running beside it is not lost.
 */
export async function keepingFailure<T>(clock: Clock, keeper: FailureKeeper, secrets: readonly string[], call: () => Promise<T>): Promise<T> {
  const started = clock();
  let done: T;
  try {
    done = await call();
  } catch (error) {
    // The call's own error is the one the job tells: a store that fails to keep it does not hide it.
    await keeper.record({ at: clock(), error: saidBy(error, secrets), refused: error instanceof CredentialsRefused }).catch(() => undefined);
    throw error;
  }
  if (keeper.holds) await keeper.clear(started);
  return done;
}
