/** Recording every use would turn each read into a write: a minute's precision is plenty for "last used". */
const LAST_USE_PRECISION_MS = 60_000;

/** Whether a token or key last used at `lastUsedAt` (never: null) has this use at `now` recorded. */
export const recordsUse = (lastUsedAt: number | null | undefined, now: number): boolean => (lastUsedAt ?? 0) < now - LAST_USE_PRECISION_MS;
