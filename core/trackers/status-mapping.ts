import { Text } from "../schemas/text.ts";
import { invalid, ok, type Result } from "../errors.ts";
import { STATUSES, type Status } from "../schemas/feedback.ts";

/**
 * Where a workflow state stands, in the words Linear gives its state types; Jira's status
 * categories fold into them (To Do → unstarted, In Progress → started, Done → completed).
 */
export type StateKind = "backlog" | "unstarted" | "started" | "completed" | "canceled";

/** One workflow state of a tracker: its name, as the team sees it, and its kind. */
export interface TrackerState {
  readonly name: string;
  readonly kind: StateKind;
}

/** An app's choice of tracker state for each status, by the state's name; a status left out takes the default. */
export type StatusMapping = Partial<Record<Status, string>>;

/** A state name longer than this is refused (Linear's and Jira's own names are far shorter). */
export const STATE_NAME_MAX_LENGTH = 100;

/** Without a choice, a status goes to the first state of these kinds, in this order of preference. */
export const DEFAULT_KINDS: Readonly<Record<Status, readonly StateKind[]>> = {
  triage: ["backlog", "unstarted"],
  prioritized: ["unstarted"],
  in_development: ["started"],
  fixed: ["completed"],
  delivered: ["completed"],
  // Jira has no "canceled" category: a dismissed feedback's issue is done there.
  dismissed: ["canceled", "completed"],
};

/** The status an issue moved to a state of this kind asks for, when the mapping names that state for no status. */
const STATUS_OF_KIND: Readonly<Record<StateKind, Status>> = {
  backlog: "triage",
  unstarted: "prioritized",
  started: "in_development",
  completed: "delivered",
  canceled: "dismissed",
};

/** Whether two state names are one, as people type them: case and surrounding spaces aside. */
export const sameName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The state an issue should be in for a status, among the states it can reach: the one the mapping
 * names, or else the first of the default kinds. Null when none fits (a named state the workflow
 * lacks leaves the issue where it is rather than guess).
 */
export function stateForStatus<S extends TrackerState>(mapping: StatusMapping, status: Status, states: readonly S[]): S | null {
  const chosen = mapping[status];
  if (chosen) return states.find((state) => sameName(state.name, chosen)) ?? null;
  for (const kind of DEFAULT_KINDS[status]) {
    const found = states.find((state) => state.kind === kind);
    if (found) return found;
  }
  return null;
}

/**
 * The status a feedback takes when the team moves its issue to a state; null when the feedback's
 * status already fits that state, so the tracker's echo of our own update moves nothing. A state the
 * mapping names belongs to the statuses that name it (the one its kind suggests first, else the
 * earliest); any other state goes by its kind, unless that status was given a state of its own. A
 * status with no state of its own fits every state of its default kinds: a triage feedback stays in
 * triage while its Jira issue is in To Do.
 */
export function statusForState(mapping: StatusMapping, state: TrackerState, current: Status): Status | null {
  const byKind = STATUS_OF_KIND[state.kind];
  const named = STATUSES.filter((status) => {
    const chosen = mapping[status];
    return chosen !== undefined && sameName(chosen, state.name);
  });
  if (named.length > 0) {
    if (named.includes(current)) return null;
    return named.includes(byKind) ? byKind : named[0]!;
  }
  if (!mapping[current] && DEFAULT_KINDS[current].includes(state.kind)) return null;
  return mapping[byKind] ? null : byKind;
}

const StateName = Text({ maxLength: STATE_NAME_MAX_LENGTH });

/** A mapping as people write it: known statuses only, names trimmed and not too long; blanks dropped (they take the default). */
export function readStatusMapping(entries: Readonly<Record<string, string>>): Result<StatusMapping> {
  const mapping: Partial<Record<Status, string>> = {};
  for (const [status, name] of Object.entries(entries)) {
    const known = STATUSES.find((s) => s === status);
    if (!known) return invalid("invalid_body", { field: status, reason: "unknown" });
    const trimmed = name.trim();
    if ([...trimmed].length > STATE_NAME_MAX_LENGTH) return invalid("invalid_body", { field: status, reason: "expected", schema: StateName });
    if (trimmed) mapping[known] = trimmed;
  }
  return ok(mapping);
}
