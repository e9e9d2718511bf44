import { invalid, ok, type Result } from "../errors.ts";
import type { IssueTracker, TrackerSettings } from "../ports.ts";
import { sameName, type StatusMapping } from "./status-mapping.ts";

/**
 * Every state the mapping names, among those the tracker's workflow has: refused naming the first it
 * lacks, with those it has. A tracker that cannot be reached (or refuses the token: its syncs say so)
 * leaves the mapping unchecked rather than refused.
 */
export async function knownStates(tracker: IssueTracker | undefined, settings: TrackerSettings, mapping: StatusMapping): Promise<Result<void>> {
  const named = Object.entries(mapping);
  if (!tracker?.stateNames || named.length === 0) return ok(undefined);
  const states = await tracker.stateNames(settings).catch(() => null);
  if (!states) return ok(undefined);
  const missing = named.find(([, name]) => !states.some((state) => sameName(state, name)));
  return missing ? invalid("invalid_body", { field: missing[0], reason: "unknown_state", given: missing[1], states }) : ok(undefined);
}
