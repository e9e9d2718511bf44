import type { FeedbackRecord } from "../model.ts";
import type { TriageFields } from "../store/triage.ts";

/** A field that holds one value, or none (null). */
type ValueField = "title" | "kind" | "severity" | "featureId" | "owner";

/** One triage field a person changed by hand: what it held before and after (null: nothing), or the tags put on and taken off. */
export type FieldChange =
  | { readonly field: ValueField; readonly from: string | null; readonly to: string | null }
  | { readonly field: "dueAt"; readonly from: number | null; readonly to: number | null }
  | { readonly field: "tags"; readonly added: readonly string[]; readonly removed: readonly string[] };

/**
 * A change of a feedback's triage fields, as its activity tells it: who, when, what. `by` is the
 * grant's person: a member's id, an API key's signature, or the operator.
 */
export interface TriageChange {
  readonly id: string;
  readonly feedbackId: string;
  readonly by: string;
  readonly at: number;
  readonly changes: readonly FieldChange[];
}

/** A change before the store writes it beside the fields, with the feedback and the time of the write. */
export type TriageChangeDraft = Pick<TriageChange, "id" | "by" | "changes">;

/** Order of the fields in a change, as the triage panel shows them. */
const VALUE_FIELDS: readonly ValueField[] = ["title", "kind", "severity", "featureId", "owner"];

/** What setting `fields` changes on `feedback`, field by field; a field set to what it held is no change. */
export function fieldChanges(feedback: Pick<FeedbackRecord, ValueField | "dueAt" | "tags">, fields: TriageFields): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of VALUE_FIELDS) {
    const to = fields[field];
    const from = feedback[field] ?? null;
    if (to !== undefined && to !== from) changes.push({ field, from, to });
  }
  if (fields.dueAt !== undefined && fields.dueAt !== (feedback.dueAt ?? null))
    changes.push({ field: "dueAt", from: feedback.dueAt ?? null, to: fields.dueAt });
  if (fields.tags !== undefined) {
    const before = feedback.tags ?? [];
    const added = fields.tags.filter((t) => !before.includes(t));
    const removed = before.filter((t) => !fields.tags!.includes(t));
    if (added.length + removed.length > 0) changes.push({ field: "tags", added, removed });
  }
  return changes;
}
