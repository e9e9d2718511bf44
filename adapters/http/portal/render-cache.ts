/** An anonymous portal answer as rendered: what every reader of the same address and language gets. */
export interface Rendered {
  readonly status: number;
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * Anonymous portal answers kept for a moment in this process, so that a spike of readers of one
 * page (a link on a popular forum) renders it once per moment instead of once per reader; readers
 * asking at once while it renders share that rendering. Only 200s are kept, at most `maxEntries`
 * (the oldest go first). What it serves is at most `ttlMs` old, well inside the 30 seconds the
 * answers tell every shared cache they may be kept; with `ttlMs` 0 nothing is kept.
 */
export function renderCache(ttlMs: number, clock: () => number, maxEntries = 1000) {
  const entries = new Map<string, { readonly until: number; readonly rendered: Promise<Rendered> }>();
  return async function cached(key: string, render: () => Promise<Rendered>): Promise<Rendered> {
    if (ttlMs <= 0) return render();
    const now = clock();
    const kept = entries.get(key);
    if (kept && kept.until > now) return kept.rendered;
    const rendered = render();
    entries.delete(key);
    entries.set(key, { until: now + ttlMs, rendered });
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    try {
      const done = await rendered;
      if (done.status !== 200) entries.delete(key);
      return done;
    } catch (error) {
      entries.delete(key);
      throw error;
    }
  };
}
