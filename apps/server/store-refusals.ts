import type { Logger } from "../../adapters/logging/logger.ts";
import type { Config } from "../runtime/config.ts";
import { type UnavailableReason, unavailableReason } from "../../core/store-unavailable.ts";

/** How long, at least, between two lines saying the store still cannot write. */
const REPEAT_MS = 60_000;

/** What the operator of the embedded store is told, by reason: the cause, where, and what to do. `where` names the setting (DATA_DIR=…). */
function sqliteRemedy(reason: UnavailableReason, where: string): string {
  switch (reason) {
    case "full":
      return `the store cannot write: the disk of ${where} is full; free space on it, and writes resume at once (nothing acknowledged was lost)`;
    case "read_only":
      return `the store cannot write: its file in ${where} has become read-only (its owner or permissions changed, or its disk was remounted read-only after errors); make it writable again`;
    case "unreachable":
      return `the store cannot write: its file in ${where} cannot be reached, or its disk fails to read or write; check that the disk is mounted and sound (the system's log names the error)`;
  }
}

/** What the operator of a MongoDB store is told: MongoDB says a full disk, or no primary to answer (adapters/mongodb/unavailable.ts). */
function mongoRemedy(reason: UnavailableReason, where: string): string {
  if (reason === "full")
    return `the store cannot write: the disk of the MongoDB server at ${where} is full; free space on it or grow its volume (and start mongod again if it stopped), and writes resume (nothing acknowledged was lost)`;
  return `the store cannot reach a primary of the MongoDB at ${where}: a server is down or unreachable, or the replica set is electing a primary; check that mongod runs and that rs.status() shows a primary, and requests resume once one answers`;
}

/**
 * The log of a store that cannot write. Under load every request and job is refused alike, and a
 * line with a stack for each would bury the cause: the first refusal is said in one line with its
 * cause and remedy for `store` (`where` names its setting: DATA_DIR=…, or MONGODB_URI, whose value
 * may hold a password), then at most one line a minute, counting the refusals since; and once a
 * write commits again (a MongoDB store: once it answers a ping after no primary could be reached), one line says the outage ended and how many refusals it made. `refused` logs
 * `error` so when it says the store cannot write, and says whether it did (other errors are left to
 * their own lines); `writesAgain` is for the store to tell when a write commits after a refusal.
 */
export function storeRefusals(
  logger: Pick<Logger, "error" | "info">,
  store: Config["store"],
  where: string,
  now: () => number = () => performance.now(),
) {
  const remedy = store === "sqlite" ? sqliteRemedy : mongoRemedy;
  let lastLine: number | null = null;
  let unsaid = 0;
  // Since the first refusal of this outage: the operator learns its size when it ends.
  let refusals = 0;
  const refused = (error: unknown): boolean => {
    const reason = unavailableReason(error);
    if (!reason) return false;
    refusals++;
    const at = now();
    if (lastLine !== null && at - lastLine < REPEAT_MS) {
      unsaid++;
      return true;
    }
    // The store's own words, without their stack: the code (MongoDB's by its name; else the driver's error's name) and message it gave.
    const cause = (error as Error).cause;
    const named = cause as { codeName?: string; code?: string | number };
    const said = cause instanceof Error ? `${named.codeName ?? named.code ?? cause.name}: ${cause.message}` : String(cause);
    const since = unsaid > 0 ? `; ${unsaid} more writes refused since the last such line` : "";
    logger.error({ reason, said, ...(unsaid > 0 && { refusedSince: unsaid }) }, remedy(reason, where) + since);
    lastLine = at;
    unsaid = 0;
    return true;
  };
  const writesAgain = (): void => {
    // A refusal this log never heard of (one a caller handled itself) ended no outage it told of.
    if (refusals === 0) return;
    logger.info({ refused: refusals }, `the store writes again; ${refusals} writes were refused since the first refusal`);
    lastLine = null;
    unsaid = 0;
    refusals = 0;
  };
  return { refused, writesAgain };
}
