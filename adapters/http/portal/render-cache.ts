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
  /**
   * Forgets every answer kept, when what they show changed by a way that renders none of them (a
   * vote from the widget): which addresses show it (boards, lists, a feedback's page, each filtered,
   * in each language) are too many to name, and each is at most a moment's rendering again.
   */
  const forgetAll = () => entries.clear();
  const cached = async (key: string, render: () => Promise<Rendered>): Promise<Rendered> => {
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
  return Object.assign(cached, { forgetAll });
}
