/** How deeply a request body may nest arrays and objects; real reports use three or four levels. */
const MAX_NESTING = 32;

/**
 * Whether a parsed JSON value nests no deeper than `max`. Iterative, so that a hostile body
 * (fifty thousand nested arrays) cannot exhaust the stack of the code that reads it afterwards.
 */
export function nestsWithin(value: unknown, max = MAX_NESTING): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (item === null || typeof item !== "object") continue;
    if (depth >= max) return false;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return true;
}
