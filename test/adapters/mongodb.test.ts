import { afterAll, describe, expect, test } from "bun:test";
import { type Db, MongoClient } from "mongodb";
import { database } from "../../adapters/mongodb/database.ts";
import { ensureIndexes } from "../../adapters/mongodb/indexes.ts";
import { createMongoStore, MongoUnavailable, requireTransactions } from "../../adapters/mongodb/store.ts";
import { urgencyOf } from "../../core/feedback/order.ts";
import { upgradeDocuments } from "../../adapters/mongodb/upgrades.ts";
import type { Store } from "../../core/services.ts";
import { STATUSES } from "../../core/schemas/feedback.ts";
import { searchWords } from "../../core/feedback/search-words.ts";
import { mingoDatabase } from "../support/mingo-mongo.ts";
import { storeContract } from "./store-contract.ts";
import { contractKit } from "./store-contract/kit.ts";

/** Two stores on one database, as a server and the CLI are two processes on one deployment. */
function channelKeys(name: string, open: () => Promise<[Store, Store]>) {
  describe(name, () => {
    test("a channel disabled or a plan changed by another process is seen by the next report", async () => {
      const [server, cli] = await open();
      await cli.createOrganization({ id: "org-1", name: "Org", keyPrefix: "ORG", plan: "free", quotaOverride: null });
      await cli.createApp({ id: "app-1", orgId: "org-1", name: "App", kind: "web" }, 50);
      await cli.createChannel({ id: "ch-1", orgId: "org-1", appId: "app-1", kind: "api", key: "pk_1", active: true }, 50);
      expect((await server.findChannelByKey("pk_1"))?.channel.active).toBe(true);
      await cli.setChannelActive("org-1", "pk_1", false);
      expect((await server.findChannelByKey("pk_1"))?.channel.active).toBe(false);
      await cli.setPlan("org-1", "growth", 5);
      expect((await server.findChannelByKey("pk_1"))?.organization).toMatchObject({ plan: "growth", quotaOverride: 5 });
    });
  });
}

// Always: the adapter's own queries, updates and aggregations, run by mingo (not MongoDB; see mingo-mongo.ts).
storeContract("mongodb adapter on the mingo stand-in", async () => {
  const { client, db } = mingoDatabase();
  await ensureIndexes(database(client, db));
  return createMongoStore(client, db);
});

channelKeys("mongodb channel keys on the mingo stand-in", async () => {
  const { client, db } = mingoDatabase();
  return [createMongoStore(client, db), createMongoStore(client, db)];
});

test("apps, channels and live API keys written before their counts were kept count toward the limits", async () => {
  const { client, db } = mingoDatabase();
  const store = createMongoStore(client, db);
  await store.createOrganization({ id: "org-1", name: "Org", keyPrefix: "ORG", plan: "free", quotaOverride: null });
  // As an earlier version wrote them, before any count was kept.
  await db.collection("apps").insertOne({ _id: "app-1", orgId: "org-1", name: "App", kind: "web" } as never);
  await db.collection("channels").insertOne({ _id: "ch-1", orgId: "org-1", appId: "app-1", kind: "api", key: "pk_1", active: true } as never);
  const key = { orgId: "org-1", name: "ci", scopes: ["reports:write"], createdAt: 1, lastUsedAt: null };
  await db.collection("api_keys").insertMany([
    { _id: "k1", id: "k1", ...key, keyHash: "h1" },
    { _id: "k2", id: "k2", ...key, keyHash: "h2", revokedAt: 5 },
  ] as never[]);
  expect(await store.createApp({ id: "app-2", orgId: "org-1", name: "Two", kind: "web" }, 1)).toBe(false);
  expect(await store.createChannel({ id: "ch-2", orgId: "org-1", appId: "app-1", kind: "form", key: "form_2", active: true }, 1)).toBe(false);
  expect(await store.createApiKey({ id: "k3", ...key, scopes: ["reports:write"], keyHash: "h3" }, 2)).toBe(true);
  expect(await store.createApiKey({ id: "k4", ...key, scopes: ["reports:write"], keyHash: "h4" }, 2)).toBe(false);
});

/**
 * The stand-in's database, where the first `method` of `collection` is carried out and its reply then lost,
 * as when the connection drops after the write was sent: the store cannot tell whether it was made.
 */
function losingOneReply(db: Db, name: string, method: "insertOne" | "updateOne" | "deleteOne"): Db {
  let lost = false;
  const collection = (named: string) =>
    new Proxy(db.collection(named), {
      get(target, key) {
        const value = Reflect.get(target, key);
        if (named !== name || key !== method || lost) return typeof value === "function" ? value.bind(target) : value;
        return async (...args: unknown[]) => {
          await value.apply(target, args);
          lost = true;
          throw new Error("connection closed");
        };
      },
    });
  return { ...db, collection } as unknown as Db;
}

describe("a counted write whose reply is lost is undone with its count, in one transaction", () => {
  const kit = contractKit();
  const storeLosing = async (name: string, method: "insertOne" | "updateOne" | "deleteOne") => {
    const { client, db } = mingoDatabase();
    const store = createMongoStore(client, losingOneReply(db, name, method));
    await store.createOrganization({ id: "org-1", name: "Org", keyPrefix: "ORG", plan: "free", quotaOverride: null });
    return store;
  };
  const key = (id: string) => ({ id, orgId: "org-1", name: "ci", scopes: ["reports:write" as const], keyHash: id, createdAt: 1, lastUsedAt: null });
  const channel = (id: string) => ({ id, orgId: "org-1", appId: "app-1", kind: "api" as const, key: `pk_${id}`, active: true });

  test("an app whose insert is lost is not there, and its place is still free", async () => {
    const store = await storeLosing("apps", "insertOne");
    await expect(store.createApp({ id: "app-1", orgId: "org-1", name: "Lost", kind: "web" }, 1)).rejects.toThrow("connection closed");
    expect(await store.createApp({ id: "app-2", orgId: "org-1", name: "Made", kind: "web" }, 1)).toBe(true);
    expect((await store.listApps("org-1")).map((a) => a.id)).toEqual(["app-2"]);
  });

  test("a channel whose insert is lost is not there, and its place is still free", async () => {
    const store = await storeLosing("channels", "insertOne");
    await expect(store.createChannel(channel("ch-1"), 1)).rejects.toThrow("connection closed");
    expect(await store.createChannel(channel("ch-2"), 1)).toBe(true);
    expect((await store.listChannels("org-1")).map((c) => c.id)).toEqual(["ch-2"]);
  });

  test("an API key whose insert is lost is not there, and its place is still free", async () => {
    const store = await storeLosing("api_keys", "insertOne");
    await expect(store.createApiKey(key("k1"), 1)).rejects.toThrow("connection closed");
    expect(await store.createApiKey(key("k2"), 1)).toBe(true);
    expect((await store.listApiKeys("org-1")).map((k) => k.id)).toEqual(["k2"]);
  });

  test("a webhook whose insert is lost is not there, and its place is still free", async () => {
    const store = await storeLosing("webhooks", "insertOne");
    await expect(store.createWebhook(kit.webhook("org-1"), 1)).rejects.toThrow("connection closed");
    const made = kit.webhook("org-1");
    expect(await store.createWebhook(made, 1)).toBe(true);
    expect((await store.listWebhooks("org-1")).map((w) => w.id)).toEqual([made.id]);
  });

  test("an API key whose revocation is lost is still live, and still holds its place", async () => {
    const store = await storeLosing("api_keys", "updateOne");
    expect(await store.createApiKey(key("k1"), 1)).toBe(true);
    await expect(store.revokeApiKey("org-1", "k1", 5)).rejects.toThrow("connection closed");
    expect((await store.listApiKeys("org-1")).map((k) => k.id)).toEqual(["k1"]);
    expect(await store.createApiKey(key("k2"), 1)).toBe(false);
  });

  test("a webhook whose deletion is lost is still there, and still holds its place", async () => {
    const store = await storeLosing("webhooks", "deleteOne");
    const made = kit.webhook("org-1");
    expect(await store.createWebhook(made, 1)).toBe(true);
    await expect(store.deleteWebhook("org-1", made.id)).rejects.toThrow("connection closed");
    expect((await store.listWebhooks("org-1")).map((w) => w.id)).toEqual([made.id]);
    expect(await store.createWebhook(kit.webhook("org-1"), 1)).toBe(false);
  });
});

test("a revocation of a key written before its count was kept writes the count of those left, as a creation does", async () => {
  // Both writing the organization's document is what makes a creation counting at once conflict with the revocation.
  const { client, db } = mingoDatabase();
  const store = createMongoStore(client, db);
  await store.createOrganization({ id: "org-1", name: "Org", keyPrefix: "ORG", plan: "free", quotaOverride: null });
  const key = { orgId: "org-1", name: "ci", scopes: ["reports:write"], createdAt: 1, lastUsedAt: null };
  await db.collection("api_keys").insertMany([
    { _id: "k1", id: "k1", ...key, keyHash: "h1" },
    { _id: "k2", id: "k2", ...key, keyHash: "h2" },
  ] as never[]);
  expect(await store.revokeApiKey("org-1", "k1", 5)).toBe(true);
  expect((await db.collection("organizations").findOne({ _id: "org-1" } as never))?.apiKeyCount).toBe(1);
});

test("the stand-in refuses two operations at once in one transaction, as MongoDB does, and takes them one after the other", async () => {
  const { client, db } = mingoDatabase();
  const data = database(client, db);
  const feedbacks = data.collection("feedbacks");
  await feedbacks.insertMany([{ _id: "a" }, { _id: "b" }]);
  const together = data.transaction((session) =>
    Promise.all([feedbacks.findOne({ _id: "a" }, { session }), feedbacks.find({}, { session }).toArray()]),
  );
  await expect(together).rejects.toThrow("two operations at once in one transaction");
  const inTurn = await data.transaction(async (session) => [
    await feedbacks.findOne({ _id: "a" }, { session }),
    await feedbacks.find({}, { session }).toArray(),
  ]);
  expect(inTurn).toEqual([{ _id: "a" }, [{ _id: "a" }, { _id: "b" }]]);
});

test("the stand-in's aborted transaction leaves no document in a collection it wrote first, as MongoDB creates none", async () => {
  const { client, db } = mingoDatabase();
  const data = database(client, db);
  const aborted = data.transaction(async (session) => {
    await data.collection("webhooks").insertOne({ _id: "wh-1" }, { session });
    throw new Error("aborted");
  });
  await expect(aborted).rejects.toThrow("aborted");
  expect(await data.collection("webhooks").find({}).toArray()).toEqual([]);
});

test("the stand-in refuses a transaction begun inside another's work, which MongoDB would run apart from it", async () => {
  const { client, db } = mingoDatabase();
  const data = database(client, db);
  const nested = data.transaction(async (session) => {
    await data.collection("organizations").insertOne({ _id: "org-1" }, { session });
    return data.transaction((inner) => data.collection("apps").insertOne({ _id: "app-1" }, { session: inner }));
  });
  await expect(nested).rejects.toThrow("a transaction begun inside another");
  expect(await data.collection("organizations").find({}).toArray()).toEqual([]);
});

test("the stand-in refuses an operation a transaction's work makes without its session, which MongoDB would run outside the transaction", async () => {
  // A real server reads it as the data was before the transaction's writes, and a write waits on them.
  const { client, db } = mingoDatabase();
  const data = database(client, db);
  const feedbacks = data.collection("feedbacks");
  const outside = data.transaction(async (session) => {
    await feedbacks.insertOne({ _id: "a" }, { session });
    return feedbacks.findOne({ _id: "a" });
  });
  await expect(outside).rejects.toThrow("findOne without the session inside a transaction");
  // Outside any transaction, no session is needed.
  expect(await feedbacks.findOne({ _id: "a" })).toBeNull();
});

test("the stand-in refuses an update naming a field in two of its operators, as MongoDB does even when the update inserts nothing", async () => {
  // "Updating the path 'n' would create a conflict at 'n'", code 40 (ConflictingUpdateOperators).
  const { client, db } = mingoDatabase();
  const counters = database(client, db).collection("rate_counters");
  await counters.insertOne({ _id: "a", n: 1 });
  const conflict = { code: 40 };
  await expect(counters.updateOne({ _id: "a" }, { $inc: { n: 1 }, $setOnInsert: { n: 0 } }, { upsert: true })).rejects.toMatchObject(conflict);
  await expect(counters.updateOne({ _id: "b" }, { $set: { "n.x": 1 }, $unset: { n: "" } }, { upsert: true })).rejects.toMatchObject(conflict);
  expect(await counters.find({}).toArray()).toEqual([{ _id: "a", n: 1 }]);
});

test("the stand-in's unique index holds a document lacking its field under null, as MongoDB's does: a second one lacking it is a duplicate key", async () => {
  const { client, db } = mingoDatabase();
  const data = database(client, db);
  await ensureIndexes(data);
  const users = data.collection("users");
  await users.insertOne({ _id: "u-1" });
  await expect(users.insertOne({ _id: "u-2" })).rejects.toMatchObject({ code: 11000 });
  await expect(users.insertOne({ _id: "u-3", email: null })).rejects.toMatchObject({ code: 11000 });
  await users.insertOne({ _id: "u-4", email: "a@example.com" });
});

// What `hello` answers (manual, "hello" command): a replica set member names its set in `setName`,
// a mongos says "isdbgrid" in `msg`, a standalone mongod has neither, and refuses transactions
// ("Transaction numbers are only allowed on a replica set member or mongos", code 20).
const answering = (reply: Record<string, unknown>) => ({ command: async () => ({ isWritablePrimary: true, ok: 1, ...reply }) });

test("a start on a standalone MongoDB, which has no transactions, is refused with one line naming MONGODB_URI and the replica set it needs", async () => {
  const refused = await requireTransactions(answering({}) as never).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(MongoUnavailable);
  expect((refused as Error).message).toStartWith(
    "MONGODB_URI: the server is a standalone MongoDB, without transactions; the store needs a replica set",
  );
  expect((refused as Error).message).not.toContain("\n");
});

test("a start on a replica set member or through a mongos has its transactions", async () => {
  await requireTransactions(answering({ setName: "rs0", hosts: ["db1:27017"] }) as never);
  await requireTransactions(answering({ msg: "isdbgrid" }) as never);
});

test("started on a database indexed by an earlier version, the store indexes only the feedbacks linked to a tracker issue by their issue, again at every start", async () => {
  const { client, db } = mingoDatabase();
  const feedbacks = db.collection("feedbacks");
  // The earlier index: sparse, which for two keys holds every feedback, since each has an orgId.
  await feedbacks.createIndex({ orgId: 1, "tracker.key": 1 }, { sparse: true });
  await ensureIndexes(database(client, db));
  await ensureIndexes(database(client, db));
  const byIssue = (await feedbacks.indexes()).filter((index) => "tracker.key" in index.key);
  expect(byIssue).toEqual([
    {
      v: 2,
      key: { orgId: 1, "tracker.key": 1 },
      name: "orgId_1_tracker.key_1_linked",
      partialFilterExpression: { "tracker.key": { $exists: true } },
    },
  ]);
});

test("an agent's access and refresh tokens are dated for the tokens' TTL index, as personal tokens are: none outlives its expiry", async () => {
  const { client, db } = mingoDatabase();
  const store = createMongoStore(client, db);
  const bound = { clientId: "client", orgId: "org", userId: "user", scopes: ["feedbacks:read" as const], resource: "https://r/mcp" };
  await store.createAuthCode({ ...bound, codeHash: "code", redirectUri: "https://c/cb", codeChallenge: "x", expiresAt: 60 });
  const token = (kind: "access" | "refresh", expiresAt: number) => ({
    ...bound,
    id: kind,
    tokenHash: kind,
    kind,
    agentId: "agent",
    createdAt: 1,
    expiresAt,
  });
  await store.createAgent(
    { ...bound, id: "agent", createdAt: 1, lastUsedAt: 1 },
    "code",
    [token("access", 3_600_001), token("refresh", 86_400_001)],
    1,
  );
  const dated = await db.collection<{ _id: string; expiresAtDate: Date }>("tokens").find({}).sort({ _id: 1 }).toArray();
  expect(dated.map((t) => [t._id, t.expiresAtDate])).toEqual([
    ["access", new Date(3_600_001)],
    ["refresh", new Date(86_400_001)],
  ]);
});

/** A feedback document as a store before the severity order's index wrote it: the i-th, active at i. */
const storedFeedback = (id: string, i: number, severity: string | undefined) => ({
  _id: id,
  orgId: "org",
  appId: "app",
  key: `ORG-${i + 1}`,
  title: `feedback ${i}`,
  kind: "problem",
  status: "triage",
  reports: 1,
  createdAt: i,
  lastActivityAt: i,
  words: [],
  ...(severity && { severity }),
});

test("feedbacks stored before the severity order had its index are sorted by severity once the store has started", async () => {
  const { client, db } = mingoDatabase();
  const data = database(client, db);
  const severities = ["P2", undefined, "P0", "P3", undefined, "P1"] as const;
  await data.collection("feedbacks").insertMany(severities.map((severity, i) => storedFeedback(`fb-${i}`, i, severity)));
  await upgradeDocuments(data);
  const store = createMongoStore(client, db);
  const page = await store.listFeedbacks("org", { statuses: STATUSES }, null, 10, "severity");
  expect(page.map((f) => f.id)).toEqual(["fb-2", "fb-5", "fb-0", "fb-3", "fb-4", "fb-1"]);
});

test("attachments stored before they followed their report are carried by it once the store has started", async () => {
  const { client, db } = mingoDatabase();
  const data = database(client, db);
  const report = (id: string, feedbackId: string, at: number, files?: string[]) => ({
    _id: id,
    feedbackId,
    at,
    report: { kind: "problem", message: id, author: {}, ...(files && { files: files.map((f) => ({ id: f, kind: "screenshot" })) }) },
  });
  await data
    .collection("feedbacks")
    .insertMany([storedFeedback("fb", 0, undefined), { ...storedFeedback("folded", 1, undefined), mergedInto: "fb" }]);
  // The widget's report moved to fb by a merge; the operator attached files to fb and to the merged feedback.
  await data.collection("reports").insertMany([report("r-widget", "fb", 1, ["att-widget"]), report("r-first", "fb", 0), report("r-latest", "fb", 2)]);
  const attachment = (id: string, feedbackId: string) => ({
    _id: id,
    orgId: "org",
    feedbackId,
    kind: "screenshot",
    storageKey: id,
    contentType: "image/png",
    createdAt: 0,
  });
  await data
    .collection("attachments")
    .insertMany([attachment("att-widget", "folded"), attachment("att-cli", "fb"), attachment("att-folded", "folded")]);
  await upgradeDocuments(data);
  const store = createMongoStore(client, db);
  expect((await store.listAttachments(["r-widget"])).map((a) => a.id)).toEqual(["att-widget"]);
  expect((await store.listAttachments(["r-latest"])).map((a) => a.id).sort()).toEqual(["att-cli", "att-folded"]);
});

test("feedbacks stored before they kept their reports' sources are found by source once the store has started", async () => {
  const { client, db } = mingoDatabase();
  const data = database(client, db);
  await data.collection("feedbacks").insertMany([0, 1, 2].map((i) => storedFeedback(`fb-${i}`, i, undefined)));
  const report = (id: string, feedbackId: string, source: string) => ({ _id: id, orgId: "org", feedbackId, source, at: 0, report: { message: id } });
  await data
    .collection("reports")
    .insertMany([report("r-0", "fb-0", "portal"), report("r-1", "fb-1", "api"), report("r-1b", "fb-1", "portal"), report("r-2", "fb-2", "api")]);
  await upgradeDocuments(data);
  const store = createMongoStore(client, db);
  const bySource = async (source: string) => (await store.listFeedbacks("org", { statuses: STATUSES, source }, null, 10)).map((f) => f.id);
  expect(await bySource("portal")).toEqual(["fb-1", "fb-0"]);
  expect(await bySource("api")).toEqual(["fb-2", "fb-1"]);
  expect(await store.countByStatus("org", { source: "portal" })).toEqual({ triage: 2 });
});

test("a feedback stored before hyphenated words were joined is found by email for its e-mail once the store has started, and still by mail", async () => {
  const { client, db } = mingoDatabase();
  const data = database(client, db);
  // Words as the release before wrote them: a hyphenated word's parts only.
  const feedback = (i: number, title: string, words: string, mergedInto?: string) => ({
    ...storedFeedback(`fb-${i}`, i, undefined),
    title,
    words: words.split(" "),
    ...(mergedInto && { mergedInto }),
  });
  await data
    .collection("feedbacks")
    .insertMany([
      feedback(1, "No e-mail after sign-in", "org 2 no e mail after sign in the never arrives"),
      feedback(2, "Order page blank", "org 3 order page blank the pre is", "fb-3"),
      feedback(3, "Checkout blank", "org 4 checkout blank 3 order page the pre is"),
    ]);
  await data
    .collection("search_vocabulary")
    .insertMany(
      [
        "org",
        "2",
        "3",
        "4",
        "no",
        "e",
        "mail",
        "after",
        "sign",
        "in",
        "the",
        "never",
        "arrives",
        "order",
        "page",
        "blank",
        "pre",
        "is",
        "checkout",
      ].map((_id) => ({ _id })),
    );
  const report = (id: string, feedbackId: string, message: string) => ({
    _id: id,
    orgId: "org",
    feedbackId,
    source: "api",
    at: 0,
    report: { message },
  });
  // Feedback 2 was merged into 3, which holds its report now and answers for its words.
  await data
    .collection("reports")
    .insertMany([
      report("r-1", "fb-1", "The e-mail never arrives"),
      report("r-2", "fb-3", "The pre-order page is blank"),
      report("r-3", "fb-3", "Checkout blank"),
    ]);
  await data.collection("merges").insertOne({ _id: "m", orgId: "org", sourceId: "fb-2", targetId: "fb-3", reportIds: ["r-2"], undoneAt: null });
  await data
    .collection("publications")
    .insertOne({ _id: "fb-1", orgId: "org", title: "E-mail never sent", description: null, publishedAt: 1, words: "org 2 e mail never sent" });
  await upgradeDocuments(data);
  const store = createMongoStore(client, db);
  const found = async (query: string) =>
    (await store.listFeedbacks("org", { statuses: STATUSES, words: searchWords(query) }, null, 10)).map((f) => f.id);
  expect(await found("email")).toEqual(["fb-1"]);
  expect(await found("signin")).toEqual(["fb-1"]);
  expect(await found("mail")).toEqual(["fb-1"]);
  expect(await found("preorder")).toEqual(["fb-3"]);
  expect(await store.countByStatus("org", { words: searchWords("email") })).toEqual({ triage: 1 });
  const published = await store.listPublished("org", { statuses: STATUSES, words: searchWords("email") }, null, 10, "new");
  expect(published.map((p) => p.feedback.id)).toEqual(["fb-1"]);
  // The merged feedback is found by its report's joined word too once an unmerge gives it back.
  expect((await data.collection("feedbacks").findOne({ _id: "fb-2" }))?.words).toContain("preorder");
});

test("a publication stored with its words as one text is found by them once the store has started, as is one published since", async () => {
  const { client, db } = mingoDatabase();
  const data = database(client, db);
  await data.collection("feedbacks").insertMany([0, 1].map((i) => storedFeedback(`fb-${i}`, i, undefined)));
  await data
    .collection("publications")
    .insertOne({ _id: "fb-0", orgId: "org", title: "Invoice blank", description: null, publishedAt: 1, words: "org 1 invoice blank" });
  await upgradeDocuments(data);
  const store = createMongoStore(client, db);
  await store.publish({ feedbackId: "fb-1", orgId: "org", title: "Export", description: null, publishedAt: 2, words: "org 2 export" });
  const found = async (query: string) =>
    (await store.listPublished("org", { statuses: STATUSES, words: searchWords(query) }, null, 10, "new")).map((p) => p.feedback.id);
  expect(await found("invoices")).toEqual(["fb-0"]);
  expect(await found("exp")).toEqual(["fb-1"]);
  expect(await found("org")).toEqual(["fb-1", "fb-0"]);
  expect((await store.findPublications(["fb-0"])).get("fb-0")?.words).toBe("org 1 invoice blank");
});

test("feedbacks published before their documents said so are on the board and in the inbox's published filter once the store has started", async () => {
  const { client, db } = mingoDatabase();
  const data = database(client, db);
  await data.collection("feedbacks").insertMany([0, 1, 2].map((i) => storedFeedback(`fb-${i}`, i, undefined)));
  await data
    .collection("publications")
    .insertMany(
      [0, 2].map((i) => ({ _id: `fb-${i}`, orgId: "org", title: `Public ${i}`, description: null, publishedAt: i, words: ["public", String(i)] })),
    );
  await upgradeDocuments(data);
  const store = createMongoStore(client, db);
  const inbox = async (published: boolean) => (await store.listFeedbacks("org", { statuses: STATUSES, published }, null, 10)).map((f) => f.id);
  expect((await store.listPublished("org", { statuses: STATUSES }, null, 10, "new")).map((p) => p.feedback.id)).toEqual(["fb-2", "fb-0"]);
  expect(await inbox(true)).toEqual(["fb-2", "fb-0"]);
  expect(await inbox(false)).toEqual(["fb-1"]);
});

/** The stand-in's database, counting the documents each find hands the store: it has no index to count the reads of. */
function countingReads(db: Db): { db: Db; read: () => number } {
  let read = 0;
  const collection = (name: string) =>
    new Proxy(db.collection(name), {
      get(target, key) {
        const value = Reflect.get(target, key);
        if (key !== "find") return typeof value === "function" ? value.bind(target) : value;
        return (...args: unknown[]) => {
          const cursor = value.apply(target, args);
          const all = cursor.toArray.bind(cursor);
          cursor.toArray = async () => {
            const docs = await all();
            read += docs.length;
            return docs;
          };
          return cursor;
        };
      },
    });
  return { db: { ...db, collection } as unknown as Db, read: () => read };
}

/** Published feedbacks as stored: every one holds "common", the even ones "even", the first 1,200 "early", three "rare"; votes in five steps. */
const publishedFeedbacks = (count: number) =>
  Array.from({ length: count }, (_, i) => {
    const id = `fb-${String(i).padStart(4, "0")}`;
    const words = ["common", ...(i % 2 === 0 ? ["even"] : []), ...(i < 1_200 ? ["early"] : []), ...(i % 1_000 === 7 ? ["rare"] : [])];
    return {
      feedback: { ...storedFeedback(id, i, undefined), votes: i % 5, revenue: 0, published: true },
      publication: { _id: id, orgId: "org", title: `Public ${i}`, description: null, publishedAt: i, words },
    };
  });

test("a board page, a search of a word in every publication and of a rare one each read about a page of documents, not every publication", async () => {
  const { client, db } = mingoDatabase();
  const stored = publishedFeedbacks(3_000);
  await db.collection<{ _id: string }>("feedbacks").insertMany(stored.map((s) => s.feedback));
  await db.collection<{ _id: string }>("publications").insertMany(stored.map((s) => s.publication));
  const counting = countingReads(db);
  const store = createMongoStore(client, counting.db);
  const ids = async (words: string[], order: "top" | "new", after: { value: number; id: string } | null = null) =>
    (await store.listPublished("org", { statuses: STATUSES, words: words.flatMap(searchWords) }, after, 20, order)).map((p) => p.feedback.id);
  const newest = (keep: (i: number) => boolean) =>
    Array.from({ length: 3_000 }, (_, i) => 2_999 - i)
      .filter(keep)
      .slice(0, 20)
      .map((i) => `fb-${String(i).padStart(4, "0")}`);
  const reads = async (read: () => Promise<unknown>) => {
    const before = counting.read();
    await read();
    return counting.read() - before;
  };
  expect(await ids([], "new")).toEqual(newest(() => true));
  expect(await reads(() => ids([], "top"))).toBeLessThanOrEqual(40);
  expect(await ids([], "top")).toEqual(newest((i) => i % 5 === 4));
  expect(await ids([], "new", { value: 2_990, id: "fb-2990" })).toEqual(newest((i) => i < 2_990));
  expect(await ids(["even"], "new")).toEqual(newest((i) => i % 2 === 0));
  expect(await ids(["even"], "new", { value: 2_000, id: "fb-2000" })).toEqual(newest((i) => i % 2 === 0 && i < 2_000));
  expect(await reads(() => ids(["common"], "new"))).toBeLessThan(1_500);
  // Common, yet first met far down the board: its order is walked a step after another.
  expect(await ids(["early"], "new")).toEqual(newest((i) => i < 1_200));
  expect(await ids(["early"], "top")).toEqual(newest((i) => i < 1_200 && i % 5 === 4));
  expect(await ids(["rare"], "new")).toEqual(["fb-2007", "fb-1007", "fb-0007"]);
  expect(await reads(() => ids(["rare"], "top"))).toBeLessThanOrEqual(9);
});

// With a real server (a replica set, for transactions): MONGODB_URI=mongodb://localhost:27017/?replicaSet=rs0 npm test
const uri = process.env.MONGODB_URI;
if (uri) {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5_000 });
  const used: string[] = [];
  afterAll(async () => {
    for (const name of used) await client.db(name).dropDatabase();
    await client.close();
  });
  /** A database of its own for each store under test, dropped at the end. */
  const freshDatabase = async () => {
    const name = `retour_test_${crypto.randomUUID().slice(0, 8)}`;
    used.push(name);
    const db = client.db(name);
    await ensureIndexes(database(client, db));
    return db;
  };
  test("mongodb: the server at MONGODB_URI has transactions, as the store needs", async () => {
    await requireTransactions(client.db());
  });
  storeContract("mongodb", async () => {
    const db = await freshDatabase();
    // The contract closes each store it opens; the shared client stays open until the end.
    return { ...createMongoStore(client, db), close: async () => undefined };
  });
  channelKeys("mongodb channel keys", async () => {
    const db = await freshDatabase();
    return [createMongoStore(client, db), createMongoStore(client, db)];
  });

  test("mongodb: a search for a word in every feedback reads about a page of them, in list order from the index", async () => {
    const db = await freshDatabase();
    const store = createMongoStore(client, db);
    await store.createOrganization({ id: "org", name: "Org", keyPrefix: "ORG", plan: "enterprise", quotaOverride: null });
    const feedbacks = Array.from({ length: 2_000 }, (_, i) => ({
      _id: `fb-${i}`,
      orgId: "org",
      appId: "app",
      key: `ORG-${i + 1}`,
      title: `common ${i}`,
      kind: "problem",
      status: i % 2 ? "triage" : "prioritized",
      reports: 1,
      createdAt: i,
      lastActivityAt: i,
      words: ["org", String(i + 1), "common", String(i)],
    }));
    await db.collection<{ _id: string }>("feedbacks").insertMany(feedbacks);
    const vocabulary = new Set(feedbacks.flatMap((f) => f.words));
    await db.collection<{ _id: string }>("search_vocabulary").insertMany([...vocabulary].map((_id) => ({ _id })));
    const examined = async () => (await db.admin().serverStatus()).metrics.queryExecutor.scannedObjects as number;
    const before = await examined();
    const page = await store.listFeedbacks("org", { statuses: STATUSES, words: ["common"] }, null, 20);
    expect(page.map((f) => f.lastActivityAt)).toEqual(Array.from({ length: 20 }, (_, i) => 1_999 - i));
    expect((await examined()) - before).toBeLessThan(300);
  });

  test("mongodb: a board page, and a search of a word in every publication, read about a page of feedbacks from the index, not every publication", async () => {
    const db = await freshDatabase();
    const store = createMongoStore(client, db);
    const stored = publishedFeedbacks(3_000);
    await db.collection<{ _id: string }>("feedbacks").insertMany(stored.map((s) => s.feedback));
    await db.collection<{ _id: string }>("publications").insertMany(stored.map((s) => s.publication));
    const examined = async () => (await db.admin().serverStatus()).metrics.queryExecutor.scannedObjects as number;
    let before = await examined();
    const page = await store.listPublished("org", { statuses: STATUSES }, null, 20, "top");
    expect(page.map((p) => p.feedback.votes)).toEqual(Array.from({ length: 20 }, () => 4));
    expect((await examined()) - before).toBeLessThan(100);
    before = await examined();
    expect(await store.listPublished("org", { statuses: STATUSES, words: ["common"] }, null, 20, "new")).toHaveLength(20);
    expect((await examined()) - before).toBeLessThan(1_500);
  });

  test("mongodb: a worker claims a job among thousands due by reading a few from the index, not every due job", async () => {
    const db = await freshDatabase();
    const store = createMongoStore(client, db);
    for (let i = 0; i < 2_000; i++) await store.queueJob({ kind: "notify_followers", orgId: "org", feedbackId: `fb-${i}` }, 1_000 + (i % 10));
    const examined = async () => (await db.admin().serverStatus()).metrics.queryExecutor.scannedObjects as number;
    const before = await examined();
    const claimed = await store.claimJob(5_000, 60_000, "lease-1");
    expect(claimed?.request.kind).toBe("notify_followers");
    expect((await examined()) - before).toBeLessThan(50);
  });

  test("mongodb: a page in severity order, and the page after it, read about a page of feedbacks from the index", async () => {
    const db = await freshDatabase();
    const store = createMongoStore(client, db);
    const severities = ["P0", "P1", "P2", "P3", undefined] as const;
    const feedbacks = Array.from({ length: 2_000 }, (_, i) => {
      const severity = severities[i % 5];
      return { ...storedFeedback(`fb-${String(i).padStart(4, "0")}`, i, severity), urgency: urgencyOf(severity) };
    });
    await db.collection<{ _id: string }>("feedbacks").insertMany(feedbacks);
    const examined = async () => (await db.admin().serverStatus()).metrics.queryExecutor.scannedObjects as number;
    const before = await examined();
    const page = await store.listFeedbacks("org", { statuses: STATUSES }, null, 20, "severity");
    expect(page.map((f) => f.id)).toEqual(Array.from({ length: 20 }, (_, i) => `fb-${String(1_995 - 5 * i).padStart(4, "0")}`));
    const next = await store.listFeedbacks("org", { statuses: STATUSES }, { value: 0, id: page.at(-1)!.id }, 20, "severity");
    expect(next[0]!.id).toBe("fb-1895");
    expect((await examined()) - before).toBeLessThan(200);
  });
}

test("a portal stored before portals kept when they changed counts as changed when the store was upgraded, never in 1970", async () => {
  const { client, db } = mingoDatabase();
  const data = database(client, db);
  await data.collection("portals").insertOne({ _id: "org", slug: "acme", enabled: true, title: "Acme", posting: "review", indexing: false });
  const before = Date.now();
  await upgradeDocuments(data);
  const changedAt = (await createMongoStore(client, db).findPortal("org"))!.changedAt;
  expect(changedAt).toBeGreaterThanOrEqual(before);
  expect(changedAt).toBeLessThanOrEqual(Date.now());
});
