import type { JobRequest } from "../feedback/events.ts";
import type { Kind, Severity } from "../schemas/feedback.ts";
import type { TriageAuthor, TriageChange } from "../triage/journal.ts";

/** The triage fields of a feedback a team sets by hand; null clears one. */
export interface TriageFields {
  readonly title?: string;
  readonly kind?: Kind;
  readonly severity?: Severity | null;
  readonly featureId?: string | null;
  /** A member's e-mail, normalized. */
  readonly owner?: string | null;
  readonly dueAt?: number | null;
  /** Every tag of the feedback, as the organization spells them. */
  readonly tags?: readonly string[];
}

/**
 * What a triage change was decided on, written only while the feedback still holds it
 * (stillAsDecided): its kind, when the jobs a change of kind queues depend on the kind it replaces;
 * its tags, when tags are added to or removed from those it had (a bulk change).
 */
export interface DecidedOn {
  readonly kind?: Kind;
  /** Every tag the feedback had, as read; none is an empty list. */
  readonly tags?: readonly string[];
}

export interface TagRecord {
  readonly name: string;
  readonly createdAt: number;
  /** A colour of the palette (`TAG_COLORS`), set in the settings; absent until one is. */
  readonly color?: string;
}

/** What a team sets on a feedback by hand (owner, due date, severity, kind, feature, title, tags), and the organization's tags. */
export interface TriageStore {
  /**
   * Writes the fields given on a feedback of the organization that is not merged into another, a
   * new title searchable, records the tags new to the organization, queues `jobs` (telling a new
   * owner), due at `at`, and keeps what it changed in the feedback's activity in the name of `author`, in one
   * transaction; false when there is no such feedback. With `decidedOn`, it writes only while the
   * feedback still holds what is named there (stillAsDecided); false otherwise, and nothing is
   * written, queued or kept in the activity.
   */
  setTriageFields(
    orgId: string,
    feedbackId: string,
    fields: TriageFields,
    newTags: readonly TagRecord[],
    jobs: readonly JobRequest[],
    at: number,
    author?: TriageAuthor,
    decidedOn?: DecidedOn,
  ): Promise<boolean>;
  /**
   * The triage changes kept of a feedback in the order they were written, not by their time: a bulk
   * change writes each at the time it began, after changes others made while it ran. So the last
   * that changed its owner gave it the owner it has (notify-assignee.ts).
   */
  triageChanges(feedbackId: string): Promise<TriageChange[]>;
  /**
   * The triage changes `by` made at `at`, of any feedback, in the order they were made (by id):
   * those of one bulk change, which writes all of its at its own time (notify-assignee.ts).
   */
  triageChangesAt(by: string, at: number): Promise<TriageChange[]>;
  /** The organization's tags, by name. */
  listTags(orgId: string): Promise<TagRecord[]>;
  /** Sets (or, with null, clears) the colour of the organization's tag of that exact name; false when there is none. */
  setTagColor(orgId: string, name: string, color: string | null): Promise<boolean>;
  /**
   * Renames the organization's tag `from` in one transaction: the tag becomes `to` (which replaces
   * the organization's tag of that exact name, if any), and every feedback of the organization
   * carrying `from`, merged ones included (an unmerge gives them back), carries what renamedTags
   * leaves; every saved view of the organization filtering by `from` filters by `to`
   * (queryWithTagRenamed). How many of those feedbacks not merged into another (the inbox's)
   * changed; null when the organization has no tag `from`.
   */
  renameTag(orgId: string, from: string, to: TagRecord): Promise<number | null>;
}
