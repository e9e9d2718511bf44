import { type Db, MongoClient } from "mongodb";
import type { Store } from "../../core/services.ts";
import { accessStore } from "./access.ts";
import { accountStore } from "./accounts.ts";
import { organizationStore } from "./organizations.ts";
import { appSetupStore } from "./app-setup.ts";
import { userStore } from "./users.ts";
import { tokenStore } from "./tokens.ts";
import { serviceSecretStore } from "./service-secret.ts";
import { portalStore } from "./portals.ts";
import { publicationStore } from "./publications.ts";
import { commentStore } from "./comments.ts";
import { attachmentStore } from "./attachments.ts";
import { collectionStore } from "./collection.ts";
import { type Database, database } from "./database.ts";
import { feedbackStore } from "./feedbacks.ts";
import { catalogStore } from "./catalog.ts";
import { rateLimitStore } from "./rate-limits.ts";
import { idempotencyStore } from "./idempotency.ts";
import { qualificationStore } from "./qualifications.ts";
import { groupingStore } from "./grouping.ts";
import { mergeStore } from "./merges.ts";
import { suggestionStore } from "./suggestions.ts";
import { trendStore } from "./trends.ts";
import { followerStore } from "./followers.ts";
import { voteStore } from "./votes.ts";
import { portalPeopleStore } from "./portal-people.ts";
import { helpCenterStore } from "./help-center.ts";
import { ensureIndexes } from "./indexes.ts";
import { upgradeDocuments } from "./upgrades.ts";
import { jobQueue } from "./jobs.ts";
import { slackStore } from "./slack.ts";
import { oauthStore } from "./oauth.ts";
import { trackerStore } from "./trackers.ts";
import { webhookStore } from "./webhooks.ts";
import { changelogStore } from "./changelog.ts";
import { invitationStore } from "./invitations.ts";
import { passwordResetStore } from "./password-resets.ts";
import { savedViewStore } from "./saved-views.ts";
import { teamStore } from "./team.ts";
import { triageStore } from "./triage.ts";
import { apiKeyStore } from "./api-keys.ts";
import { mongoRefusals } from "./unavailable.ts";
import { STORE_RETRY_AFTER_S } from "../../core/store-unavailable.ts";

/** How long a start waits for the server before giving up with a message. */
const CONNECT_TIMEOUT_MS = 5_000;

/** Why the store could not open, in one line that names the setting to check. */
export class MongoUnavailable extends Error {}

/**
 * The shared store: MongoDB (a replica set, for transactions), for several server processes. Every
 * method's refusal for a deployment that cannot serve is marked (unavailable.ts); `onServesAgain` is
 * told when it answers a ping after no server could be reached.
 */
export function createMongoStore(client: Pick<MongoClient, "withSession" | "close">, db: Db, onServesAgain?: () => void): Store {
  const data: Database = database(client, db);
  const expired = (now: number) => ({ expiresAt: { $lte: now } });
  const refusals = mongoRefusals(onServesAgain);
  return refusals.told<Store>({
    ...collectionStore(data),
    ...feedbackStore(data),
    ...catalogStore(data),
    ...trendStore(data),
    ...rateLimitStore(data),
    ...idempotencyStore(data),
    ...qualificationStore(data),
    ...groupingStore(data),
    ...mergeStore(data),
    ...suggestionStore(data),
    ...followerStore(data),
    ...accessStore(data),
    ...accountStore(data),
    ...oauthStore(data),
    ...webhookStore(data),
    ...helpCenterStore(data),
    ...trackerStore(data),
    ...attachmentStore(data),
    ...jobQueue(data),
    ...triageStore(data),
    ...apiKeyStore(data),
    ...organizationStore(data),
    ...appSetupStore(data),
    ...userStore(data),
    ...tokenStore(data),
    ...serviceSecretStore(data),
    ...changelogStore(data),
    ...commentStore(data),
    ...slackStore(data),
    ...invitationStore(data),
    ...passwordResetStore(data),
    ...savedViewStore(data),
    ...teamStore(data),
    ...voteStore(data),
    ...portalPeopleStore(data),
    ...portalStore(data),
    ...publicationStore(data),
    // TTL indexes delete these in the background too; this makes expiry exact for whoever asks.
    async purgeExpired(now) {
      await Promise.all(
        ["rate_counters", "idempotency", "qualifications", "slack_events", "password_resets", "portal_links", "portal_sessions", "tokens"].map(
          (name) => data.collection(name as "idempotency").deleteMany(expired(now)),
        ),
      );
    },
    async ping() {
      // A deployment that answers a ping but refused a write for its full disk cannot serve: it says so for a while.
      if (refusals.fullWithin(STORE_RETRY_AFTER_S * 1000)) return false;
      const answered = (await db.command({ ping: 1 })).ok === 1;
      if (answered) refusals.answered();
      return answered;
    },
    // The driver keeps no cache of its own beyond the JavaScript heap, which the server collects.
    async releaseMemory() {},
    // A feedback's search words are written with it, in the same transaction: nothing to catch up.
    async catchUpSearch() {
      return 0;
    },
    async close() {
      await client.close();
    },
  });
}

/** A timeout the connection string sets itself (…?serverSelectionTimeoutMS=1000), which the driver's options would override. */
const givenTimeout = (uri: string, name: string): number | undefined => {
  const ms = new RegExp(`[?&]${name}=(\\d+)`, "i").exec(uri)?.[1];
  return ms === undefined ? undefined : Number(ms);
};

/**
 * Refuses a deployment without multi-document transactions, which the store's writes need: a
 * standalone server answers `hello` without a replica set's name (a mongos says "isdbgrid"), and
 * would refuse the first report with "Transaction numbers are only allowed on a replica set member
 * or mongos" rather than the start.
 */
export async function requireTransactions(db: Pick<Db, "command">): Promise<void> {
  const hello = await db.command({ hello: 1 });
  if (typeof hello.setName === "string" || hello.msg === "isdbgrid") return;
  throw new MongoUnavailable(
    "MONGODB_URI: the server is a standalone MongoDB, without transactions; the store needs a replica set (a single-node replica set is enough: start mongod with --replSet and run rs.initiate())",
  );
}

/** Connects to `uri`, checks the server answers with transactions and creates the indexes; fails fast with a one-line reason. */
export async function openMongoDatabase(uri: string): Promise<{ client: MongoClient; db: Db; data: Database }> {
  let client: MongoClient;
  const selectionMs = givenTimeout(uri, "serverSelectionTimeoutMS") ?? CONNECT_TIMEOUT_MS;
  try {
    client = new MongoClient(uri, {
      serverSelectionTimeoutMS: selectionMs,
      connectTimeoutMS: givenTimeout(uri, "connectTimeoutMS") ?? CONNECT_TIMEOUT_MS,
      appName: "retour",
    });
  } catch (error) {
    throw new MongoUnavailable(`MONGODB_URI is not a valid MongoDB connection string: ${(error as Error).message}`);
  }
  try {
    await client.connect();
    const db = client.db();
    await db.command({ ping: 1 });
    await requireTransactions(db);
    const data = database(client, db);
    await ensureIndexes(data);
    await upgradeDocuments(data);
    return { client, db, data };
  } catch (error) {
    await client.close().catch(() => undefined);
    if (error instanceof MongoUnavailable) throw error;
    throw new MongoUnavailable(`MONGODB_URI: cannot reach MongoDB within ${selectionMs / 1000} s (${(error as Error).message.split("\n")[0]})`);
  }
}

/** The store on the deployment at `uri`; `onServesAgain` as for createMongoStore. */
export async function openMongoStore(uri: string, onServesAgain?: () => void): Promise<Store> {
  const { client, db } = await openMongoDatabase(uri);
  return createMongoStore(client, db, onServesAgain);
}
