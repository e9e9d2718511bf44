import type { Severity } from "../schemas/feedback.ts";

/** P0 is the gravest. */
const RANK: Readonly<Record<Severity, number>> = { P0: 0, P1: 1, P2: 2, P3: 3 };

/** A severity never below the feature's floor: the graver of the two. */
export function withFloor(severity: Severity | undefined, floor: Severity | undefined): Severity | undefined {
  if (!floor) return severity;
  if (!severity) return floor;
  return RANK[floor] < RANK[severity] ? floor : severity;
}
