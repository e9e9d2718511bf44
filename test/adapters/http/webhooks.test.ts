import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { hostname } from "node:os";
import { deliverNext } from "../../../core/webhooks/deliver-next.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";
import { Receiver } from "../../support/receiver.ts";

// Deliveries to a real receiver are tested end to end (test/e2e/webhooks.test.ts, on a schedule of
// seconds); these are the routes' rules, and the specification's own schedule under the test clock.
describe("webhook management", () => {
  let http: InProcess;
  beforeAll(async () => {
    http = await inProcess({ env: { WEBHOOKS_ALLOW_PRIVATE: "true" } });
  });
  afterAll(() => http.close());

  const RECEIVER = "http://127.0.0.1:9/hooks";
  const admin = () => http.demo.tokens.admin;
  const createHook = (url = RECEIVER, events = ["feedback.created", "feedback.status_changed", "feedback.shipped"]) =>
    http.request("POST", "/v1/webhooks", { body: { url, events }, token: admin() });

  test("at most 5 webhooks per organization: 409 webhook_limit_reached", async () => {
    const existing = (await http.request("GET", "/v1/webhooks", { token: admin() })).body.data.length;
    for (let i = existing; i < 5; i++) expect((await createHook(`${RECEIVER}?n=${i}`)).status).toBe(201);
    const sixth = await createHook(`${RECEIVER}?n=6`);
    expect([sixth.status, sixth.body.code]).toEqual([409, "webhook_limit_reached"]);
  });

  test("a webhook is deleted, and then 404 not_found", async () => {
    const id = (await http.request("GET", "/v1/webhooks", { token: admin() })).body.data.at(-1).id;
    expect((await http.request("DELETE", `/v1/webhooks/${id}`, { token: admin() })).status).toBe(204);
    const again = await http.request("DELETE", `/v1/webhooks/${id}`, { token: admin() });
    expect([again.status, again.body]).toEqual([404, { error: expect.any(String), code: "not_found" }]);
  });

  test("unknown events are invalid_webhook, which names the events' rule and the event at fault, not the address's rule", async () => {
    const res = await createHook(RECEIVER, ["feedback.deleted"]);
    expect([res.status, res.body.code]).toEqual([400, "invalid_webhook"]);
    expect(res.body.error).toStartWith("A webhook subscribes to one or more of the events Retour sends. events.0: expected one of feedback.created,");
    expect(res.body.error).not.toContain("https");
  });

  test("no event at all is invalid_webhook, saying a list of at least one is expected", async () => {
    const res = await createHook(RECEIVER, []);
    expect([res.status, res.body.code]).toEqual([400, "invalid_webhook"]);
    expect(res.body.error).toEndWith("events: expected a list of at least one item.");
  });

  test("reserved to Admins: a Member is forbidden, whatever their token holds", async () => {
    const res = await http.request("GET", "/v1/webhooks", { token: http.demo.tokens.member });
    expect([res.status, res.body.code]).toEqual([403, "forbidden"]);
  });
});

describe("webhook addresses when private addresses are not allowed", () => {
  let strict: InProcess;
  beforeAll(async () => {
    strict = await inProcess();
  });
  afterAll(() => strict.close());

  test("every refused class is refused when saved: 400 invalid_webhook", async () => {
    const refused = [
      "http://hooks.example.com/x",
      "https://127.0.0.1/x",
      "https://localhost/x",
      `https://${hostname()}/x`,
      "https://10.0.0.8/x",
      "https://172.20.1.1/x",
      "https://192.168.0.10/x",
      "https://169.254.169.254/latest",
      "https://100.64.1.1/x",
      "https://224.0.0.251/x",
      "https://[::1]/x",
      "https://[fd00::1]/x",
      "https://[fe80::1]/x",
      "https://[::ffff:127.0.0.1]/x",
    ];
    for (const url of refused) {
      const res = await strict.request("POST", "/v1/webhooks", { body: { url, events: ["feedback.created"] }, token: strict.demo.tokens.admin });
      expect({ url, status: res.status, code: res.body.code }).toEqual({ url, status: 400, code: "invalid_webhook" });
    }
  });
});

describe("retries on the specification's schedule", () => {
  let http: InProcess;
  const receiver = new Receiver();
  beforeAll(async () => {
    receiver.start();
    http = await inProcess({ env: { WEBHOOKS_ALLOW_PRIVATE: "true" } });
  });
  afterAll(() => {
    receiver.stop();
    http.close();
  });

  /** What the server's worker does on each turn: sends the next due delivery, if one is due; how many requests the receiver has had after it. */
  const workerTurn = async () => {
    const claimed = await deliverNext(http.services, http.services.webhooks);
    await claimed?.delivered;
    return receiver.received.length;
  };

  test("without a 2xx, the event is sent again after 1 min, 5 min, 30 min, 2 h, 6 h, 12 h and 24 h, then given up", async () => {
    receiver.answer = () => 500;
    const created = await http.request("POST", "/v1/webhooks", {
      body: { url: receiver.url, events: ["feedback.created"] },
      token: http.demo.tokens.admin,
    });
    expect(created.status).toBe(201);
    const report = { publicKey: http.demo.publicKey, kind: "problem", message: "The receipts page is blank" };
    expect((await http.request("POST", "/v1/reports", { body: report })).status).toBe(201);
    expect(await workerTurn()).toBe(1);
    for (const [i, minutes] of [1, 5, 30, 120, 360, 720, 1440].entries()) {
      http.advanceClock(minutes * 60_000 - 1_000);
      expect({ minutes, sent: await workerTurn() }).toEqual({ minutes, sent: i + 1 });
      http.advanceClock(1_000);
      expect({ minutes, sent: await workerTurn() }).toEqual({ minutes, sent: i + 2 });
    }
    http.advanceClock(7 * 24 * 60 * 60_000);
    expect(await workerTurn()).toBe(8);
    expect(new Set(receiver.received.map((r) => r.body.id)).size).toBe(1);
    const listed = await http.request("GET", "/v1/webhooks", { token: http.demo.tokens.admin });
    expect(listed.body.data[0].lastDelivery).toMatchObject({ status: 500 });
  });
});
