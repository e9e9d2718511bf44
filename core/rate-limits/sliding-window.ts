/**
 * A sliding window estimated from fixed slices: the hits of the slices wholly within the last
 * window, the current one included, plus those of the slice its start falls in, weighted by how much
 * of that slice it still covers. Counters any store keeps atomically, shared by every server; the
 * estimate is off by at most part of one slice's hits.
 */
interface SlicedCount {
  readonly limit: number;
  /** Hits stored in each slice, oldest first: the one the window's start falls in, the whole ones, the current one last. */
  readonly slices: readonly number[];
  /** 1 when the hit being decided is not stored yet (a failure counted after the fact), else 0. */
  readonly pending: 0 | 1;
  readonly now: number;
  /** When the current slice ends. */
  readonly endsAt: number;
  readonly sliceMs: number;
}

const sum = (counts: readonly number[]): number => counts.reduce((total, n) => total + n, 0);

/**
 * Whether the hit being decided fits the budget; if not, when a next one will: as the window slides
 * on, the oldest slice it reaches into weighs less and less, then leaves it, and the next one
 * starts to. The first moment the hits still within the window leave room for one is the answer.
 */
export function slidingFit(c: SlicedCount): { readonly fits: true } | { readonly fits: false; readonly freeAt: number } {
  const [oldest = 0, ...whole] = c.slices;
  if (oldest * ((c.endsAt - c.now) / c.sliceMs) + sum(whole) + c.pending <= c.limit) return { fits: true };
  // While slice k weighs less and less (during the k-th slice from now), only the newer ones count whole.
  for (let k = 0; k < c.slices.length; k++) {
    const newer = sum(c.slices.slice(k + 1));
    if (newer + 1 > c.limit) continue;
    const fading = c.slices[k]!;
    const weight = fading === 0 ? 1 : Math.min(1, (c.limit - 1 - newer) / fading);
    const fadedBy = c.endsAt + k * c.sliceMs;
    return { fits: false, freeAt: Math.max(k === 0 ? c.now : fadedBy - c.sliceMs, fadedBy - weight * c.sliceMs) };
  }
  // A budget of nothing never fits; the last slice's end is as good a moment as any to ask again.
  return { fits: false, freeAt: c.endsAt + (c.slices.length - 1) * c.sliceMs };
}
