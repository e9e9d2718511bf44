import type { Kind } from "../schemas/feedback.ts";

const STORED_KIND: Readonly<Record<string, Kind>> = {
  problem: "problem",
  idea: "idea",
  praise: "praise",
  issue: "problem",
  bug: "problem",
  greeting: "praise",
};

/** Maps an accepted kind (including the compatibility aliases) to the stored kind. */
export function storedKind(kind: string): Kind {
  const stored = STORED_KIND[kind];
  if (!stored) throw new Error(`unvalidated kind: ${kind}`);
  return stored;
}
