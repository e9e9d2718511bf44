/**
 * The counts of ended slices, read once and then kept in memory: they no longer change, and the
 * limiter asks for a window's six with every request. At most `kept` are kept (ten thousand
 * subjects' windows), the oldest read forgotten first.
 */
export function rememberEnded(read: (bucket: string) => Promise<number>, kept = 60_000): (bucket: string) => Promise<number> {
  // The read itself is kept, so that a count known already costs no new promise of its own.
  const ended = new Map<string, Promise<number>>();
  return (bucket) => {
    let hits = ended.get(bucket);
    if (hits === undefined) {
      hits = read(bucket);
      if (ended.size >= kept) ended.delete(ended.keys().next().value!);
      ended.set(bucket, hits);
      // A read that failed is not kept: the next request reads again.
      hits.catch(() => ended.delete(bucket));
    }
    return hits;
  };
}
