import type { Store } from "../../core/services.ts";
import { accessStore } from "./access.ts";
import { accountStore } from "./accounts.ts";
import { oauthStore } from "./oauth.ts";
import { webhookStore } from "./webhooks.ts";
import { helpCenterStore } from "./help-center.ts";
import { trackerStore } from "./trackers.ts";
import { attachmentStore } from "./attachments.ts";
import { organizationStore } from "./organizations.ts";
import { appSetupStore } from "./app-setup.ts";
import { userStore } from "./users.ts";
import { tokenStore } from "./tokens.ts";
import { serviceSecretStore } from "./service-secret.ts";
import { collectionStore } from "./collection.ts";
import { rateLimitStore } from "./rate-limits.ts";
import { idempotencyStore } from "./idempotency.ts";
import { qualificationStore } from "./qualifications.ts";
import { feedbackStore } from "./feedbacks.ts";
import { catalogStore } from "./catalog.ts";
import { groupingStore } from "./grouping.ts";
import { mergeStore } from "./merges.ts";
import { suggestionStore } from "./suggestions.ts";
import { trendStore } from "./trends.ts";
import { followerStore } from "./followers.ts";
import { voteStore } from "./votes.ts";
import { portalPeopleStore } from "./portal-people.ts";
import { jobQueue } from "./jobs.ts";
import { changelogStore } from "./changelog.ts";
import { commentStore } from "./comments.ts";
import { slackStore } from "./slack.ts";
import { invitationStore } from "./invitations.ts";
import { passwordResetStore } from "./password-resets.ts";
import { savedViewStore } from "./saved-views.ts";
import { teamStore } from "./team.ts";
import { portalStore } from "./portals.ts";
import { publicationStore } from "./publications.ts";
import { openDatabase, type OpenOptions } from "./open.ts";
import { startCheckpointer } from "./checkpoint.ts";
import { createWriteBatch } from "./write-batch.ts";
import { anyWaiting, writeWaiting } from "./search-entries.ts";
import { triageStore } from "./triage.ts";
import { apiKeyStore } from "./api-keys.ts";
import { STORE_RETRY_AFTER_S } from "../../core/store-unavailable.ts";

interface SqliteStoreOptions extends OpenOptions {
  /** Told when a write commits after the store refused one because it could not write (see write-batch.ts). */
  readonly onWritesAgain?: () => void;
}

/**
 * The embedded store: one SQLite file, shared safely by several processes on one machine.
 * `backgroundCheckpoints` (for servers): WAL checkpoints run on a thread of their own.
 */
export function createSqliteStore(path: string, options: SqliteStoreOptions = {}): Store {
  const db = openDatabase(path, options);
  // Should the checkpointer fail, commits checkpoint again as SQLite does by default (every 1,000 pages).
  const checkpointer = options.backgroundCheckpoints ? startCheckpointer(path, () => db.exec("PRAGMA wal_autocheckpoint = 1000")) : null;
  const batch = createWriteBatch(db, options.onWritesAgain);
  // Stores that write outside the batch, in transactions of their own (they read what they guard in them).
  const unbatched = batch.unbatched({
    ...organizationStore(db),
    ...appSetupStore(db),
    ...userStore(db),
    ...tokenStore(db),
    ...serviceSecretStore(db),
    async purgeExpired(now: number) {
      db.query("DELETE FROM rate_counters WHERE expires_at <= ?").run(now);
      db.query("DELETE FROM idempotency WHERE expires_at <= ?").run(now);
      db.query("DELETE FROM qualifications WHERE expires_at <= ?").run(now);
      db.query("DELETE FROM slack_events WHERE expires_at <= ?").run(now);
      db.query("DELETE FROM password_resets WHERE expires_at <= ?").run(now);
      db.query("DELETE FROM portal_links WHERE expires_at <= ?").run(now);
      db.query("DELETE FROM portal_sessions WHERE expires_at <= ?").run(now);
      db.query("DELETE FROM tokens WHERE expires_at <= ?").run(now);
    },
  });
  return {
    ...unbatched,
    ...collectionStore(db, batch),
    ...rateLimitStore(db, batch),
    ...idempotencyStore(db, batch),
    ...qualificationStore(db, batch),
    ...feedbackStore(db, batch),
    ...catalogStore(db),
    ...trendStore(db),
    ...groupingStore(db, batch),
    ...mergeStore(db, batch),
    ...suggestionStore(db, batch),
    ...followerStore(db, batch),
    ...accessStore(db, batch),
    ...accountStore(db, batch),
    ...oauthStore(db, batch),
    ...webhookStore(db, batch),
    ...helpCenterStore(db, batch),
    ...trackerStore(db, batch),
    ...attachmentStore(db, batch),
    ...jobQueue(db, batch),
    ...changelogStore(db, batch),
    ...commentStore(db, batch),
    ...slackStore(db, batch),
    ...invitationStore(db, batch),
    ...passwordResetStore(db, batch),
    ...savedViewStore(db, batch),
    ...teamStore(db, batch),
    ...voteStore(db, batch),
    ...portalPeopleStore(db, batch),
    ...portalStore(db, batch),
    ...publicationStore(db, batch),
    ...triageStore(db, batch),
    ...apiKeyStore(db, batch),
    async releaseMemory() {
      // The page cache grows to its size under load and keeps it; this hands it back.
      db.exec("PRAGMA shrink_memory");
    },
    async catchUpSearch(limit) {
      return anyWaiting(db) ? batch.run(() => writeWaiting(db, limit)) : 0;
    },
    async ping() {
      // A store that answers reads but refused the last write cannot serve: it says so until a write commits, or for a while.
      if (batch.refusedWithin(STORE_RETRY_AFTER_S * 1000)) return false;
      return db.query<{ ok: number }, []>("SELECT 1 AS ok").get()?.ok === 1;
    },
    async close() {
      await checkpointer?.stop();
      db.close();
    },
  };
}
