import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { gzipSync } from "node:zlib";
import { operatorGrant } from "../../../core/authorization.ts";
import { issueToken } from "../../../core/tokens/issue-token.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";

/** The demo app allows its widget on a local development server's origin, and records replays (Enterprise plan). */
const ORIGIN = "http://localhost:5173";
const png = (mark: number) => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, mark]).toString("base64");
const replay = (href: string) => gzipSync(JSON.stringify([{ type: 4, data: { href }, timestamp: 1 }])).toString("base64");

let http: InProcess;
let now = Date.UTC(2026, 10, 25, 9);
beforeAll(async () => {
  http = await inProcess({ with: { clock: () => now } });
});
afterAll(() => http.close());

/** A widget report from a screen `width` pixels wide, with a screenshot marked `mark` and a replay, a second later than the last. */
async function widgetReport(message: string, width: number, mark: number): Promise<string> {
  now += 1_000;
  const context = {
    page: { url: `${ORIGIN}/cart`, title: `Cart at ${width}` },
    browser: { name: "Chrome", version: "131" },
    screen: { width, height: 800, pixelRatio: 1, viewportWidth: width, viewportHeight: 700 },
    console: [{ level: "error", message: `error at ${width}`, at: now }],
    network: [{ method: "POST", url: `${ORIGIN}/api/pay`, status: 500 + mark, durationMs: 10, at: now }],
  };
  const attachments = [
    { kind: "screenshot", contentType: "image/png", data: png(mark) },
    { kind: "replay", contentType: "application/gzip", data: replay(`${ORIGIN}/${width}`) },
  ];
  const reply = await http.request("POST", "/v1/widget/reports", {
    body: { publicKey: http.demo.widgetKey, kind: "problem", message, context, attachments },
    headers: { origin: ORIGIN },
  });
  expect(reply.status).toBe(201);
  return reply.body.ticketId;
}

const read = (path: string, token = http.demo.tokens.reader) => http.request("GET", path, { token });
const write = (path: string, body?: unknown) => http.request("POST", path, { token: http.demo.tokens.member, ...(body !== undefined && { body }) });
/** What a signed link opens, through the application, read as text (as the test client reads every body). */
async function opened(link: { url: string }): Promise<string> {
  const url = new URL(link.url);
  const reply = await http.request("GET", url.pathname + url.search);
  expect(reply.status).toBe(200);
  return reply.body;
}
/** The mark a test screenshot ends with. */
const screenshotMark = async (context: { screenshot: { url: string } }) => (await opened(context.screenshot)).charCodeAt(8);
/** A replay as the test client reads it back. */
const replayText = (href: string) => Buffer.from(replay(href), "base64").toString();

/** Two widget reports grouped into one feedback: one at 1280 px, then one at 390 px, each with its screenshot and replay. */
async function grouped(): Promise<{ key: string; wide: string; narrow: string; narrowKey: string }> {
  const key = await widgetReport("The pay button does nothing on the cart", 1280, 1);
  const narrowKey = await widgetReport("Pay does nothing on my phone", 390, 2);
  const merged = await write(`/v1/feedbacks/${narrowKey}/merge`, { into: key });
  expect(merged.status).toBe(200);
  const [wide, narrow] = (merged.body.reportList as Array<{ id: string }>).map((r) => r.id) as [string, string];
  return { key, wide, narrow, narrowKey };
}

describe("each report keeps its own captured context", () => {
  test("fullContext takes every browser member from one report, the latest with any, and names it in reportId", async () => {
    const { key, narrow } = await grouped();
    const { fullContext } = (await read(`/v1/feedbacks/${key}`)).body;
    expect(await screenshotMark(fullContext)).toBe(2);
    expect(fullContext.screen.width).toBe(390);
    expect(fullContext.page.title).toBe("Cart at 390");
    expect(fullContext.console.map((c: { message: string }) => c.message)).toEqual(["error at 390"]);
    expect(fullContext.network.map((n: { status: number }) => n.status)).toEqual([502]);
    expect(fullContext.reportId).toBe(narrow);
    expect(await opened(fullContext.replay)).toEqual(replayText(`${ORIGIN}/390`));
  });

  test("GET …/reports/{reportId} gives the other report with its own context: its screen, its screenshot and its replay", async () => {
    const { key, wide } = await grouped();
    const reply = await read(`/v1/feedbacks/${key}/reports/${wide}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: wide, source: "widget", text: "The pay button does nothing on the cart" });
    expect(Object.keys(reply.body).sort()).toEqual(["at", "context", "id", "source", "text"]);
    const { context } = reply.body;
    expect([context.screen.width, context.page.title, context.console[0].message, context.network[0].status]).toEqual([
      1280,
      "Cart at 1280",
      "error at 1280",
      501,
    ]);
    expect(context.reportId).toBeUndefined();
    expect(await screenshotMark(context)).toBe(1);
    expect(await opened(context.replay)).toEqual(replayText(`${ORIGIN}/1280`));
  });

  test("a report split out takes its context along: the new feedback shows its screenshot and replay, the other keeps its own", async () => {
    const { key, wide, narrow } = await grouped();
    const split = await write(`/v1/feedbacks/${key}/reports/${narrow}/split`);
    expect(split.status).toBe(201);
    const { fullContext: moved } = split.body;
    expect(moved.screenshot).toBeDefined();
    expect(await screenshotMark(moved)).toBe(2);
    expect([moved.reportId, moved.screen.width]).toEqual([narrow, 390]);
    expect(await opened(moved.replay)).toEqual(replayText(`${ORIGIN}/390`));
    const { fullContext: kept } = (await read(`/v1/feedbacks/${key}`)).body;
    expect([kept.reportId, kept.screen.width]).toEqual([wide, 1280]);
    expect(await screenshotMark(kept)).toBe(1);
  });

  test("an unmerge gives each feedback back its own report's context", async () => {
    const { key, wide, narrow, narrowKey } = await grouped();
    expect((await write(`/v1/feedbacks/${narrowKey}/unmerge`)).status).toBe(200);
    const [back, kept] = await Promise.all([read(`/v1/feedbacks/${narrowKey}`), read(`/v1/feedbacks/${key}`)]);
    expect([back.body.fullContext.reportId, await screenshotMark(back.body.fullContext)]).toEqual([narrow, 2]);
    expect([kept.body.fullContext.reportId, await screenshotMark(kept.body.fullContext)]).toEqual([wide, 1]);
  });

  test("a merged key reads the report in the feedback that holds it", async () => {
    const { narrow, narrowKey } = await grouped();
    const reply = await read(`/v1/feedbacks/${narrowKey}/reports/${narrow}`);
    expect([reply.status, reply.body.id, reply.body.context.screen.width]).toEqual([200, narrow, 390]);
  });
});

test("on the free plan a report's context is null, as the feedback's fullContext", async () => {
  const free = await inProcess();
  try {
    const sent = await free.request("POST", "/v1/reports", { body: { publicKey: free.demo.publicKey, kind: "problem", message: "Search is slow" } });
    await free.services.store.setPlan(free.demo.orgId, "free", null);
    const feedback = (await free.request("GET", `/v1/feedbacks/${sent.body.ticketId}`, { token: free.demo.tokens.reader })).body;
    const reply = await free.request("GET", `/v1/feedbacks/${feedback.key}/reports/${feedback.reportList[0].id}`, { token: free.demo.tokens.reader });
    expect([feedback.fullContext, reply.status, reply.body.context]).toEqual([null, 200, null]);
  } finally {
    free.close();
  }
});

describe("GET /v1/feedbacks/{key}/reports/{reportId} refusals", () => {
  test("401 without a token, 403 insufficient_scope without feedbacks:read", async () => {
    const key = await widgetReport("Checkout total is wrong", 1024, 3);
    const { id } = (await read(`/v1/feedbacks/${key}`)).body.reportList[0];
    const anonymous = await http.request("GET", `/v1/feedbacks/${key}/reports/${id}`);
    expect([anonymous.status, anonymous.body.code]).toEqual([401, "unauthorized"]);
    const issued = await issueToken(http.services, operatorGrant(http.demo.orgId), {
      email: "admin@demo.test",
      scopes: ["reports:write"],
      label: "no read",
    });
    if (!issued.ok) throw new Error(issued.code);
    const unscoped = await read(`/v1/feedbacks/${key}/reports/${id}`, issued.value.token);
    expect([unscoped.status, unscoped.body.code]).toEqual([403, "insufficient_scope"]);
  });

  test("404 not_found for an unknown report, a report of another feedback, and an unknown feedback", async () => {
    const key = await widgetReport("Coupon field rejects valid codes", 1024, 4);
    const other = await widgetReport("Receipt e-mail never arrives", 1024, 5);
    const { id } = (await read(`/v1/feedbacks/${other}`)).body.reportList[0];
    for (const path of [`/v1/feedbacks/${key}/reports/nope`, `/v1/feedbacks/${key}/reports/${id}`, `/v1/feedbacks/DEMO-999999/reports/${id}`]) {
      const reply = await read(path);
      expect({ path, status: reply.status, code: reply.body.code }).toEqual({ path, status: 404, code: "not_found" });
    }
  });
});

test("/openapi.json documents GET /v1/feedbacks/{key}/reports/{reportId} with the Report schema and its errors", async () => {
  const doc = (await http.request("GET", "/openapi.json")).body;
  const operation = doc.paths["/v1/feedbacks/{key}/reports/{reportId}"].get;
  expect(operation.responses["200"].content["application/json"].schema.$ref).toBe("#/components/schemas/Report");
  expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["200", "401", "403", "404", "429"]));
  expect(Object.keys(doc.components.schemas.Report.properties).sort()).toEqual(["at", "author", "context", "id", "source", "text"]);
});
