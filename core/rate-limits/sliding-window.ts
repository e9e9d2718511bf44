/**
 * A sliding window estimated from two fixed ones: the hits of the current window plus those of the
 * previous one, weighted by how much of it still lies within the last window. Fixed windows alone
 * would let twice the budget through around a boundary; this lets about the budget through in any
 * window, with two counters any store keeps atomically, shared by every server.
 */
interface SlidingCount {
  readonly limit: number;
  /** Hits stored in the current window so far. */
  readonly counted: number;
  /** Hits stored in the previous window. */
  readonly before: number;
  /** 1 when the hit being decided is not stored yet (a failure counted after the fact), else 0. */
  readonly pending: 0 | 1;
  readonly now: number;
  /** When the current fixed window ends. */
  readonly endsAt: number;
  readonly windowMs: number;
}

/**
 * Whether the hit being decided fits the budget; if not, when a next one will: the last window
 * slides on and the older hits weigh less and less, so a retry passes once they weigh little
 * enough, within this window if its own hits leave room, else in the next.
 */
export function slidingFit(c: SlidingCount): { readonly fits: true } | { readonly fits: false; readonly freeAt: number } {
  const overlap = (c.endsAt - c.now) / c.windowMs;
  if (c.before * overlap + c.counted + c.pending <= c.limit) return { fits: true };
  const room = c.limit - c.counted - 1;
  const freeAt = room >= 0 ? c.endsAt - (room / c.before) * c.windowMs : c.endsAt + c.windowMs * Math.max(0, 1 - (c.limit - 1) / c.counted);
  return { fits: false, freeAt };
}
