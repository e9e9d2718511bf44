import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { distinctText } from "../support/distinct.ts";
import { eventually, Receiver } from "../support/receiver.ts";
import { get, post, startServer, type TestServer } from "../support/server.ts";
import { waitFor } from "../support/wait.ts";

/**
 * Two server processes on one store, each running its own job and delivery workers, behave as one
 * service: on SQLite in WAL mode always, and on MongoDB when MONGODB_URI is set (a fresh database).
 */
const BUDGET = 30;
const mongodbUri = process.env.MONGODB_URI;

/** Counts the webhook deliveries still to be made (pending, or leased to a worker), read from the store itself. */
type PendingDeliveries = (server: TestServer) => Promise<number>;

const sqlitePending: PendingDeliveries = async (server) => {
  const db = new Database(join(server.dataDir, "retour.sqlite"), { readonly: true });
  try {
    return (db.query("SELECT count(*) AS n FROM deliveries WHERE state = 'pending'").get() as { n: number }).n;
  } finally {
    db.close();
  }
};

const mongodbPending =
  (uri: string): PendingDeliveries =>
  async () => {
    const { MongoClient } = await import("mongodb");
    const client = await MongoClient.connect(uri);
    try {
      return await client.db().collection("deliveries").countDocuments({ state: "pending" });
    } finally {
      await client.close();
    }
  };

const mongodbTest = mongodbUri && withDatabase(mongodbUri, `retour_processes_${Date.now()}`);
const STORES: ReadonlyArray<readonly [string, Record<string, string>, PendingDeliveries]> = [
  ["SQLite (WAL)", {}, sqlitePending],
  ...(mongodbTest ? [["MongoDB", { STORE: "mongodb", MONGODB_URI: mongodbTest }, mongodbPending(mongodbTest)] as const] : []),
];

for (const [label, storeEnv, pendingDeliveries] of STORES) {
  let one: TestServer;
  let two: { url: string; stop(): Promise<void> };
  const receiver = new Receiver();

  const report = (base: string, message: string, headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) =>
    post(`${base}/v1/reports`, { publicKey: one.demo.publicKey, kind: "problem", message, ...extra }, headers);

  describe(`two server processes on one store: ${label}`, () => {
    beforeAll(async () => {
      receiver.start();
      one = await startServer({
        ...storeEnv,
        RATE_LIMIT_REPORTS_PER_MINUTE: String(BUDGET),
        WEBHOOKS_ALLOW_PRIVATE: "true",
        WEBHOOK_RETRY_SCHEDULE: "1s,1s,1s",
      });
      two = await one.peer();
      const hook = await post(
        `${one.url}/v1/webhooks`,
        { url: receiver.url, events: ["feedback.created"] },
        { authorization: `Bearer ${one.demo.tokens.admin}` },
      );
      receiver.secrets.push(hook.body.secret);
    });
    afterAll(async () => {
      await two?.stop();
      await one?.stop();
      receiver.stop();
    });

    test("an idempotency key sent to one process is replayed by the other, with no duplicate", async () => {
      one.startFreshMinute();
      const headers = { "idempotency-key": "two-processes-1" };
      const first = await report(one.url, distinctText(20), headers);
      const second = await report(two.url, distinctText(20), headers);
      expect(first.status).toBe(201);
      expect([second.status, second.headers.get("idempotent-replayed"), second.body.ticketId]).toEqual([201, "true", first.body.ticketId]);
    });

    test("of two concurrent requests with one key, one records and the other is in progress or replayed", async () => {
      one.startFreshMinute();
      const headers = { "idempotency-key": "two-processes-2" };
      const [a, b] = await Promise.all([report(one.url, distinctText(21), headers), report(two.url, distinctText(21), headers)]);
      const statuses = [a.status, b.status].sort();
      expect([
        [201, 201],
        [201, 409],
      ]).toContainEqual(statuses);
      const tickets = new Set([a, b].filter((r) => r.status === 201).map((r) => r.body.ticketId));
      expect(tickets.size).toBe(1);
    });

    test("a qualification started on one process is answered on the other", async () => {
      one.startFreshMinute();
      const started = await report(one.url, "Search is broken", {}, { qualify: true });
      expect(started.body.status).toBe("ask");
      const answered = await post(`${two.url}/v1/reports/${started.body.id}/answers`, {
        publicKey: one.demo.publicKey,
        text: "Searching for any word in the orders list shows no results at all since this morning",
      });
      expect([200, 201]).toContain(answered.status);
    });

    test("a report grouped with an older one is merged once, whichever process runs the job", async () => {
      one.startFreshMinute();
      const first = await report(one.url, "Exporting the monthly statement to PDF crashes the app");
      const second = await report(two.url, "The app crashes when exporting the monthly statement to PDF");
      // Which is merged into which is the older's: two reports of one millisecond, one on each
      // process, are told apart by their ids, so either may hold both. Both keys then lead to it.
      const [mergedAway] = await waitFor(
        `${second.body.ticketId} and ${first.body.ticketId} to be merged`,
        () => Promise.all([first, second].map(async (r) => (await get(`${two.url}/v1/feedbacks/${r.body.ticketId}`, one.demo.tokens.admin)).body)),
        ([a, b]) => a.key === b.key,
        // Two servers' workers beside a busy suite: once seen at 10.7 s, in about 25 full runs.
        20_000,
      );
      expect([mergedAway.reports, mergedAway.reportList.length]).toEqual([2, 2]);
    });

    test("every event is delivered once to the webhook, though both processes run delivery workers", async () => {
      one.startFreshMinute();
      const tickets: string[] = [];
      // One subject each: grouping must not merge them, or an event would name the feedback that absorbed its own.
      for (let i = 0; i < 12; i++) tickets.push((await report(i % 2 ? one.url : two.url, distinctText(i))).body.ticketId);
      const keys = () => receiver.of("feedback.created").map((r) => r.body.data.feedback.key);
      await eventually(keys, (k) => tickets.every((t) => k.includes(t)), 15_000);
      // Once no delivery is left to make, no process can send again: what arrived is all that ever will.
      await waitFor(
        "every delivery to be made",
        () => pendingDeliveries(one),
        (n) => n === 0,
        15_000,
      );
      // This test's events only: moving the test clock to a fresh minute can outrun the lease of an
      // earlier test's delivery still in flight, which is then rightly attempted again.
      const ids = receiver
        .of("feedback.created")
        .filter((r) => tickets.includes(r.body.data.feedback.key))
        .map((r) => r.body.id);
      expect(ids.length).toBe(tickets.length);
      expect(new Set(ids).size).toBe(tickets.length);
    });

    test("one rate-limit budget per IP across both processes", async () => {
      // The limit slides over the last minute: start after a minute without the earlier tests' reports.
      one.advanceClock(60_000);
      one.startFreshMinute();
      const results = await Promise.all(
        Array.from({ length: BUDGET + 10 }, (_, i) => report(i % 2 ? one.url : two.url, `Rate probe number ${i}`).then((r) => r.status)),
      );
      expect(results.filter((s) => s === 201).length).toBe(BUDGET);
      expect(results.filter((s) => s === 429).length).toBe(10);
    });
  });
}

/** The same deployment, another database name. */
function withDatabase(uri: string, name: string): string {
  const url = new URL(uri);
  url.pathname = `/${name}`;
  return url.toString();
}
