import type { ChangelogStatus } from "../schemas/changelog.ts";

/** A changelog entry as stored. Times are epoch milliseconds. */
export interface ChangelogEntryRecord {
  readonly id: string;
  readonly orgId: string;
  readonly title: string;
  /** Markdown, rendered only at the edges (pages, feed); e-mails carry it as written. */
  readonly body: string;
  readonly status: ChangelogStatus;
  readonly publishedAt?: number;
  /** The ids of the feedbacks it ships, in the order the team gave them. */
  readonly feedbackIds: readonly string[];
  readonly createdAt: number;
  readonly updatedAt: number;
}
