/** Mulberry32: a small seeded generator, the same sequence for the same seed, so that a failing run can be replayed. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  /** One of the items, or undefined when there are none. */
  const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(next() * list.length)];
  /** One of the items of a list that has some (an empty one is a bug of the test). */
  const one = <T>(list: readonly T[]): T => {
    if (list.length === 0) throw new Error("seededRandom.one: an empty list");
    return list[Math.floor(next() * list.length)]!;
  };
  return { next, pick, one };
}
