import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { FormBrowser } from "../support/browser.ts";
import { connectAgent, REDIRECT_URI } from "../support/mcp-client.ts";
import { rawExchange } from "../support/raw.ts";
import { get, post } from "../support/server.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";

// Raw bytes and real clients over a socket, to the server's own `serve` in the test's process.
let server: Served;
beforeAll(async () => {
  server = await serveInProcess();
});
afterAll(() => server.stop());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Writes raw bytes on a socket and returns what comes back, for requests fetch() cannot make. */
const rawRequest = (text: string): Promise<string> => rawExchange(new URL(server.url).port, text);

describe("no 5xx from bad input", () => {
  test("a cookie with a broken percent escape is ignored: the page answers as if signed out", async () => {
    for (const cookie of ["retour_session=%E0%A4%A", "retour_csrf=%", "retour_session=%E0%A4%A; retour_csrf=%"]) {
      for (const path of ["/login", "/inbox", "/settings/agents"]) {
        const res = await fetch(`${server.url}${path}`, { headers: { cookie }, redirect: "manual" });
        expect([200, 303]).toContain(res.status);
      }
    }
  });

  test("POST /mcp with Origin: null or any origin that is not a URL is refused with 403", async () => {
    for (const origin of ["null", "not a url", "file://"]) {
      const res = await fetch(`${server.url}/mcp`, {
        method: "POST",
        headers: { origin, "content-type": "application/json", ...bearer(server.demo.tokens.member) },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      expect(res.status).toBe(403);
    }
  });

  test("tracker webhooks check the signature on the raw body before its shape, and answer {error, code}", async () => {
    for (const provider of ["github", "bridge"]) {
      for (const body of ["null", "[]", "42", '"text"', '{"project":7,"repository":{"full_name":7}}', '{"repository":null}']) {
        const res = await fetch(`${server.url}/integrations/${provider}/webhook`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        expect(res.status).toBe(401);
        expect((await res.json()).code).toBe("invalid_signature");
      }
      const broken = await fetch(`${server.url}/integrations/${provider}/webhook`, { method: "POST", body: "{" });
      expect([broken.status, (await broken.json()).code]).toEqual([400, "invalid_json"]);
    }
  });

  test("a signed tracker webhook whose body has the wrong shape is 400 invalid_body", async () => {
    const out = await server.cli(
      "tracker",
      "set",
      "DEMO",
      server.demo.appId,
      "bridge",
      "--project",
      "shape-check",
      "--url",
      "https://bridge.example.com",
    );
    const secret = /secret[^:]*:\s*(\S+)/i.exec(out)?.[1];
    expect(secret).toBeTruthy();
    const raw = JSON.stringify({ project: "shape-check", issue: 12, status: "nonsense" });
    const t = Math.floor(Date.now() / 1000);
    const signature = `t=${t},v1=${createHmac("sha256", secret!).update(`${t}.${raw}`).digest("hex")}`;
    const res = await fetch(`${server.url}/integrations/bridge/webhook`, { method: "POST", headers: { "service-signature": signature }, body: raw });
    expect([res.status, (await res.json()).code]).toEqual([400, "invalid_body"]);
  });

  test("a report nesting 50,000 arrays in an unknown field, with an idempotency key, is 400 invalid_ingest", async () => {
    const deep = `${"[".repeat(50_000)}${"]".repeat(50_000)}`;
    const body = `{"publicKey":"${server.demo.publicKey}","kind":"problem","message":"deep","extra":${deep}}`;
    const res = await post(`${server.url}/v1/reports`, body, { "idempotency-key": "deep-1" });
    expect([res.status, res.body.code]).toEqual([400, "invalid_ingest"]);
  });

  test("CR/LF or a tab in next never reach a Location header: the redirect goes to the inbox", async () => {
    for (const next of ["/%0d%0aSet-Cookie:%20x=1", "/%09/evil.test", "/%5Cevil.test", "//evil.test", "https://evil.test/", "/\\/evil.test"]) {
      const res = await fetch(`${server.url}/language?to=en&next=${next}`, { redirect: "manual" });
      expect(res.status).toBe(303);
      const location = res.headers.get("location")!;
      expect(new URL(location, server.url).origin).toBe(new URL(server.url).origin);
      expect(res.headers.get("set-cookie")).not.toContain("x=1");
    }
    const kept = await fetch(`${server.url}/language?to=en&next=${encodeURIComponent("/inbox?status=all")}`, { redirect: "manual" });
    expect(kept.headers.get("location")).toBe("/inbox?status=all");
  });

  test("an HTTP/1.0 request without Host is refused before any work, as JSON, with no source in it", async () => {
    const before = (await get(`${server.url}/v1/feedbacks?status=all&limit=100`, server.demo.tokens.admin)).body.data.length;
    const body = JSON.stringify({ publicKey: server.demo.publicKey, kind: "problem", message: "no host header sent here" });
    const answer = await rawRequest(`POST /v1/reports HTTP/1.0\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
    expect(answer).toStartWith("HTTP/1.1 400");
    expect(answer).toContain('"code":"missing_host"');
    expect(answer.length).toBeLessThan(2_000);
    const after = (await get(`${server.url}/v1/feedbacks?status=all&limit=100`, server.demo.tokens.admin)).body.data.length;
    expect(after).toBe(before);
  });
});

describe("errors keep the spec's shape when Bun would answer first", () => {
  test("a declared Content-Length over Bun's own limit gets 413 payload_too_large as JSON, on every route that takes a body", async () => {
    const declared = 64 * 1024 * 1024;
    for (const path of ["/v1/reports", "/v1/feedbacks/DEMO-1", "/v1/webhooks", "/oauth/register", "/login", "/mcp", "/integrations/github/webhook"]) {
      const answer = await rawRequest(
        `POST ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n{}`,
      );
      expect(answer).toStartWith("HTTP/1.1 413");
      expect(answer).toContain('"code":"payload_too_large"');
    }
  });

  test("a chunked body over the limit is cut off with 413 payload_too_large on a form route too", async () => {
    const chunk = "a".repeat(64 * 1024);
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 8; i++) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    const res = await fetch(`${server.url}/oauth/register`, { method: "POST", body: stream, headers: { "content-type": "application/json" } });
    expect([res.status, (await res.json()).code]).toEqual([413, "payload_too_large"]);
  });

  test("a JSON body declared as another Content-Type is unreadable: 400 invalid_json, saying how to send it, and nothing stored", async () => {
    const body = JSON.stringify({ publicKey: server.demo.publicKey, kind: "problem", message: "sent as text" });
    for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
      const res = await fetch(`${server.url}/v1/reports`, { method: "POST", headers: { "content-type": type }, body });
      expect([res.status, await res.json()]).toEqual([
        400,
        { error: "The request body is not valid JSON: send JSON, with Content-Type: application/json.", code: "invalid_json" },
      ]);
    }
    const listed = await get(`${server.url}/v1/feedbacks?query=${encodeURIComponent("sent as text")}`, server.demo.tokens.admin);
    expect(listed.body.data).toEqual([]);
    // No status the spec does not list: /openapi.json says 400 for it, and no 415.
    const doc = await (await fetch(`${server.url}/openapi.json`)).json();
    expect(doc.paths["/v1/reports"].post.responses["400"].description).toContain("invalid_json");
    expect(doc.paths["/v1/reports"].post.responses["415"]).toBeUndefined();
  });

  test("MCP arguments that are not an object are JSON-RPC invalid params (-32602)", async () => {
    const res = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...bearer(server.demo.tokens.member) },
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "list_apps", arguments: "oops" } }),
    });
    const answer = await res.json();
    expect(answer).toMatchObject({ jsonrpc: "2.0", id: 7, error: { code: -32602 } });
  });
});

describe("no open redirect", () => {
  test("POST /login and the OAuth sign-in keep next on this site", async () => {
    const browser = new FormBrowser(server.url);
    const page = await (await browser.fetch("/login")).text();
    const response = await browser.submit(page, { ...server.demo.users!.member, next: "/\t/evil.test" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/inbox");
  });
});

describe("scopes on every route", () => {
  test("a token with only feedbacks:read can neither list nor revoke agents", async () => {
    const listed = await get(`${server.url}/v1/agents`, server.demo.tokens.readOnly);
    expect([listed.status, listed.body.code]).toEqual([403, "insufficient_scope"]);
    const removed = await fetch(`${server.url}/v1/agents/anything`, { method: "DELETE", headers: bearer(server.demo.tokens.readOnly) });
    expect([removed.status, (await removed.json()).code]).toEqual([403, "insufficient_scope"]);
  });

  test("an Admin's agent, whatever its scopes, can neither change the portal's settings nor rotate its SSO secret: forbidden", async () => {
    const agent = await connectAgent(server.url, server.demo.users!.admin);
    const token = agent.provider.saved!.access_token;
    const changed = await fetch(`${server.url}/v1/portal`, {
      method: "PUT",
      headers: { ...bearer(token), "content-type": "application/json" },
      body: JSON.stringify({ signInUrl: "https://attacker.example/login" }),
    });
    const rotated = await fetch(`${server.url}/v1/portal/sso-secret`, { method: "POST", headers: bearer(token) });
    expect([changed.status, (await changed.json()).code, rotated.status, (await rotated.json()).code]).toEqual([403, "forbidden", 403, "forbidden"]);
    // The Admin's own token still does.
    expect((await get(`${server.url}/v1/portal`, server.demo.tokens.admin)).status).toBe(200);
    await agent.client?.close();
  });

  test("an agent's token can never manage agents, even an Admin's agent: forbidden, with no scope to ask for", async () => {
    const agent = await connectAgent(server.url, server.demo.users!.admin);
    const token = agent.provider.saved!.access_token;
    const listed = await get(`${server.url}/v1/agents`, token);
    expect([listed.status, listed.body.code, listed.headers.get("www-authenticate")]).toEqual([403, "forbidden", null]);
    // The person's own token still manages them.
    expect((await get(`${server.url}/v1/agents`, server.demo.tokens.admin)).status).toBe(200);
    await agent.client?.close();
  });
});

describe("OAuth refusals consume no credential", () => {
  async function authorizationCode(verifierChallenge: string) {
    const registered = await post(`${server.url}/oauth/register`, { client_name: "Careful", redirect_uris: [REDIRECT_URI] });
    const clientId = registered.body.client_id as string;
    const browser = new FormBrowser(server.url);
    const params = new URLSearchParams({
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      code_challenge: verifierChallenge,
      code_challenge_method: "S256",
      resource: `${server.url}/mcp`,
      state: "s",
    });
    let response = await browser.fetch(`/oauth/authorize?${params}`);
    if (response.status === 303) {
      const login = await (await browser.fetch(response.headers.get("location")!)).text();
      response = await browser.submit(login, server.demo.users!.member);
      response = await browser.fetch(response.headers.get("location")!);
    }
    const decided = await browser.submit(await response.text(), { decision: "allow" });
    return { clientId, code: new URL(decided.headers.get("location")!).searchParams.get("code")! };
  }
  const token = (form: Record<string, string>) =>
    fetch(`${server.url}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });

  const verifier = "v".repeat(50);
  const challenge = () => new Bun.CryptoHasher("sha256").update(verifier).digest("base64url");

  test("a code tried with a wrong PKCE verifier still works with the right one", async () => {
    const { clientId, code } = await authorizationCode(challenge());
    const wrong = await token({
      grant_type: "authorization_code",
      client_id: clientId,
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: "w".repeat(50),
    });
    expect([wrong.status, (await wrong.json()).error]).toEqual([400, "invalid_grant"]);
    const right = await token({ grant_type: "authorization_code", client_id: clientId, code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
    expect(right.status).toBe(200);
  });

  test("a refresh refused for a wrong resource leaves the refresh token usable, and the agent alive", async () => {
    const { clientId, code } = await authorizationCode(challenge());
    const pair = await (
      await token({ grant_type: "authorization_code", client_id: clientId, code, redirect_uri: REDIRECT_URI, code_verifier: verifier })
    ).json();
    const refresh = (resource: string) => token({ grant_type: "refresh_token", client_id: clientId, refresh_token: pair.refresh_token, resource });
    const wrong = await refresh("https://elsewhere.example/mcp");
    expect([wrong.status, (await wrong.json()).error]).toEqual([400, "invalid_target"]);
    const right = await refresh(`${server.url}/mcp`);
    expect(right.status).toBe(200);
    expect((await get(`${server.url}/v1/apps`, (await right.json()).access_token)).status).toBe(200);
  });
});

describe("SSRF", () => {
  test("webhook addresses on another port than 443 or 8443, or reaching a private IPv4 through IPv6, are refused", async () => {
    for (const url of [
      "https://hooks.example.com:22/x",
      "https://hooks.example.com:8080/x",
      "https://[::ffff:0:a00:1]/x",
      "https://[2001::1]/x",
      "https://[2002:c0a8:101::1]/x",
      "https://[64:ff9b::a00:1]/x",
    ]) {
      const res = await post(`${server.url}/v1/webhooks`, { url, events: ["feedback.created"] }, bearer(server.demo.tokens.admin));
      expect([url, res.status, res.body.code]).toEqual([url, 400, "invalid_webhook"]);
    }
  });
});
