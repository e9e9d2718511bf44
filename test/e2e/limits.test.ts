import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { distinctText } from "../support/distinct.ts";
import { get, post, startServer, type TestServer } from "../support/server.ts";

describe("rate limits (defaults)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_REPORTS_PER_MINUTE: "", RATE_LIMIT_API_PER_MINUTE: "" });
  });
  afterAll(() => server.stop());

  test("429 rate_limited after 120 requests per minute from one address, shared by /v1/reports, /v1/ingest and answers, with Retry-After", async () => {
    const body = { publicKey: "pk_nobody", kind: "problem", message: "m" };
    server.startFreshMinute();
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) statuses.push((await post(`${server.url}/v1/${i % 2 ? "ingest" : "reports"}`, body)).status);
    expect(statuses.every((s) => s === 404)).toBe(true);
    const limited = await post(`${server.url}/v1/reports/any/answers`, { publicKey: "pk", text: "x" });
    expect({ status: limited.status, code: limited.body.code }).toEqual({ status: 429, code: "rate_limited" });
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    server.advanceClock(60_000);
    expect((await post(`${server.url}/v1/reports`, body)).status).toBe(404);
  });

  test("read routes have their own budget per token (600 per minute)", async () => {
    let last = 0;
    server.startFreshMinute();
    for (let i = 0; i < 601; i++) last = (await get(`${server.url}/v1/apps`, server.demo.tokens.reader)).status;
    expect(last).toBe(429);
    expect((await get(`${server.url}/v1/apps`, server.demo.tokens.member)).status).toBe(200);
  });
});

describe("rate limits behind a proxy", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_REPORTS_PER_MINUTE: "3", TRUST_PROXY: "1" });
  });
  afterAll(() => server.stop());

  test("with TRUST_PROXY the client address comes from X-Forwarded-For, so each client has its own budget", async () => {
    const send = (ip: string) =>
      post(`${server.url}/v1/reports`, { publicKey: "pk_nobody", kind: "idea", message: "m" }, { "x-forwarded-for": `203.0.113.9, ${ip}` });
    server.startFreshMinute();
    for (let i = 0; i < 3; i++) expect((await send("198.51.100.1")).status).toBe(404);
    expect((await send("198.51.100.1")).status).toBe(429);
    expect((await send("198.51.100.2")).status).toBe(404);
  });
});

describe("monthly quota", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
    await server.cli("org", "plan", "DEMO", "free", "--quota", "2");
  });
  afterAll(() => server.stop());

  test("429 quota_exceeded once the month's quota is used, with Retry-After to the next month; the report is not recorded", async () => {
    const body = (n: number) => ({ publicKey: server.demo.publicKey, kind: "idea", message: `quota ${distinctText(n)}` });
    expect((await post(`${server.url}/v1/reports`, body(1))).status).toBe(201);
    expect((await post(`${server.url}/v1/reports`, body(2))).status).toBe(201);
    const over = await post(`${server.url}/v1/reports`, body(3), { "idempotency-key": "quota-3" });
    expect({ status: over.status, code: over.body.code }).toEqual({ status: 429, code: "quota_exceeded" });
    const now = new Date();
    const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    expect(Math.abs(Number(over.headers.get("retry-after")) - (nextMonth - Date.now()) / 1000)).toBeLessThan(3600 * 24 * 2);
    const listed = await get(`${server.url}/v1/feedbacks?query=quota`, server.demo.tokens.admin);
    expect(listed.body.data.length).toBe(2);
    // A refused request does not hold its idempotency key: once there is room again, the retry records.
    await server.cli("org", "plan", "DEMO", "free", "--quota", "3");
    expect((await post(`${server.url}/v1/reports`, body(3), { "idempotency-key": "quota-3" })).status).toBe(201);
  });
});
