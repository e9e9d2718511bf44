import { afterAll, beforeAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { Receiver } from "../support/receiver.ts";
import { get, post, startServer, type TestServer } from "../support/server.ts";
import { waitFor } from "../support/wait.ts";

/**
 * The server is killed with SIGKILL at random moments under concurrent ingest with idempotency
 * keys, started again, and every request cut off is retried with its key and body. Then the books
 * must balance: every 201 ever answered is stored, no key has two feedbacks, and every
 * `feedback.created` event reaches the receiver (a repeat only with the same event id).
 */

const CRASHES = 6;
const SENDERS = 12;

let server: TestServer;
const receiver = new Receiver();

beforeAll(async () => {
  receiver.start();
  server = await startServer({ WEBHOOKS_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_SCHEDULE: "1s,1s,1s,1s,1s,1s,1s" });
  const hook = await post(
    `${server.url}/v1/webhooks`,
    { url: receiver.url, events: ["feedback.created"] },
    { authorization: `Bearer ${server.demo.tokens.admin}` },
  );
  expect(hook.status).toBe(201);
});
afterAll(async () => {
  receiver.stop();
  await server.stop();
});

interface Sent {
  readonly key: string;
  readonly body: Record<string, unknown>;
}

const body = (n: number) => ({ publicKey: server.demo.publicKey, kind: "problem", message: `Crash probe ${n}: the export stalls on page ${n * 7}` });

/** Sends one request; a request cut off by the crash (no answer, or 409 while it may still run) comes back as null. */
async function send(sent: Sent): Promise<{ ticketId: string; replayed: boolean } | null> {
  try {
    const res = await post(`${server.url}/v1/reports`, sent.body, { "idempotency-key": sent.key });
    if (res.status === 201) return { ticketId: res.body.ticketId, replayed: res.headers.get("idempotent-replayed") === "true" };
    if (res.status === 409 && res.body.code === "idempotency_in_progress") return null;
    throw new Error(`unexpected ${res.status} ${JSON.stringify(res.body)}`);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("unexpected")) throw error;
    return null;
  }
}

test("killed at random moments under idempotent ingest, the service loses no answered report, makes no duplicate and delivers every event", async () => {
  // Every ticket each key was answered with, in order: checked once everything is sent.
  const answers = new Map<string, string[]>();
  const cutOff: Sent[] = [];
  let n = 0;
  const remember = (sent: Sent, got: { ticketId: string } | null) => {
    if (!got) return cutOff.push(sent);
    answers.set(sent.key, [...(answers.get(sent.key) ?? []), got.ticketId]);
  };

  for (let crash = 0; crash < CRASHES; crash++) {
    let running = true;
    const senders = Array.from({ length: SENDERS }, async () => {
      while (running) {
        const sent = { key: `crash-${++n}`, body: body(n) };
        const got = await send(sent);
        remember(sent, got);
        if (!got) return;
      }
    });
    // The crash comes while ingest is under way, every sender with a request in flight: after a
    // random number of answers in this round. Counted in answers rather than in time, the rounds
    // stay as long as the service gets faster (a random 300 ms had grown to 2,500 reports).
    const before = answers.size;
    const crashAfter = SENDERS + Math.floor(Math.random() * 10 * SENDERS);
    await waitFor(
      "answers before the crash",
      () => answers.size,
      (size) => size >= before + crashAfter,
    );
    await server.kill();
    running = false;
    await Promise.all(senders);
    await server.restart();
    // Every request cut off is sent again with its key and body until it is answered, as its sender would, all at once.
    await Promise.all(
      cutOff.splice(0).map(async (sent) => {
        const got = await waitFor(
          `an answer to ${sent.key}`,
          () => send(sent),
          (r) => r !== null,
        );
        remember(sent, got);
      }),
    );
  }
  expect(n).toBeGreaterThan(CRASHES * SENDERS);

  // A sample of requests answered before a crash is sent again after it: each is a replay.
  const sample = [...answers.keys()].filter((_, i) => i % 25 === 0);
  const replays: Array<boolean | undefined> = [];
  for (const key of sample) {
    const sent = { key, body: body(Number(key.slice("crash-".length))) };
    const replayed = await send(sent);
    replays.push(replayed?.replayed);
    remember(sent, replayed);
  }
  expect(replays).toEqual(sample.map(() => true));

  // Every key was answered, always with one ticket (the sample twice, with the same one).
  expect(answers.size).toBe(n);
  expect([...answers].filter(([, got]) => new Set(got).size !== 1)).toEqual([]);
  expect(sample.map((key) => answers.get(key)!.length)).toEqual(sample.map(() => 2));
  // One feedback per key: as many distinct tickets as keys.
  const tickets = new Set([...answers.values()].map(([ticket]) => ticket!));
  expect(tickets.size).toBe(n);
  // A hundred of them read back (the API budget of a token is 600 a minute).
  const step = Math.ceil(tickets.size / 100);
  for (const ticket of [...tickets].filter((_, i) => i % step === 0)) {
    expect((await get(`${server.url}/v1/feedbacks/${ticket}`, server.demo.tokens.admin)).status).toBe(200);
  }

  // The store holds exactly one feedback per key.
  const db = new Database(join(server.dataDir, "retour.sqlite"), { readonly: true });
  expect((db.query("SELECT count(*) AS n FROM feedbacks").get() as { n: number }).n).toBe(n);
  db.close();

  // Deliveries leased by a killed process are taken up once their lease runs out: move the clock past it.
  server.advanceClock(60_000);
  const eventIds = () => new Set(receiver.of("feedback.created").map((r) => r.body.id as string));
  await waitFor(
    "one feedback.created event per feedback",
    () => eventIds().size,
    (count) => count >= n,
    30_000,
  );
  expect(eventIds().size).toBe(n);
  // Every event names the feedback it was made for, grouped into another since or not: one of the tickets answered.
  expect(receiver.of("feedback.created").filter((r) => !tickets.has(r.body.data.feedback.key))).toEqual([]);
}, 60_000);
