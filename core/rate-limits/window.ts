/** Counting windows (a minute unless said otherwise): fixed counters, cheap to keep in any store, over which the limit slides. */
export const RATE_WINDOW_MS = 60_000;

/**
 * The slices a window is counted in. Where two whole windows would take the previous minute's hits
 * as spread over it (a burst at its start would still weigh most of a minute later), the error is
 * now at most the hits of one slice.
 */
const WINDOW_SLICES = 6;

/** The counters a window is read from at a moment. */
interface SlicedWindow {
  /** The counter of the slice the moment falls in, and when that slice ends. */
  readonly bucket: string;
  readonly endsAt: number;
  /** The counters of the slices before it that the window reaches into, oldest first: the one its start falls in, then the whole ones. */
  readonly before: readonly string[];
  readonly sliceMs: number;
}

/** The counters the window ending at `now` is read from: the slice `now` falls in, and the six before it. */
export function slicedWindow(subject: string, now: number, windowMs = RATE_WINDOW_MS): SlicedWindow {
  const sliceMs = windowMs / WINDOW_SLICES;
  const start = now - (now % sliceMs);
  // The slice's length in the name: a counter of another window's slices is never read as one of these.
  const bucket = (from: number) => `${subject}:${sliceMs}:${from}`;
  return {
    bucket: bucket(start),
    endsAt: start + sliceMs,
    before: Array.from({ length: WINDOW_SLICES }, (_, i) => bucket(start - (WINDOW_SLICES - i) * sliceMs)),
    sliceMs,
  };
}

/** Whole seconds until the end of a window, at least 1 (a Retry-After of 0 invites a hot loop). */
export const secondsUntil = (endsAt: number, now: number): number => Math.max(1, Math.ceil((endsAt - now) / 1000));
