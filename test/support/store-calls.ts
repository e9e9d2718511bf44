import type { Services } from "../../core/services.ts";

/**
 * The calls made to a store while `during` runs: in all, and the keys or ids findFeedback was
 * asked for one at a time. Each method is wrapped in place, on the object the application holds,
 * and put back after.
 */
export async function storeCalls(store: Services["store"], during: () => Promise<unknown>): Promise<{ total: number; oneByOne: string[] }> {
  const methods = store as unknown as Record<string, unknown>;
  const originals = Object.entries(methods).filter((entry): entry is [string, (...args: unknown[]) => unknown] => typeof entry[1] === "function");
  const seen = { total: 0, oneByOne: [] as string[] };
  for (const [name, method] of originals) {
    methods[name] = (...args: unknown[]) => {
      seen.total++;
      if (name === "findFeedback") seen.oneByOne.push(args[1] as string);
      return method.apply(store, args);
    };
  }
  try {
    await during();
  } finally {
    for (const [name, method] of originals) methods[name] = method;
  }
  return seen;
}
