import { Database } from "bun:sqlite";
import { join } from "node:path";
import { distinctText } from "../support/distinct.ts";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { get, patch, post } from "../support/server.ts";
import { eventually, Receiver } from "../support/receiver.ts";
import { waitFor } from "../support/wait.ts";

let server: Served;
let db: Database;
const receiver = new Receiver();

beforeAll(async () => {
  receiver.start();
  server = await serveInProcess({ env: { WEBHOOKS_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_SCHEDULE: "1s,1s,1s,1s,1s,1s,1s" } });
  db = new Database(join(server.dataDir, "retour.sqlite"), { readonly: true });
});
afterAll(async () => {
  db.close();
  receiver.stop();
  await server.stop();
});

/** Waits until no delivery is left to make: what arrived by then is all that will arrive. */
const deliveriesDone = () =>
  waitFor(
    "every delivery to be made",
    () => (db.query("SELECT count(*) AS n FROM deliveries WHERE state = 'pending'").get() as { n: number }).n,
    (n) => n === 0,
  );
/**
 * Waits until a failed attempt is put back in the queue, then moves the clock past its retry
 * (the schedule's one second): the retry is made at once instead of a second later.
 */
const retryNow = async () => {
  await waitFor(
    "a failed attempt to be put back in the queue",
    () =>
      (db.query("SELECT count(*) AS n FROM deliveries WHERE state = 'pending' AND attempt >= 1 AND lease_token IS NULL").get() as { n: number }).n,
    (n) => n >= 1,
  );
  server.advanceClock(1_000);
};

const admin = () => server.demo.tokens.admin;
async function createHook(url = receiver.url, events = ["feedback.created", "feedback.status_changed", "feedback.shipped"]) {
  const res = await post(`${server.url}/v1/webhooks`, { url, events }, { authorization: `Bearer ${admin()}` });
  return res;
}
// One subject per probe: the background grouping must not merge them together.
const PROBES = Array.from({ length: 6 }, (_, i) => distinctText(i));
const report = async (message: string) =>
  (await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "problem", message })).body.ticketId as string;
const forKey = (key: string) => receiver.received.filter((r) => r.body.data?.feedback?.key === key);

describe("signed webhooks, end to end", () => {
  let hookId: string;

  test("creation returns the secret once; listing never shows it", async () => {
    const created = await createHook();
    expect(created.status).toBe(201);
    expect(created.body.secret).toStartWith("whsec_");
    receiver.secrets = [created.body.secret];
    hookId = created.body.id;
    const listed = await get(`${server.url}/v1/webhooks`, admin());
    expect(listed.body.data[0]).toEqual({
      id: hookId,
      url: receiver.url,
      events: ["feedback.created", "feedback.status_changed", "feedback.shipped"],
      createdAt: created.body.createdAt,
      lastDelivery: null,
    });
    expect(JSON.stringify(listed.body)).not.toContain("whsec_");
  });

  test("the three events arrive signed, with the headers and bodies of the specification", async () => {
    const key = await report(PROBES[0]!);
    await patch(`${server.url}/v1/feedbacks/${key}`, admin(), { status: "fixed" });
    await patch(`${server.url}/v1/feedbacks/${key}`, admin(), { status: "delivered" });
    const got = await eventually(
      () => forKey(key),
      (r) => r.length >= 4,
    );
    const types = got.map((r) => r.body.type).sort();
    expect(types).toEqual(["feedback.created", "feedback.shipped", "feedback.status_changed", "feedback.status_changed"]);
    for (const r of got) {
      expect(r.validFor).toEqual(receiver.secrets);
      expect(r.headers["service-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(r.headers["service-event"]).toBe(r.body.type);
      expect(r.headers["service-delivery"]).toBeTruthy();
      expect(r.headers["user-agent"]).toStartWith("Retour-Webhooks/1");
      expect(r.headers["content-type"]).toBe("application/json");
      expect(r.body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(r.body.data.feedback).toMatchObject({ key, kind: "problem", reports: 1 });
    }
    expect("previousStatus" in got.find((r) => r.body.type === "feedback.created")!.body.data).toBe(false);
    const shipped = got.find((r) => r.body.type === "feedback.shipped")!.body;
    expect(shipped.data.previousStatus).toBe("fixed");
    // data.feedback is read at the moment of sending.
    expect(shipped.data.feedback.status).toBe("delivered");
    expect(new Set(got.map((r) => r.headers["service-delivery"])).size).toBe(got.length);
  });

  test("a 500 is retried with the same event id and a new delivery id; the last delivery is visible", async () => {
    receiver.answer = (_body, count) => (count === 1 ? 500 : 200);
    const key = await report(PROBES[1]!);
    await retryNow();
    const got = await eventually(
      () => forKey(key),
      (r) => r.length >= 2,
    );
    receiver.answer = () => 200;
    expect(got.map((r) => r.body.id)).toEqual([got[0]!.body.id, got[0]!.body.id]);
    expect(got[0]!.headers["service-delivery"]).not.toBe(got[1]!.headers["service-delivery"]);
    await deliveriesDone();
    expect(forKey(key).length).toBe(2);
    const listed = await get(`${server.url}/v1/webhooks`, admin());
    expect(listed.body.data[0].lastDelivery).toMatchObject({ status: 200, error: null });
  });

  test("a receiver that is down for a while still gets the event once it is back", async () => {
    receiver.stop();
    const key = await report(PROBES[2]!);
    const listed = await waitFor(
      "a failed attempt to be recorded",
      () => get(`${server.url}/v1/webhooks`, admin()),
      (r) => r.body.data[0].lastDelivery?.status === null,
    );
    expect(listed.body.data[0].lastDelivery.status).toBeNull();
    expect(listed.body.data[0].lastDelivery.error).toContain("connection refused by 127.0.0.1:");
    receiver.start(receiver.port);
    await retryNow();
    const got = await eventually(
      () => forKey(key),
      (r) => r.length >= 1,
    );
    expect(got.length).toBe(1);
  });

  test("a server restart between attempts loses nothing, and each attempt happens once", async () => {
    let attempts = 0;
    receiver.answer = (body) => {
      if (body.data?.feedback?.title === PROBES[3]!) attempts++;
      return attempts <= 1 ? 503 : 200;
    };
    const key = await report(PROBES[3]!);
    await eventually(
      () => forKey(key),
      (r) => r.length >= 1,
    );
    await server.restart();
    await retryNow();
    const got = await eventually(
      () => forKey(key),
      (r) => r.some((x) => x.body.type === "feedback.created") && r.length >= 2,
    );
    receiver.answer = () => 200;
    await deliveriesDone();
    expect(forKey(key).length).toBe(2);
    expect(new Set(got.map((r) => r.body.id)).size).toBe(1);
  });

  test("a test event can be sent, and answers with the result", async () => {
    const res = await post(`${server.url}/v1/webhooks/${hookId}/test`, {}, { authorization: `Bearer ${admin()}` });
    expect(res.body).toMatchObject({ status: 200, error: null });
    const test = await eventually(
      () => receiver.of("webhook.test"),
      (r) => r.length === 1,
    );
    expect(test[0]!.validFor.length).toBe(1);
  });

  test("after a rotation both signatures are sent, and a receiver with either secret accepts", async () => {
    const old = receiver.secrets[0]!;
    const rotated = await post(`${server.url}/v1/webhooks/${hookId}/rotate-secret`, {}, { authorization: `Bearer ${admin()}` });
    expect(rotated.body.secret).not.toBe(old);
    receiver.secrets = [old, rotated.body.secret];
    const key = await report(PROBES[4]!);
    const [got] = await eventually(
      () => forKey(key),
      (r) => r.length >= 1,
    );
    expect(got!.headers["service-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(got!.validFor).toEqual([old, rotated.body.secret]);
  });

  test("only subscribed events are sent", async () => {
    await post(
      `${server.url}/v1/webhooks`,
      { url: `${receiver.url}?only=shipped`, events: ["feedback.shipped"] },
      { authorization: `Bearer ${admin()}` },
    );
    const key = await report(PROBES[5]!);
    await patch(`${server.url}/v1/feedbacks/${key}`, admin(), { status: "delivered" });
    await eventually(
      () => forKey(key),
      (r) => r.length >= 4,
    );
    await deliveriesDone();
    const toFiltered = forKey(key).filter((r) => r.target === "/hooks?only=shipped");
    expect(toFiltered.map((r) => r.body.type)).toEqual(["feedback.shipped"]);
    expect(forKey(key).filter((r) => r.target === "/hooks").length).toBe(3);
  });

  test("feedback.merged and feedback.unmerged arrive signed, naming the other feedback, only to webhooks that subscribe to them", async () => {
    const hook = await post(
      `${server.url}/v1/webhooks`,
      { url: `${receiver.url}?only=merges`, events: ["feedback.merged", "feedback.unmerged"] },
      { authorization: `Bearer ${admin()}` },
    );
    receiver.secrets = [...receiver.secrets, hook.body.secret];
    const [kept, mergedAway] = [await report(distinctText(6)), await report(distinctText(7))];
    const member = { authorization: `Bearer ${server.demo.tokens.member}` };
    expect((await post(`${server.url}/v1/feedbacks/${mergedAway}/merge`, { into: kept }, member)).status).toBe(200);
    expect((await post(`${server.url}/v1/feedbacks/${mergedAway}/unmerge`, {}, member)).status).toBe(200);
    const merges = await eventually(
      () => receiver.received.filter((r) => r.target === "/hooks?only=merges" && [kept, mergedAway].includes(r.body.data?.feedback?.key)),
      (r) => r.length >= 2,
    );
    await deliveriesDone();
    const merged = merges.find((r) => r.body.type === "feedback.merged")!;
    const unmerged = merges.find((r) => r.body.type === "feedback.unmerged")!;
    // Its body is the feedback as it is when delivered: before or after the unmerge, so 2 or 1 reports.
    expect(merged.body.data).toMatchObject({ feedback: { key: kept }, merged: { key: mergedAway } });
    expect(unmerged.body.data).toMatchObject({ feedback: { key: mergedAway, reports: 1 }, unmergedFrom: { key: kept } });
    for (const r of [merged, unmerged]) {
      expect(r.validFor).toEqual([hook.body.secret]);
      expect(r.headers["service-event"]).toBe(r.body.type);
    }
    // Additive: the webhooks that did not ask for them get neither, and this one gets nothing else.
    expect(
      receiver.received
        .filter((r) => r.target === "/hooks?only=merges")
        .map((r) => r.body.type)
        .sort(),
    ).toEqual(["feedback.merged", "feedback.unmerged"]);
    expect(receiver.received.filter((r) => r.target !== "/hooks?only=merges" && r.body.type.startsWith("feedback.unmerged"))).toEqual([]);
    expect(receiver.received.filter((r) => r.target !== "/hooks?only=merges" && r.body.type === "feedback.merged")).toEqual([]);
  });
});
