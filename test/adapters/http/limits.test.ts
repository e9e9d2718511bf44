import { parseErrorResponse } from "@modelcontextprotocol/sdk/client/auth.js";
import { TooManyRequestsError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { loadConfig } from "../../../apps/runtime/config.ts";
import { EXPORTS_PER_MINUTE } from "../../../core/triage/spend-export.ts";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { distinctText } from "../../support/distinct.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";
import { toolCall } from "../../support/mcp-client.ts";

/** The budgets a server has when no RATE_LIMIT_* setting is given. */
const defaults = loadConfig({});
let now = Date.UTC(2026, 10, 2, 9, 17, 23);
const clock = () => now;
/** Moves the clock to just after the start of a window, so a test of a budget never straddles two. */
const startFreshWindow = (ms: number) => {
  now = now - (now % ms) + ms + 200;
};
const startFreshMinute = () => startFreshWindow(60_000);

describe("rate limits (defaults)", () => {
  let http: InProcess;
  beforeAll(async () => {
    http = await inProcess({
      with: { clock },
      reportsPerMinute: defaults.reportsPerMinute,
      apiPerMinute: defaults.apiPerMinute,
      registrationsPerHour: defaults.registrationsPerHour,
    });
  });
  afterAll(() => http.close());
  const post = (path: string, body: unknown) => http.request("POST", path, { body });

  test("429 rate_limited after 120 requests per minute from one address, shared by /v1/reports, /v1/ingest and answers, with Retry-After", async () => {
    const body = { publicKey: "pk_nobody", kind: "problem", message: "m" };
    startFreshMinute();
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) statuses.push((await post(`/v1/${i % 2 ? "ingest" : "reports"}`, body)).status);
    expect(statuses.every((s) => s === 404)).toBe(true);
    const limited = await post("/v1/reports/any/answers", { publicKey: "pk", text: "x" });
    expect({ status: limited.status, code: limited.body.code }).toEqual({ status: 429, code: "rate_limited" });
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    // The window slides: the burst weighs on into the next minute, so the wait may pass its start.
    expect(retryAfter).toBeLessThanOrEqual(120);
    // The former path says it is deprecated on this refusal too.
    const ingest = await post("/v1/ingest", body);
    expect([ingest.status, ingest.headers.get("deprecation")]).toEqual([429, "true"]);
    // Refused requests count too: a few more keep the burst above the budget a minute on.
    for (let i = 0; i < 4; i++) await post("/v1/reports", body);
    // The window slides: a minute on, the burst still weighs almost whole; a minute after that, it is gone.
    now += 60_000;
    expect((await post("/v1/reports", body)).status).toBe(429);
    now += 60_000;
    expect((await post("/v1/reports", body)).status).toBe(404);
  });

  test("read routes have their own budget per token: the 600th call of a minute passes, the 601st is 429 rate_limited with Retry-After", async () => {
    const statuses: number[] = [];
    startFreshMinute();
    for (let i = 0; i < 600; i++) statuses.push((await http.request("GET", "/v1/apps", { token: http.demo.tokens.reader })).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await http.request("GET", "/v1/apps", { token: http.demo.tokens.reader });
    expect([limited.status, limited.body]).toEqual([429, { error: expect.any(String), code: "rate_limited" }]);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await http.request("GET", "/v1/apps", { token: http.demo.tokens.member })).status).toBe(200);
  });

  test("exports have their own budget per token, as each reads the whole list: the 10th of a minute passes, the 11th is 429 rate_limited with Retry-After", async () => {
    const exported = () => http.request("GET", "/v1/feedbacks/export?format=jsonl", { token: http.demo.tokens.member });
    startFreshMinute();
    const statuses: number[] = [];
    for (let i = 0; i < EXPORTS_PER_MINUTE; i++) statuses.push((await exported()).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await exported();
    expect([limited.status, limited.body.code]).toEqual([429, "rate_limited"]);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // The token's other calls, and another token's exports, are not held back.
    expect((await http.request("GET", "/v1/feedbacks", { token: http.demo.tokens.member })).status).toBe(200);
    expect((await http.request("GET", "/v1/feedbacks/export", { token: http.demo.tokens.reader })).status).toBe(200);
  });

  test("the inbox's export links spend the same budget, per session: the 11th of a minute is refused, 429, saying why", async () => {
    const browser = new FormBrowser("http://localhost:3000", {}, (r) => http.handle(r));
    await signIn(browser, http.demo.users.member.email, http.demo.users.member.password, "/inbox");
    startFreshMinute();
    const statuses: number[] = [];
    for (let i = 0; i < EXPORTS_PER_MINUTE; i++) statuses.push((await browser.fetch("/inbox/export?format=csv")).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await browser.fetch("/inbox/export?format=csv");
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("<h1>Too many requests. Try again later.</h1>");
  });

  test("POST /oauth/register: 20 registrations an hour per address, then 429 with Retry-After", async () => {
    const register = () => post("/oauth/register", { client_name: "Many", redirect_uris: ["http://127.0.0.1:9/cb"] });
    startFreshWindow(60 * 60_000);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await register()).status);
    expect(statuses.every((s) => s === 201)).toBe(true);
    const refused = await register();
    expect([refused.status, refused.body.code]).toEqual([429, "rate_limited"]);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Said in OAuth's words, which a registration client reads: the MCP SDK's says why, not an empty error.
    const seen = await parseErrorResponse(JSON.stringify(refused.body));
    expect([seen instanceof TooManyRequestsError, seen.message]).toEqual([true, refused.body.error_description]);
    expect(refused.body.error_description).toStartWith("Too many requests");
    now += 2 * 60 * 60_000;
    expect((await register()).status).toBe(201);
  });
});

describe("budgets of IPv6 clients", () => {
  let http: InProcess;
  beforeAll(async () => {
    http = await inProcess({ with: { clock }, reportsPerMinute: 3 });
  });
  afterAll(() => http.close());
  const report = (from: string) =>
    http.request("POST", "/v1/reports", {
      body: { publicKey: "pk_nobody", kind: "problem", message: "m" },
      headers: { "x-test-client-address": from },
    });

  test("the addresses of one /64 share one budget: the next address of it is 429 rate_limited, another /64 still has its own", async () => {
    startFreshMinute();
    const statuses: number[] = [];
    for (const host of ["1", "2", "3"]) statuses.push((await report(`2001:db8:aa:bb::${host}`)).status);
    expect(statuses).toEqual([404, 404, 404]);
    const rotated = await report("2001:db8:aa:bb:cafe::4");
    expect([rotated.status, rotated.body.code]).toEqual([429, "rate_limited"]);
    expect((await report("2001:db8:aa:bc::1")).status).toBe(404);
  });
});

describe("sign-in throttling", () => {
  let http: InProcess;
  beforeAll(async () => {
    http = await inProcess({ with: { clock } });
  });
  afterAll(() => http.close());

  const attempt = async (address: string, password: string) => {
    const browser = new FormBrowser("http://localhost:3000", { "x-test-client-address": address }, http.handle);
    const page = await (await browser.fetch("/login")).text();
    return browser.submit(page, { email: http.demo.users.member.email, password });
  };

  test("guessing one e-mail's password from one address is slowed, with Retry-After; the person elsewhere still signs in", async () => {
    startFreshMinute();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt("198.51.100.7", "wrong password")).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    const limited = await attempt("198.51.100.7", http.demo.users.member.password);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await attempt("198.51.100.8", http.demo.users.member.password)).status).toBe(303);
  });

  test("the delay grows: after ten attempts in a quarter of an hour, the minutes after do not open the door", async () => {
    const address = "198.51.100.9";
    startFreshWindow(15 * 60_000);
    for (let i = 0; i < 5; i++) expect((await attempt(address, "wrong")).status).toBe(401);
    // Two minutes on, the minute's budget is whole again: its last window holds none of these five.
    now += 120_000;
    for (let i = 0; i < 5; i++) expect((await attempt(address, "wrong")).status).toBe(401);
    now += 120_000;
    const refused = await attempt(address, http.demo.users.member.password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(60);
  });
});

describe("monthly quota", () => {
  let http: InProcess;
  beforeAll(async () => {
    http = await inProcess({ with: { clock } });
    await http.services.store.setPlan(http.demo.orgId, "free", 2);
  });
  afterAll(() => http.close());

  test("429 quota_exceeded once the month's quota is used, with Retry-After to the next month; the report is not recorded", async () => {
    const body = (n: number) => ({ publicKey: http.demo.publicKey, kind: "idea", message: `quota ${distinctText(n)}` });
    const report = (n: number, headers: Record<string, string> = {}) => http.request("POST", "/v1/reports", { body: body(n), headers });
    expect((await report(1)).status).toBe(201);
    expect((await report(2)).status).toBe(201);
    const over = await report(3, { "idempotency-key": "quota-3" });
    expect({ status: over.status, code: over.body.code }).toEqual({ status: 429, code: "quota_exceeded" });
    const today = new Date(now);
    const nextMonth = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1);
    expect(Math.abs(Number(over.headers.get("retry-after")) - (nextMonth - now) / 1000)).toBeLessThan(3600 * 24 * 2);
    const listed = await http.request("GET", "/v1/feedbacks?query=quota", { token: http.demo.tokens.admin });
    expect(listed.body.data.length).toBe(2);
    // A refused request does not hold its idempotency key: once there is room again, the retry records.
    await http.services.store.setPlan(http.demo.orgId, "free", 3);
    expect((await report(3, { "idempotency-key": "quota-3" })).status).toBe(201);
  });
});

describe("MCP within the same budgets", () => {
  let http: InProcess;
  beforeAll(async () => {
    http = await inProcess({ with: { clock }, reportsPerMinute: 5, apiPerMinute: 10 });
  });
  afterAll(() => http.close());

  /** A JSON-RPC body posted to /mcp with the token. */
  const postMcp = (token: string, body: unknown) =>
    http.handle(
      new Request("http://localhost:3000/mcp", {
        method: "POST",
        headers: {
          host: "localhost:3000",
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify(body),
      }),
    );
  const mcp = (token: string, method: string, params: unknown = {}) => postMcp(token, { jsonrpc: "2.0", id: 1, method, params });
  /** A JSON-RPC batch (protocol versions before 2025-06-18) of these calls, as one request. */
  const batch = (token: string, calls: ReadonlyArray<{ method: string; params?: unknown }>) =>
    postMcp(
      token,
      calls.map((call, i) => ({ jsonrpc: "2.0", id: i + 1, params: {}, ...call })),
    );
  const unknownKeyReport = () => http.request("POST", "/v1/reports", { body: { publicKey: "pk_nobody", kind: "idea", message: "m" } });

  test("MCP calls share the token's API budget with its REST calls", async () => {
    const token = http.demo.tokens.member;
    startFreshMinute();
    for (let i = 0; i < 6; i++) expect((await http.request("GET", "/v1/apps", { token })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await mcp(token, "tools/list")).status).toBe(200);
    const over = await mcp(token, "tools/list");
    expect([over.status, (await over.json()).code]).toEqual([429, "rate_limited"]);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await http.request("GET", "/v1/apps", { token })).status).toBe(429);
  });

  test("create_report also counts in the collection budget of the client address", async () => {
    const token = http.demo.tokens.admin;
    const report = () => mcp(token, "tools/call", { name: "create_report", arguments: { appId: http.demo.appId, kind: "idea", message: "budget" } });
    startFreshMinute();
    for (let i = 0; i < 3; i++) expect((await unknownKeyReport()).status).toBe(404);
    for (let i = 0; i < 2; i++) expect((await report()).status).toBe(200);
    const over = await report();
    expect([over.status, (await over.json()).code]).toEqual([429, "rate_limited"]);
    expect((await unknownKeyReport()).status).toBe(429);
    // Reads over MCP do not spend the collection budget.
    expect((await mcp(token, "tools/list")).status).toBe(200);
  });

  test("each call of a JSON-RPC batch counts in the token's API budget, as that many requests would", async () => {
    const token = http.demo.tokens.reader;
    startFreshMinute();
    expect((await batch(token, Array(10).fill({ method: "tools/list" }))).status).toBe(200);
    const over = await batch(token, [{ method: "tools/list" }]);
    expect([over.status, (await over.json()).code]).toEqual([429, "rate_limited"]);
  });

  test("each create_report of a JSON-RPC batch counts in the collection budget of the client address", async () => {
    const token = http.demo.tokens.admin;
    const report = {
      method: "tools/call",
      params: { name: "create_report", arguments: { appId: http.demo.appId, kind: "idea", message: "batched" } },
    };
    startFreshMinute();
    const over = await batch(token, Array(6).fill(report));
    expect([over.status, (await over.json()).code]).toEqual([429, "rate_limited"]);
  });
});

describe("the monthly quota of the plan, over a calendar month in UTC", () => {
  let http: InProcess;
  beforeAll(async () => {
    http = await inProcess({ with: { clock } });
    await http.cli("org", "plan", "DEMO", "free");
  });
  afterAll(() => http.close());

  test("the free plan takes 100 reports a month: the 101st is 429 quota_exceeded, and the next month's first instant takes one again", async () => {
    const report = (n: number) =>
      http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", message: `Free plan report number ${n}` } });
    now = Date.UTC(2027, 0, 31, 23, 0);
    const statuses: number[] = [];
    for (let n = 0; n < 100; n++) statuses.push((await report(n)).status);
    expect(statuses.every((s) => s === 201)).toBe(true);
    const over = await report(100);
    expect([over.status, over.body]).toEqual([429, { error: expect.any(String), code: "quota_exceeded" }]);
    expect(Number(over.headers.get("retry-after"))).toBe(60 * 60);
    now = Date.UTC(2027, 1, 1);
    expect((await report(101)).status).toBe(201);
  });
});

describe("the monthly quota over MCP", () => {
  let http: InProcess;
  beforeAll(async () => {
    http = await inProcess({ with: { clock } });
    await http.cli("org", "plan", "DEMO", "free", "--quota", "1");
  });
  afterAll(() => http.close());

  test("create_report counts in the month's quota, and is refused with quota_exceeded once it is used", async () => {
    const createReport = async (message: string) => {
      const res = await http.handle(toolCall("http://localhost:3000", http.demo.tokens.member, "create_report", { kind: "idea", message }));
      const { result } = (await res.json()) as { result: { isError?: boolean; content: Array<{ text: string }> } };
      return [result.isError ?? false, JSON.parse(result.content.at(-1)!.text)];
    };
    const [failed] = await createReport("A dark theme for the reports page");
    expect(failed).toBe(false);
    const rest = await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", message: "Export to ODS" } });
    expect([rest.status, rest.body.code]).toEqual([429, "quota_exceeded"]);
    expect(await createReport("Keyboard shortcuts for triage")).toEqual([true, { error: expect.any(String), code: "quota_exceeded" }]);
  });
});
