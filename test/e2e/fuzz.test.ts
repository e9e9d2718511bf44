import { afterAll, beforeAll, expect, test } from "bun:test";
import { FormBrowser, signIn } from "../support/browser.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { seededRandom } from "../support/random.ts";

/**
 * A few thousand malformed requests, from a seeded generator, over every route of /openapi.json,
 * the OAuth endpoints, the web pages and forms, the tracker webhooks and /mcp: no answer may be a
 * 5xx, and every error under /v1 must be the `{error, code}` JSON body. The requests go over a socket
 * to the server's own `serve` (body limits, request ids) in the test's process: no server process to start.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const ROUNDS = 6;

let server: Served;
let cookie = "";
let csrf = "";
beforeAll(async () => {
  server = await serveInProcess();
  const browser = new FormBrowser(server.url);
  await signIn(browser, server.demo.users!.admin.email, server.demo.users!.admin.password);
  const settings = await (await browser.fetch("/settings/apps")).text();
  csrf = /name="csrf" value="([^"]+)"/.exec(settings)?.[1] ?? "";
  cookie = browser.cookieHeader();
  expect(csrf).not.toBe("");
  expect(cookie).toContain("retour_session=");
});
afterAll(() => server.stop());

const STRINGS = [
  "",
  " ",
  "%",
  "%E0%A4%A",
  "..",
  "../../etc/passwd",
  "DEMO-1",
  "DEMO-999999999999999999999",
  "\u0000",
  "\r\nX-Injected: 1",
  "\t/evil.test",
  "//evil.test",
  "😀".repeat(300),
  "a".repeat(5_000),
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "null",
  "-1",
  "1e309",
  "NaN",
];

/** What a client can put in a header at all (fetch refuses control characters and wide characters). */
const HEADER_STRINGS = STRINGS.filter((s) => /^[\x20-\x7e]*$/.test(s));

function value(rng: ReturnType<typeof seededRandom>, depth = 0): unknown {
  const kind = rng.one(["string", "number", "bool", "null", "array", "object", "object", "deep"] as const);
  if (depth > 3 && (kind === "array" || kind === "object")) return rng.one(STRINGS);
  switch (kind) {
    case "string":
      return rng.one(STRINGS);
    case "number":
      return rng.one([0, -1, 1.5, 2 ** 53, -(2 ** 60), 1e308]);
    case "bool":
      return rng.next() < 0.5;
    case "null":
      return null;
    case "array":
      return Array.from({ length: Math.floor(rng.next() * 4) }, () => value(rng, depth + 1));
    case "deep":
      return JSON.parse(`${"[".repeat(200)}${"]".repeat(200)}`);
    default: {
      const keys = ["publicKey", "kind", "message", "status", "comment", "url", "events", "text", "choices", "qualify", "user", "issue", "into", "x"];
      return Object.fromEntries(Array.from({ length: 1 + Math.floor(rng.next() * 5) }, () => [rng.one(keys), value(rng, depth + 1)]));
    }
  }
}

/** A body that looks like what the route expects, with one field broken, or something else entirely. */
function body(rng: ReturnType<typeof seededRandom>): string {
  const valid = {
    publicKey: server.demo.publicKey,
    kind: "problem",
    message: "fuzz",
    status: "fixed",
    url: "https://hooks.example.com/x",
    events: ["feedback.created"],
  };
  const roll = rng.next();
  if (roll < 0.15) return rng.one(["", "{", "[", "null", "42", '"x"', "{}", "[]", "\u0000", '{"a":}', "true"]);
  if (roll < 0.55) return JSON.stringify({ ...valid, [rng.one(Object.keys(valid))]: value(rng) });
  return JSON.stringify(value(rng));
}

function fill(path: string, rng: ReturnType<typeof seededRandom>): string {
  return path.replace(/\{[^}]+\}|:[a-zA-Z]+/g, () => encodeURIComponent(rng.one([...STRINGS, "DEMO-1", server.demo.appId])));
}

interface Target {
  readonly method: string;
  readonly path: string;
}

const WEB: readonly Target[] = [
  ...[
    "/",
    "/login",
    "/inbox",
    "/inbox/:key",
    "/settings",
    "/settings/agents",
    "/settings/apps",
    "/settings/members",
    "/settings/tokens",
    "/settings/webhooks",
    "/settings/slack",
  ].map((path) => ({ method: "GET", path })),
  ...["/language", "/s/:statusId", "/unsubscribe", "/attachments/:id", "/oauth/authorize"].map((path) => ({ method: "GET", path })),
  ...[
    "/login",
    "/logout",
    "/inbox/:key/follow",
    "/inbox/:key/status",
    "/settings/agents/:id/remove",
    "/settings/apps",
    "/settings/apps/:id/channels",
    "/settings/apps/:id/features",
    "/settings/apps/:id/help",
    "/settings/apps/:id/tracker/statuses",
    "/settings/channels/:id/active",
    "/settings/members/remove",
    "/settings/members/role",
    "/settings/tokens",
    "/settings/tokens/:id/revoke",
    "/settings/webhooks",
    "/settings/webhooks/:id/delete",
    "/settings/webhooks/:id/rotate",
    "/settings/webhooks/:id/test",
    "/unsubscribe",
    "/unsubscribe/undo",
    "/oauth/authorize",
    "/oauth/register",
    "/oauth/token",
    "/oauth/revoke",
    "/integrations/github/webhook",
    "/integrations/bridge/webhook",
    "/integrations/linear/webhook",
    "/integrations/jira/webhook",
    "/settings/slack",
    "/settings/slack/disconnect",
    "/integrations/slack/commands",
    "/integrations/slack/interactions",
    "/integrations/slack/events",
    "/mcp",
  ].map((path) => ({ method: "POST", path })),
  { method: "GET", path: "/mcp" },
  { method: "DELETE", path: "/mcp" },
];

function formBody(rng: ReturnType<typeof seededRandom>): string {
  const fields = [
    "csrf",
    "email",
    "password",
    "next",
    "name",
    "status",
    "comment",
    "decision",
    "role",
    "label",
    "url",
    "events",
    "active",
    "kind",
    "org",
    "x",
  ];
  const form = new URLSearchParams();
  if (rng.next() < 0.7) form.set("csrf", csrf);
  for (let i = 0; i < 1 + rng.next() * 5; i++) form.append(rng.one(fields), String(rng.one(STRINGS)));
  return form.toString();
}

function mcpBody(rng: ReturnType<typeof seededRandom>): string {
  const method = rng.one(["tools/call", "tools/list", "initialize", "ping", "resources/list", "x", ""]);
  const params = rng.one([
    undefined,
    null,
    "x",
    [],
    { name: rng.one(["list_feedbacks", "get_feedback", "create_report", "nope"]), arguments: value(rng) },
  ]);
  return JSON.stringify(rng.next() < 0.2 ? value(rng) : { jsonrpc: rng.one(["2.0", "1.0", 2]), id: rng.one([1, "a", null, {}]), method, params });
}

test("thousands of malformed requests: no 5xx anywhere, and {error, code} on every /v1 error", async () => {
  const doc = await (await fetch(`${server.url}/openapi.json`)).json();
  const documented: Target[] = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
  expect(documented.length).toBeGreaterThan(15);
  const targets = [...documented, ...WEB];
  const rng = seededRandom(SEED);
  const requests: Array<{ method: string; url: string; init: RequestInit }> = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of targets) {
      for (let n = 0; n < 6; n++) {
        const path = fill(target.path, rng);
        const query =
          rng.next() < 0.5
            ? `?${rng.one(["limit", "cursor", "status", "kind", "query", "appId", "next", "to", "t", "f"])}=${encodeURIComponent(String(rng.one(STRINGS)))}`
            : "";
        const headers: Record<string, string> = {};
        const auth = rng.one(["none", "admin", "reader", "garbage"]);
        if (auth === "admin") headers.authorization = `Bearer ${server.demo.tokens.admin}`;
        if (auth === "reader") headers.authorization = `Bearer ${server.demo.tokens.reader}`;
        if (auth === "garbage") headers.authorization = rng.one(["Bearer", "Bearer \u00e9", "Basic abc", `Bearer ${"x".repeat(3000)}`]);
        if (rng.next() < 0.5) headers.cookie = rng.next() < 0.8 ? cookie : rng.one(["retour_session=%E0%A4%A", "retour_csrf=%", "=", ";;;"]);
        if (rng.next() < 0.3) headers["accept-language"] = rng.one(["fr", "*", "zz-ZZ;q=abc", ""]);
        if (rng.next() < 0.2) headers.origin = rng.one(["null", "https://evil.test", "not a url", server.url]);
        if (rng.next() < 0.2) headers["idempotency-key"] = rng.one(HEADER_STRINGS);
        let payload: string | undefined;
        if (target.method !== "GET" && target.method !== "DELETE") {
          const isForm =
            !target.path.startsWith("/v1") && target.path !== "/mcp" && !target.path.startsWith("/integrations") && target.path !== "/oauth/register";
          payload = target.path === "/mcp" ? mcpBody(rng) : isForm && rng.next() < 0.8 ? formBody(rng) : body(rng);
          headers["content-type"] = rng.one(
            isForm
              ? ["application/x-www-form-urlencoded", "application/json", "multipart/form-data; boundary=x", "text/plain"]
              : ["application/json", "application/json", "application/json; charset=utf-8", "text/plain", "application/x-www-form-urlencoded"],
          );
          if (target.path === "/mcp") headers.accept = "application/json, text/event-stream";
        }
        requests.push({
          method: target.method,
          url: `${server.url}${path}${query}`,
          init: { method: target.method, headers, body: payload, redirect: "manual" },
        });
      }
    }
  }
  expect(requests.length).toBeGreaterThan(2_000);

  const failures: string[] = [];
  let next = 0;
  const lane = async () => {
    while (next < requests.length) {
      const r = requests[next++]!;
      const res = await fetch(r.url, r.init);
      const text = await res.text();
      const where = `${r.method} ${r.url.slice(server.url.length, server.url.length + 120)} → ${res.status}`;
      if (res.status >= 500) failures.push(`${where} ${text.slice(0, 200)}`);
      else if (new URL(r.url).pathname.startsWith("/v1") && res.status >= 400) {
        let parsed: { error?: unknown; code?: unknown } | null = null;
        try {
          parsed = JSON.parse(text);
        } catch {}
        if (typeof parsed?.error !== "string" || typeof parsed?.code !== "string") failures.push(`${where} not {error, code}: ${text.slice(0, 200)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 12 }, lane));
  expect(failures.slice(0, 20)).toEqual([]);
  // The server is still well after all that.
  expect((await fetch(`${server.url}/health`)).status).toBe(200);
}, 60_000);
