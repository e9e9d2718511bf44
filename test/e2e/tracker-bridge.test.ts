import { afterAll, beforeAll, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { get, patch, post } from "../support/server.ts";
import { waitFor } from "../support/wait.ts";

const SECRET = "bridge-secret";
const received: any[] = [];
let validSignatures = 0;
const bridge = Bun.serve({
  port: 0,
  async fetch(request) {
    const raw = await request.text();
    const [t, v1] = (request.headers.get("service-signature") ?? "").split(",").map((p) => p.split("=")[1]);
    if (createHmac("sha256", SECRET).update(`${t}.${raw}`).digest("hex") === v1) validSignatures++;
    const body = JSON.parse(raw);
    received.push(body);
    if (body.type === "issue.open") return Response.json({ key: "OPS-7", url: "https://tracker.test/OPS-7", status: "todo" });
    if (body.type === "issue.find")
      return body.issue === "OPS-9" ? Response.json({ key: "OPS-9", status: "todo" }) : new Response(null, { status: 404 });
    return Response.json({ key: body.issue, status: body.status === "delivered" ? "done" : "in progress" });
  },
});

let server: Served;
beforeAll(async () => {
  server = await serveInProcess();
  await server.cli(
    "tracker",
    "set",
    "DEMO",
    server.demo.appId,
    "bridge",
    "--project",
    "ops",
    "--url",
    `http://127.0.0.1:${bridge.port}/retour`,
    "--webhook-secret",
    SECRET,
  );
});
afterAll(async () => {
  await server.stop();
  bridge.stop(true);
});

test("a bridge opens the issue and follows status changes, every request signed", async () => {
  const key = (
    await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "problem", message: "Bridge probe: invoices print twice" })
  ).body.ticketId;
  const linked = await post(`${server.url}/v1/feedbacks/${key}/tracker`, {}, { authorization: `Bearer ${server.demo.tokens.admin}` });
  expect(linked.body.trackerIssue).toEqual({
    key: "OPS-7",
    provider: "bridge",
    status: "todo",
    url: "https://tracker.test/OPS-7",
    syncedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });
  await patch(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin, { status: "delivered", comment: "Released" });
  await waitFor(
    "the status to reach the bridge",
    () => received.at(-1)?.type,
    (type) => type === "issue.status",
  );
  expect(received.at(-1)).toEqual({
    type: "issue.status",
    project: "ops",
    issue: "OPS-7",
    status: "delivered",
    comment: "Released",
    commentId: expect.stringMatching(/^\S+$/),
  });
  // The bridge's answer is written once it is back, just after the bridge saw the request.
  await waitFor(
    "the issue's status the bridge answered",
    async () => (await get(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin)).body.trackerIssue.status,
    (status) => status === "done",
  );
  expect(validSignatures).toBe(received.length);
});

test("the bridge's signed changes move the feedback; a bad signature is refused", async () => {
  const key = (
    await post(`${server.url}/v1/reports`, {
      publicKey: server.demo.publicKey,
      kind: "problem",
      message: "Bridge probe: dates shown in the wrong zone",
    })
  ).body.ticketId;
  expect(await server.cli("tracker", "link", "DEMO", key, "OPS-9")).toContain("OPS-9");
  const send = (secret: string, payload: unknown) => {
    const raw = JSON.stringify(payload);
    const t = Math.floor(Date.now() / 1000);
    return fetch(`${server.url}/integrations/bridge/webhook`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "service-signature": `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${raw}`).digest("hex")}`,
      },
      body: raw,
    });
  };
  expect((await send("wrong", { project: "ops", issue: "OPS-9", status: "fixed" })).status).toBe(401);
  const moved = await send(SECRET, { project: "ops", issue: "OPS-9", status: "fixed" });
  expect(moved.status).toBe(202);
  expect((await get(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin)).body.status).toBe("fixed");
});
