import type { ChangelogEntryRecord } from "../changelog/entry.ts";
import type { DomainEvent, JobRequest } from "../feedback/events.ts";
import type { Status } from "../schemas/feedback.ts";

/** What publishing an entry writes, in one transaction (see core/changelog/publication.ts). */
export interface ChangelogPublication {
  /** The entry as published; written over the draft, or inserted when `created`. */
  readonly entry: ChangelogEntryRecord;
  /** The entry is new (created and published in one call): inserted rather than updated. */
  readonly created: boolean;
  /**
   * For a draft, the `updatedAt` it had when read: the publication is written over that version
   * only, so that a save landing meanwhile is neither lost nor published unread.
   */
  readonly draftUpdatedAt: number | null;
  /** Each linked feedback that moves to `delivered`, compare-and-set on the status it had. */
  readonly changes: ReadonlyArray<{ readonly feedbackId: string; readonly from: Status; readonly to: Status }>;
  readonly events: readonly DomainEvent[];
  readonly jobs: readonly JobRequest[];
}

/** An entry as a feedback's page names it: which, its title, and whether it is out. */
export interface EntryLink {
  readonly id: string;
  readonly title: string;
  readonly status: ChangelogEntryRecord["status"];
}

/** Changelog entries: drafts the team writes, then publishes with the feedbacks they ship. */
export interface ChangelogStore {
  createEntry(entry: ChangelogEntryRecord): Promise<void>;
  findEntry(orgId: string, entryId: string): Promise<ChangelogEntryRecord | null>;
  /**
   * The organization's entries, newest first: published ones by `publishedAt`, and with
   * `drafts`, drafts too (by `createdAt`, before the published ones).
   */
  listEntries(orgId: string, options: { readonly drafts: boolean }): Promise<ChangelogEntryRecord[]>;
  /**
   * The entries that link a feedback or one merged into it, however deep (what it holds), each
   * once, in listEntries' order (drafts first): which, and their titles.
   */
  entriesLinking(orgId: string, feedbackId: string): Promise<EntryLink[]>;
  /**
   * Replaces an entry's title, body, feedbacks and `updatedAt`, if its status is still
   * `entry.status`; false otherwise (published meanwhile, or deleted).
   */
  updateEntry(entry: ChangelogEntryRecord): Promise<boolean>;
  /** Deletes a draft; a published entry is never deleted. */
  deleteDraft(orgId: string, entryId: string): Promise<"deleted" | "published" | "not_found">;
  /**
   * Publishes an entry with everything publishing causes, all or nothing: false (and nothing
   * written) when the draft is no longer a draft (or the new entry exists already) or a
   * feedback's status changed meanwhile.
   */
  publishEntry(publication: ChangelogPublication): Promise<boolean>;
}
