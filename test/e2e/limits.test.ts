import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { distinctText } from "../support/distinct.ts";
import { FormBrowser } from "../support/browser.ts";
import { get, post, startServer, type TestServer } from "../support/server.ts";

describe("rate limits (defaults)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_REPORTS_PER_MINUTE: "", RATE_LIMIT_API_PER_MINUTE: "", RATE_LIMIT_REGISTRATIONS_PER_HOUR: "" });
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
    // The window slides: the burst weighs on into the next minute, so the wait may pass its start.
    expect(retryAfter).toBeLessThanOrEqual(120);
    // Refused requests count too: a few more keep the burst above the budget a minute on, however
    // long the burst took in real time on a loaded machine (each second of it weighs 2 requests less then).
    for (let i = 0; i < 5; i++) await post(`${server.url}/v1/reports`, body);
    // The window slides: a minute on, the burst still weighs almost whole; a minute after that, it is gone.
    server.advanceClock(60_000);
    expect((await post(`${server.url}/v1/reports`, body)).status).toBe(429);
    server.advanceClock(60_000);
    expect((await post(`${server.url}/v1/reports`, body)).status).toBe(404);
  });

  test("read routes have their own budget per token: the 600th call of a minute passes, the 601st is 429", async () => {
    const statuses: number[] = [];
    server.startFreshMinute();
    for (let i = 0; i < 601; i++) statuses.push((await get(`${server.url}/v1/apps`, server.demo.tokens.reader)).status);
    expect(statuses.slice(0, 600).every((s) => s === 200)).toBe(true);
    expect(statuses[600]).toBe(429);
    expect((await get(`${server.url}/v1/apps`, server.demo.tokens.member)).status).toBe(200);
  });

  test("POST /oauth/register: 20 registrations an hour per address, then 429 with Retry-After", async () => {
    const register = () => post(`${server.url}/oauth/register`, { client_name: "Many", redirect_uris: ["http://127.0.0.1:9/cb"] });
    server.startFreshWindow(60 * 60_000);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await register()).status);
    expect(statuses.every((s) => s === 201)).toBe(true);
    const refused = await register();
    expect([refused.status, refused.body.code]).toEqual([429, "rate_limited"]);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    server.advanceClock(2 * 60 * 60_000);
    expect((await register()).status).toBe(201);
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

describe("sign-in throttling", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: "1" });
  });
  afterAll(() => server.stop());

  const attempt = async (address: string, password: string) => {
    const browser = new FormBrowser(server.url, { "x-forwarded-for": address });
    const page = await (await browser.fetch("/login")).text();
    return browser.submit(page, { email: server.demo.users!.member.email, password });
  };

  test("guessing one e-mail's password from one address is slowed, with Retry-After; the person elsewhere still signs in", async () => {
    server.startFreshMinute();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt("198.51.100.7", "wrong password")).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    const limited = await attempt("198.51.100.7", server.demo.users!.member.password);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await attempt("198.51.100.8", server.demo.users!.member.password)).status).toBe(303);
  });

  test("the delay grows: after ten attempts in a quarter of an hour, the next minute does not open the door", async () => {
    const address = "198.51.100.9";
    server.startFreshWindow(15 * 60_000);
    for (let i = 0; i < 5; i++) expect((await attempt(address, "wrong")).status).toBe(401);
    server.advanceClock(60_000);
    for (let i = 0; i < 5; i++) expect((await attempt(address, "wrong")).status).toBe(401);
    server.advanceClock(60_000);
    const refused = await attempt(address, server.demo.users!.member.password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(60);
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

describe("MCP within the same budgets", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_REPORTS_PER_MINUTE: "5", RATE_LIMIT_API_PER_MINUTE: "10" });
  });
  afterAll(() => server.stop());

  const mcp = (token: string, method: string, params: unknown = {}) =>
    fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });

  test("MCP calls share the token's API budget with its REST calls", async () => {
    const token = server.demo.tokens.member;
    server.startFreshMinute();
    for (let i = 0; i < 6; i++) expect((await get(`${server.url}/v1/apps`, token)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await mcp(token, "tools/list")).status).toBe(200);
    const over = await mcp(token, "tools/list");
    expect([over.status, (await over.json()).code]).toEqual([429, "rate_limited"]);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await get(`${server.url}/v1/apps`, token)).status).toBe(429);
  });

  test("create_report also counts in the collection budget of the client address", async () => {
    const token = server.demo.tokens.admin;
    const report = () =>
      mcp(token, "tools/call", { name: "create_report", arguments: { appId: server.demo.appId, kind: "idea", message: "budget" } });
    server.startFreshMinute();
    for (let i = 0; i < 3; i++)
      expect((await post(`${server.url}/v1/reports`, { publicKey: "pk_nobody", kind: "idea", message: "m" })).status).toBe(404);
    for (let i = 0; i < 2; i++) expect((await report()).status).toBe(200);
    const over = await report();
    expect([over.status, (await over.json()).code]).toEqual([429, "rate_limited"]);
    expect((await post(`${server.url}/v1/reports`, { publicKey: "pk_nobody", kind: "idea", message: "m" })).status).toBe(429);
    // Reads over MCP do not spend the collection budget.
    expect((await mcp(token, "tools/list")).status).toBe(200);
  });
});
