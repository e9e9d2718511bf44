/**
 * Why the store cannot take a write: its disk is full, its file or disk has become read-only, or it
 * cannot be reached (a disk that fails to read or write, a file gone). None is a bug of the service,
 * and each passes once its operator acts: the edges say to retry later, and the log says what to do.
 */
export type UnavailableReason = "full" | "read_only" | "unreachable";

/**
 * How long a client refused because the store cannot write is told to wait (Retry-After), and as long
 * the store's ping says it cannot serve, so that a balancer sends no more until then: its operator has
 * to free space or mend the disk, which takes minutes, and a client sending at once would only be
 * refused again (the report is not recorded; a client that keeps it sends it then, with its idempotency key).
 */
export const STORE_RETRY_AFTER_S = 30;

/** Where the reason rides on the error: a symbol, so no store's own error can carry it by chance. */
const REASON = Symbol("store unavailable");

/** An error saying the store is unavailable for `reason`, with the store's own error as its cause. */
export function storeUnavailable(reason: UnavailableReason, cause: unknown): Error {
  return Object.assign(new Error(`the store is unavailable (${reason})`, { cause }), { [REASON]: reason });
}

/** The reason `error` says the store is unavailable, or null for any other error. */
export function unavailableReason(error: unknown): UnavailableReason | null {
  return error instanceof Error ? ((error as { [REASON]?: UnavailableReason })[REASON] ?? null) : null;
}

/**
 * `store` with each of its methods' errors passed through `heard` before they are thrown: how a
 * store adapter marks, in one place, the errors that say it cannot serve (storeUnavailable).
 */
export function hearingErrors<S extends object>(store: S, heard: (error: unknown) => unknown): S {
  const methods = Object.entries(store).map(([name, method]: [string, (...args: unknown[]) => unknown]) => [
    name,
    async (...args: unknown[]) => {
      try {
        return await method(...args);
      } catch (error) {
        throw heard(error);
      }
    },
  ]);
  return Object.fromEntries(methods) as S;
}
