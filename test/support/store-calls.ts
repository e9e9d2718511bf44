import type { Services } from "../../core/services.ts";

/**
 * The calls made to a store while `during` runs: in all and of each method, the keys or ids
 * findFeedback was asked for one at a time, and the most calls of each method in flight at once. Each method is wrapped in place, on the object the application holds,
 * and put back after.
 */
export async function storeCalls(
  store: Services["store"],
  during: () => Promise<unknown>,
): Promise<{ total: number; of: Record<string, number>; oneByOne: string[]; mostAtOnce: Record<string, number> }> {
  const methods = store as unknown as Record<string, unknown>;
  const originals = Object.entries(methods).filter((entry): entry is [string, (...args: unknown[]) => unknown] => typeof entry[1] === "function");
  const seen = { total: 0, of: {} as Record<string, number>, oneByOne: [] as string[], mostAtOnce: {} as Record<string, number> };
  const inFlight: Record<string, number> = {};
  for (const [name, method] of originals) {
    methods[name] = (...args: unknown[]) => {
      seen.total++;
      seen.of[name] = (seen.of[name] ?? 0) + 1;
      if (name === "findFeedback") seen.oneByOne.push(args[1] as string);
      const result = method.apply(store, args);
      if (!(result instanceof Promise)) return result;
      inFlight[name] = (inFlight[name] ?? 0) + 1;
      seen.mostAtOnce[name] = Math.max(seen.mostAtOnce[name] ?? 0, inFlight[name]);
      return result.finally(() => {
        inFlight[name] = (inFlight[name] ?? 1) - 1;
      });
    };
  }
  try {
    await during();
  } finally {
    for (const [name, method] of originals) methods[name] = method;
  }
  return seen;
}
