import type { FeedbackRecord } from "../model.ts";
import type { Kind, Status } from "../schemas/feedback.ts";
import type { PortalSort } from "../schemas/portal.ts";
import type { ListPosition } from "./feedbacks.ts";
import type { SearchWord } from "../feedback/search-words.ts";

/** What the team made public of a feedback. Nothing else of it ever reaches the portal. */
export interface Publication {
  readonly feedbackId: string;
  readonly orgId: string;
  readonly title: string;
  readonly description: string | null;
  readonly publishedAt: number;
  /** The words of the public title, description and key (foldedWords), joined by spaces: what a public search reads. */
  readonly words: string;
}

export interface PublishedFeedback {
  readonly feedback: FeedbackRecord;
  readonly publication: Publication;
}

export interface PublicFilter {
  readonly statuses: readonly Status[];
  readonly kind?: Kind;
  readonly appId?: string;
  /** Folded words that must all start a word of the publication's `words`, each by one of its prefixes. */
  readonly words?: readonly SearchWord[];
}

/** Feedbacks the team published on the portal. */
export interface PublicationStore {
  /** Publishes, or replaces the public title and description of a published feedback. */
  publish(publication: Publication): Promise<void>;
  /** False when it was not published. */
  unpublish(orgId: string, feedbackId: string): Promise<boolean>;
  /** The publications of these feedbacks; a feedback not published is absent. */
  findPublications(feedbackIds: readonly string[]): Promise<Map<string, Publication>>;
  /**
   * One page of the organization's published feedbacks, merged ones left out, strictly after
   * `after`. `top`: votes desc then reports desc (its position's value is a topRank, core/portal/top-rank.ts); `new`: createdAt desc; `trending`: lastActivityAt desc; ties by id desc.
   */
  listPublished(orgId: string, filter: PublicFilter, after: ListPosition | null, limit: number, order: PortalSort): Promise<PublishedFeedback[]>;
}
