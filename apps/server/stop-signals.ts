import type { Logger } from "../../adapters/logging/logger.ts";

/**
 * One signal to the process group (Ctrl-C, timeout, systemd's control-group stop) reaches the
 * server twice, directly and passed on by npm, a few milliseconds apart: within this it is the same
 * request. A person pressing Ctrl-C again takes longer than this.
 */
export const SAME_REQUEST_MS = 1_000;

/** One thing the stop closes: what it is, in the words of the line that says it failed. */
type StopStep = readonly [what: string, close: () => unknown];

interface StopSignals {
  /** What the stop closes, in order; each is closed even when one before it failed. */
  readonly steps: readonly StopStep[];
  readonly logger: Logger;
  /** Milliseconds, never going back: the time between two signals, and the stop's length. */
  readonly now: () => number;
  readonly exit: (code: number) => void;
}

/**
 * What a stop signal does. The first begins the stop: each step in turn, then exit 0, or, when one
 * failed, one line saying which and why, and exit 1 once the others are done (never an unhandled
 * rejection). A second signal within SAME_REQUEST_MS is the first delivered twice, whatever its
 * name; one later is a person who does not want to wait: the process exits at once.
 */
export function stopSignals({ steps, logger, now, exit }: StopSignals): (signal: string) => void {
  let began: number | undefined;

  async function stop(signal: string, started: number): Promise<void> {
    logger.info({ signal }, "shutting down");
    let failed = false;
    for (const [what, close] of steps) {
      try {
        await close();
      } catch (error) {
        failed = true;
        logger.error({ err: error, signal }, `shutting down: could not ${what}; the process exits with code 1 once the rest is closed`);
      }
    }
    if (!failed) logger.info({ signal, ms: Math.round(now() - started) }, "stopped");
    exit(failed ? 1 : 0);
  }

  return (signal) => {
    if (began === undefined) {
      began = now();
      void stop(signal, began);
    } else if (now() - began > SAME_REQUEST_MS) {
      logger.warn({ signal }, "a second signal: stopping now, without finishing the shutdown");
      exit(1);
    }
  };
}
