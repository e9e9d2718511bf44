import type { CreateIndexesOptions, IndexSpecification } from "mongodb";
import type { CollectionName, Database } from "./database.ts";

const recent = { lastActivityAt: -1, _id: -1 } as const;
const ttl: CreateIndexesOptions = { expireAfterSeconds: 0 };

/** Every index the store's queries use; each list filter has one that ends with the sort keys. */
const INDEXES: ReadonlyArray<readonly [CollectionName, IndexSpecification, CreateIndexesOptions?]> = [
  ["organizations", { keyPrefix: 1 }, { unique: true }],
  ["apps", { orgId: 1, name: 1 }],
  ["channels", { key: 1 }, { unique: true }],
  ["channels", { orgId: 1, appId: 1 }],
  ["features", { orgId: 1, appId: 1, path: 1, _id: 1 }],
  ["help_articles", { orgId: 1, appId: 1 }],
  ["users", { email: 1 }, { unique: true }],
  ["memberships", { userId: 1 }],
  ["memberships", { orgId: 1 }],
  ["sessions", { expiresAtDate: 1 }, ttl],
  ["tokens", { tokenHash: 1 }, { unique: true }],
  ["tokens", { orgId: 1, createdAt: 1, _id: 1 }],
  ["tokens", { agentId: 1 }],
  ["tokens", { expiresAtDate: 1 }, ttl],
  // purgeExpired reads expiry from the number every token has (older agents' tokens have no date).
  ["tokens", { expiresAt: 1 }],
  ["agents", { orgId: 1, userId: 1, lastUsedAt: -1, _id: -1 }],
  ["feedbacks", { orgId: 1, key: 1 }, { unique: true }],
  ["feedbacks", { orgId: 1, ...recent }],
  ["feedbacks", { orgId: 1, status: 1, ...recent }],
  ["feedbacks", { orgId: 1, appId: 1, status: 1, ...recent }],
  ["feedbacks", { orgId: 1, featureId: 1, status: 1, ...recent }],
  ["feedbacks", { orgId: 1, kind: 1, status: 1, ...recent }],
  ["feedbacks", { orgId: 1, severity: 1, status: 1, ...recent }],
  // Each (word, status) run is in list order: a search merges the runs and stops after a page.
  ["feedbacks", { orgId: 1, words: 1, status: 1, ...recent }],
  // A feedback by its tracker issue: only those linked to one pay an entry (a sparse index of two keys
  // would hold every feedback, each having an orgId). Named anew: the earlier, sparse one's default
  // name is retired, and a retired name is dropped at every start.
  [
    "feedbacks",
    { orgId: 1, "tracker.key": 1 },
    { name: "orgId_1_tracker.key_1_linked", partialFilterExpression: { "tracker.key": { $exists: true } } },
  ],
  ["reports", { feedbackId: 1, at: 1 }],
  ["reports", { statusId: 1 }, { unique: true }],
  ["reports", { appId: 1, at: 1 }],
  // The inbox's "To review" tab: the feedbacks holding a report posted on the portal alone, so other feedbacks write nothing more.
  ["feedbacks", { orgId: 1, sources: 1, status: 1 }, { partialFilterExpression: { sources: "portal" } }],
  ["feedbacks", { orgId: 1, reports: -1, _id: -1 }],
  ["feedbacks", { orgId: 1, urgency: -1, _id: -1 }],
  ["feedbacks", { orgId: 1, votes: -1, _id: -1 }],
  // A feedback's page names the changelog entries that ship it.
  ["changelog_entries", { orgId: 1, feedbackIds: 1 }],
  // The feedbacks merged into one, whose voters it counts.
  ["feedbacks", { mergedInto: 1 }, { sparse: true }],
  ["votes", { feedbackId: 1, at: 1 }],
  ["portal_links", { expiresAtDate: 1 }, ttl],
  ["portal_sessions", { expiresAtDate: 1 }, ttl],
  ["comments", { feedbackId: 1, at: 1 }],
  ["changelog_entries", { orgId: 1, status: 1, publishedAt: -1, createdAt: -1 }],
  ["feedbacks", { orgId: 1, revenue: -1, _id: -1 }],
  ["feedbacks", { orgId: 1, owner: 1, status: 1, ...recent }],
  ["feedbacks", { orgId: 1, tags: 1, status: 1, ...recent }],
  // The feedbacks due, the overdue among them (a due date before a day), and the due order's first
  // run (the soonest first, ties by _id desc): few, so only they pay an entry.
  ["feedbacks", { orgId: 1, dueAt: 1, _id: -1, status: 1 }, { partialFilterExpression: { dueAt: { $exists: true } } }],
  ["tags", { orgId: 1, name: 1 }],
  ["api_keys", { keyHash: 1 }, { unique: true }],
  ["api_keys", { orgId: 1, createdAt: 1, _id: 1 }],
  ["followers", { feedbackId: 1 }],
  ["events", { feedbackId: 1, createdAt: 1 }],
  ["triage_changes", { feedbackId: 1, at: 1 }],
  // The changes of one bulk change, which an owner's e-mail tells together.
  ["triage_changes", { actorId: 1, at: 1 }],
  // In the claim's order (due first, ties by _id), so a claim reads the first free job and stops;
  // the lease is checked from the index, a leased job skipped without reading it.
  ["jobs", { runAt: 1, _id: 1, leaseUntil: 1 }],
  ["webhooks", { orgId: 1, createdAt: 1, _id: 1 }],
  ["deliveries", { runAt: 1 }, { partialFilterExpression: { state: "pending" } }],
  ["deliveries", { webhookId: 1 }],
  ["idempotency", { expiresAtDate: 1 }, ttl],
  ["rate_counters", { expiresAtDate: 1 }, ttl],
  ["qualifications", { expiresAtDate: 1 }, ttl],
  ["slack_events", { expiresAtDate: 1 }, ttl],
  ["grouping_keys", { appId: 1, key: 1, feedbackId: -1 }],
  ["app_trackers", { provider: 1, project: 1 }],
  ["attachments", { reportId: 1, createdAt: 1 }],
  ["notifications", { feedbackId: 1, sentAt: 1 }],
  ["merges", { orgId: 1, sourceId: 1, at: -1 }],
  ["merges", { orgId: 1, targetId: 1, at: 1 }],
  ["splits", { orgId: 1, feedbackId: 1, at: 1 }],
  ["splits", { orgId: 1, "newFeedback.id": 1 }],
  ["suggestions", { orgId: 1, dismissedAt: 1, score: -1, feedbackId: -1, _id: -1 }],
  ["suggestions", { orgId: 1, similarId: 1 }],
  ["suggestions", { orgId: 1, feedbackId: 1 }],
  ["invitations", { tokenHash: 1 }, { unique: true }],
  ["invitations", { orgId: 1, createdAt: -1, _id: -1 }],
  ["password_resets", { tokenHash: 1 }, { unique: true }],
  ["saved_views", { orgId: 1, userId: 1, createdAt: 1, _id: 1 }],
  ["portals", { slug: 1 }, { unique: true }],
  // The portal's board, one per order (publications.ts): only the published feedbacks pay an entry.
  ["feedbacks", { orgId: 1, published: 1, votes: -1, reports: -1, _id: -1 }, { partialFilterExpression: { published: true } }],
  ["feedbacks", { orgId: 1, published: 1, createdAt: -1, _id: -1 }, { partialFilterExpression: { published: true } }],
  ["feedbacks", { orgId: 1, published: 1, lastActivityAt: -1, _id: -1 }, { partialFilterExpression: { published: true } }],
  ["publications", { orgId: 1, words: 1 }],
  // Only its _id, but asking for it creates the collection at start: new feedbacks' transactions
  // write to it, and a collection is created inside a transaction only from MongoDB 4.4 on.
  ["search_vocabulary", { _id: 1 }],
];

/** Indexes that earlier versions created and none of today's queries uses. */
const RETIRED: ReadonlyArray<readonly [CollectionName, string]> = [
  ["feedbacks", "orgId_1_words_1"],
  // The review queue's, before its order named the pair last (keyset batches need a total order).
  ["suggestions", "orgId_1_dismissedAt_1_score_-1_feedbackId_-1"],
  // The portal's reports, which the "To review" tab read before feedbacks kept their reports' sources.
  ["reports", "orgId_1_source_1"],
  // The due dates', before the due order needed the id in it.
  ["feedbacks", "orgId_1_dueAt_1_status_1"],
  // The trackers' issues, sparse, before it was partial.
  ["feedbacks", "orgId_1_tracker.key_1"],
  // The jobs', before it held the claim's order: a claim fetched and sorted every due job.
  ["jobs", "runAt_1_leaseUntil_1"],
  // Lists sorted by a time or a name before their ties were sorted by _id (a total order).
  ["features", "orgId_1_appId_1_path_1"],
  ["tokens", "orgId_1_createdAt_1"],
  ["agents", "orgId_1_userId_1_lastUsedAt_-1"],
  ["webhooks", "orgId_1_createdAt_1"],
  ["api_keys", "orgId_1_createdAt_1"],
  ["saved_views", "orgId_1_userId_1_createdAt_1"],
  ["invitations", "orgId_1_createdAt_-1"],
  // The publications' by date: no query reads them so since the board reads the feedbacks' own
  // mark (published), and `(orgId, words)` serves those by organization.
  ["publications", "orgId_1_publishedAt_1"],
];

/** MongoDB's codes for a collection or an index that does not exist: nothing to drop. */
const ABSENT = new Set([26, 27]);

/**
 * Drops the retired indexes and creates today's; both are no-ops when done, so every process does
 * them at start. The retired go first: before MongoDB 5.0 an index is known by its key pattern alone,
 * so one that keeps its keys with other options is refused until the earlier is dropped.
 */
export async function ensureIndexes(data: Database): Promise<void> {
  for (const [name, index] of RETIRED) {
    await data
      .collection(name)
      .dropIndex(index)
      .catch((error: { code?: number }) => {
        if (!ABSENT.has(error.code ?? 0)) throw error;
      });
  }
  for (const [name, spec, options] of INDEXES) await data.collection(name).createIndex(spec, options ?? {});
}
