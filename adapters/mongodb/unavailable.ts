import { MongoError, MongoErrorLabel, MongoNetworkError, MongoServerSelectionError } from "mongodb";
import { hearingErrors, storeUnavailable, type UnavailableReason } from "../../core/store-unavailable.ts";

/** MongoDB's code OutOfDiskSpace: the server's disk is full. */
const OUT_OF_DISK_SPACE = 14031;

/**
 * MongoDB's codes for a deployment that cannot serve now, by their names in its error_codes.yml:
 * no primary (NotWritablePrimary, NotPrimaryNoSecondaryOk, NotPrimaryOrSecondary, LegacyNotPrimary,
 * PrimarySteppedDown, InterruptedDueToReplStateChange: an election), a server stopping
 * (ShutdownInProgress, InterruptedAtShutdown), a member it cannot reach (HostUnreachable,
 * HostNotFound, NetworkTimeout, SocketException). The driver retries a read or a write once on
 * these; heard here, they outlasted its retry.
 */
const CANNOT_SERVE = new Set([10107, 13435, 13436, 10058, 189, 11602, 91, 11600, 6, 7, 89, 9001]);

/**
 * The driver's errors saying the deployment cannot serve now, whatever is asked: a full disk, or no
 * server to answer (none selected in time, a connection lost or timed out, no primary, a server
 * stopping; also what the server or driver labels a retryable write, which is one of those). A
 * refused document (a duplicate key, a failed validation) or a bug is none of them.
 */
function reasonOf(error: unknown): UnavailableReason | null {
  if (!(error instanceof MongoError)) return null;
  // A write concern error has its code too (the driver copies it from the server's writeConcernError).
  const { code } = error;
  if (code === OUT_OF_DISK_SPACE) return "full";
  if (error instanceof MongoServerSelectionError || error instanceof MongoNetworkError) return "unreachable";
  if (typeof code === "number" && CANNOT_SERVE.has(code)) return "unreachable";
  return error.hasErrorLabel(MongoErrorLabel.RetryableWriteError) ? "unreachable" : null;
}

/**
 * The refusals of a MongoDB store, told as SQLite's are (core/store-unavailable.ts): every method of
 * the store runs through `told`, so this is where a deployment that cannot serve is told apart from
 * a failing operation. Only a ping says it serves again: a method may succeed without asking the
 * server (a cached channel), and a read may succeed on a full disk. A deployment that was not
 * reached serves again once it answers a ping, which takes a primary, and `onServesAgain` is told;
 * a full disk is not known to be freed by that, and is said for `fullWithin`'s time after its last refusal.
 */
export function mongoRefusals(onServesAgain: () => void = () => {}) {
  let refused: { at: number; reason: UnavailableReason } | null = null;

  const heard = (error: unknown): unknown => {
    const reason = reasonOf(error);
    if (!reason) return error;
    refused = { at: performance.now(), reason };
    return storeUnavailable(reason, error);
  };

  return {
    /** Whether an operation was refused for a full disk less than `ms` ago. */
    fullWithin: (ms: number): boolean => refused?.reason === "full" && performance.now() - refused.at < ms,
    /** The deployment answered a ping: one that could not be reached serves again. */
    answered(): void {
      if (refused?.reason !== "unreachable") return;
      refused = null;
      onServesAgain();
    },
    /** `store` with its methods' errors marked when they say the deployment cannot serve. */
    told: <S extends object>(store: S): S => hearingErrors(store, heard),
  };
}
