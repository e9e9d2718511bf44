import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type InProcess, inProcess } from "../../support/in-process.ts";

let server: InProcess;
beforeAll(async () => {
  server = await inProcess();
});
afterAll(() => server.close());

describe("the MCP endpoint before any tool call", () => {
  test("no token: 401 with WWW-Authenticate pointing to the protected resource metadata", async () => {
    const res = await server.fetch(`${server.url}/mcp`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${server.url}/.well-known/oauth-protected-resource/mcp"`);
    const metadata = await (await server.fetch(`${server.url}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(metadata).toMatchObject({ resource: `${server.url}/mcp`, authorization_servers: [server.url], bearer_methods_supported: ["header"] });
  });

  test("a cross-site Origin is refused before anything else (DNS rebinding protection)", async () => {
    const res = await server.fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(403);
  });
});
