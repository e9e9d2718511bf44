import type { FeedbackRecord } from "../model.ts";
import type { Severity } from "../schemas/feedback.ts";
import type { TriageFields } from "../store/triage.ts";

/** A field that holds one value, or none (null). */
type ValueField = "title" | "kind" | "severity" | "featureId" | "owner";

/** One triage field a person changed by hand: what it held before and after (null: nothing), or the tags put on and taken off. */
export type FieldChange =
  | { readonly field: ValueField; readonly from: string | null; readonly to: string | null }
  | { readonly field: "dueAt"; readonly from: number | null; readonly to: number | null }
  | { readonly field: "tags"; readonly added: readonly string[]; readonly removed: readonly string[] };

/** Who the assistant's triage (feature, severity, title) is by, in a change's `by`. */
export const ASSISTANT = "assistant";

/**
 * A change of a feedback's triage fields, as its activity tells it: who, when, what. `by` is the
 * grant's person (a member's id, an API key's signature, or the operator), or ASSISTANT.
 */
export interface TriageChange {
  readonly id: string;
  readonly feedbackId: string;
  readonly by: string;
  readonly at: number;
  readonly changes: readonly FieldChange[];
}

/**
 * Who makes a change, when, and the id its entry takes: a store keeps it with the fields it writes,
 * what they held read in the same transaction (fieldChanges), so two changes at once each tell
 * what they replaced.
 */
export type TriageAuthor = Pick<TriageChange, "id" | "by" | "at">;

/** What fieldChanges compares the fields given with: the feedback's triage fields as they are. */
export type TriageHeld = Pick<FeedbackRecord, ValueField | "dueAt" | "tags">;

/** The fields in the order of the triage form, which a change follows. */
const ORDER = ["title", "owner", "dueAt", "severity", "kind", "featureId", "tags"] as const;

/** What setting `field` to what `fields` gives changes on `feedback`; null when it is not given or holds the same. */
function changeOf(feedback: TriageHeld, fields: TriageFields, field: (typeof ORDER)[number]): FieldChange | null {
  if (field === "tags") {
    if (fields.tags === undefined) return null;
    const before = feedback.tags ?? [];
    const added = fields.tags.filter((t) => !before.includes(t));
    const removed = before.filter((t) => !fields.tags!.includes(t));
    return added.length + removed.length > 0 ? { field, added, removed } : null;
  }
  if (field === "dueAt") {
    const from = feedback.dueAt ?? null;
    return fields.dueAt !== undefined && fields.dueAt !== from ? { field, from, to: fields.dueAt } : null;
  }
  const from = feedback[field] ?? null;
  const to = fields[field];
  return to !== undefined && to !== from ? { field, from, to } : null;
}

/** What setting `fields` changes on `feedback`, field by field in the form's order; a field set to what it held is no change. */
export function fieldChanges(feedback: TriageHeld, fields: TriageFields): FieldChange[] {
  return ORDER.flatMap((field) => changeOf(feedback, fields, field) ?? []);
}

/**
 * What the assistant's triage sets of the fields the activity tells: the feature and the severity
 * where the feedback has none yet, and its title over `replacing`, the title it read (a person may
 * have set any of them while it worked).
 */
export function assistantFields(
  held: Pick<TriageHeld, "featureId" | "severity" | "title">,
  triage: { readonly featureId?: string; readonly severity?: Severity; readonly title?: string; readonly replacing?: string },
): TriageFields {
  return {
    ...(triage.featureId && !held.featureId && { featureId: triage.featureId }),
    ...(triage.severity && !held.severity && { severity: triage.severity }),
    ...(triage.title && held.title === (triage.replacing ?? held.title) && { title: triage.title }),
  };
}
