/**
 * The portable form of a store's contents, for moving from one store to another (`cli migrate`).
 * A record belongs to a set, is identified by its key parts, and carries its fields under the
 * core's names; a target store lays them out as it likes. Sources read sets in a stable order,
 * in batches after a position, so a copy can resume where it stopped.
 */

export const PORTABLE_SETS = [
  "meta",
  "organizations",
  "quota",
  "apps",
  "channels",
  "features",
  "help_articles",
  "users",
  "memberships",
  "sessions",
  "tokens",
  "oauth_clients",
  "auth_codes",
  "agents",
  "feedbacks",
  "reports",
  "comments",
  "followers",
  "notifications",
  "events",
  "jobs",
  "webhooks",
  "deliveries",
  "idempotency",
  "qualifications",
  "grouping_docs",
  "grouping_keys",
  "grouping_df",
  "app_trackers",
  "attachments",
  "merges",
  "splits",
  "suggestions",
  "changelog_entries",
  "slack_connections",
  "slack_events",
  "invitations",
  "password_resets",
  "saved_views",
  "team_settings",
  "digest_runs",
  "votes",
  "portals",
  "publications",
  "tags",
  "api_keys",
  "triage_changes",
] as const;
export type PortableSet = (typeof PORTABLE_SETS)[number];

export interface PortableRecord {
  readonly key: readonly string[];
  readonly fields: Readonly<Record<string, unknown>>;
}

/** Where a read of a set resumes, opaque to all but its source; a set's first read starts at START. */
export type PortablePosition = string;
export const START: PortablePosition = "";

interface PortableBatch {
  readonly set: PortableSet;
  readonly records: readonly PortableRecord[];
  /** Where the next batch of the set starts. */
  readonly position: PortablePosition;
}

export interface PortableSource {
  count(set: PortableSet): Promise<number>;
  /** Up to `size` records of the set after `position`, in a stable order. */
  read(set: PortableSet, position: PortablePosition, size: number): Promise<PortableBatch>;
}

/** How far a copy went: the set being copied and the position reached in it. */
export interface MigrationCheckpoint {
  readonly set: PortableSet;
  readonly position: PortablePosition;
  readonly done: boolean;
  /** How many records each set of the source held when the copy began (before any run resuming it): a later run tells by them whether the source has changed since. */
  readonly counts?: Readonly<Partial<Record<PortableSet, number>>>;
}

export interface PortableTarget {
  /** Writes records, replacing any with the same key: writing a batch twice changes nothing. */
  write(batch: PortableBatch): Promise<void>;
  checkpoint(): Promise<MigrationCheckpoint | null>;
  saveCheckpoint(checkpoint: MigrationCheckpoint): Promise<void>;
}
