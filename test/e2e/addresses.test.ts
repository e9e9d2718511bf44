import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { createLogger } from "../../adapters/logging/logger.ts";
import { serviceAddress } from "../../apps/runtime/address.ts";
import { loadConfig } from "../../apps/runtime/config.ts";
import { closeServices, createServices } from "../../apps/runtime/services.ts";
import { runCommand } from "../support/in-process.ts";
import { connectAgent } from "../support/mcp-client.ts";
import { rawExchange } from "../support/raw.ts";
import { startServer, type TestServer } from "../support/server.ts";

const mcpRequest = (host: string) =>
  `POST /mcp HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`;

describe("without BASE_URL", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  test("no answer tells browsers to use https only: the address is plain http (no Strict-Transport-Security)", async () => {
    expect((await fetch(`${server.url}/health`)).headers.get("strict-transport-security")).toBeNull();
  });

  test("an MCP client pointed at http://127.0.0.1:PORT/mcp connects through OAuth: the loopback names are the same resource", async () => {
    const loopback = server.url.replace("localhost", "127.0.0.1");
    const { client } = await connectAgent(loopback, server.demo.users.member);
    expect(client).not.toBeNull();
    const { tools } = await client!.listTools();
    expect(tools.length).toBeGreaterThan(0);
    await client!.close();
  });

  test("the protected resource metadata names the address the client used", async () => {
    const loopback = server.url.replace("localhost", "127.0.0.1");
    const metadata = await (await fetch(`${loopback}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(metadata).toMatchObject({ resource: `${loopback}/mcp`, authorization_servers: [loopback] });
  });

  test("the start message says which addresses are its own, where to sign in to the web app, and where MCP is", () => {
    const port = new URL(server.url).port;
    expect(server.messages()).toContain(
      `Retour is running at http://localhost:${port}. It also answers as http://127.0.0.1:${port} and http://[::1]:${port} (BASE_URL is not set`,
    );
    expect(server.messages()).toContain(`Web app:  http://localhost:${port}/login`);
    expect(server.messages()).toContain(`MCP:      http://localhost:${port}/mcp`);
  });

  test("a request for a host that is not the server's own gets 403 with a message naming BASE_URL", async () => {
    const reply = await rawExchange(new URL(server.url).port, mcpRequest("192.168.1.5:3000"));
    expect(reply).toStartWith("HTTP/1.1 403");
    expect(reply).toContain("Host 192.168.1.5:3000 is not this server's address");
    expect(reply).toContain("set BASE_URL to the address clients use");
  });

  // The CLI's services for the server's DATA_DIR, made as the CLI makes them, in process (the CLI
  // process itself is run by the README's walk-through and test/e2e/start.test.ts).
  test("the CLI writes links with the address the server answers at, not http://localhost:3000", async () => {
    const config = loadConfig({ ...process.env, DATA_DIR: server.dataDir });
    const services = await createServices(config, createLogger("silent", false), serviceAddress(config), "cli");
    const out = await runCommand(services, [
      "tracker",
      "set",
      "DEMO",
      server.demo.appId,
      "bridge",
      "--project",
      "P",
      "--url",
      "https://bridge.example",
    ]).finally(() => closeServices(services));
    expect(out).toContain(`Its webhook: ${server.url}/integrations/bridge/webhook`);
  });

  test("a PORT already in use: one clear line naming PORT, exit code 2, no stack trace", async () => {
    const proc = Bun.spawn([process.execPath, join(import.meta.dir, "../../apps/server/main.ts")], {
      env: { ...process.env, DATA_DIR: server.dataDir, PORT: new URL(server.url).port },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
    expect(code).toBe(2);
    expect(stderr.trim()).toBe(`retour: PORT ${new URL(server.url).port} is already in use by another process: stop it, or set PORT to a free port`);
  });
});

describe("with BASE_URL", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ BASE_URL: "https://retour.example.com" });
  });
  afterAll(() => server.stop());

  test("a request on another host gets a clear error naming BASE_URL and the address to use", async () => {
    const reply = await rawExchange(new URL(server.url).port, mcpRequest("retour.internal:3000"));
    expect(reply).toStartWith("HTTP/1.1 403");
    expect(reply).toContain(
      "is not this server's address, https://retour.example.com, as BASE_URL sets it (this machine's, while it is not set). Point the client at https://retour.example.com/mcp",
    );
  });

  test("every answer tells browsers to come back over https only, for a year (Strict-Transport-Security), a refusal too", async () => {
    const answers = [await fetch(`${server.url}/health`), await fetch(`${server.url}/v2/nothing`)];
    expect(answers.map((a) => a.headers.get("strict-transport-security"))).toEqual(["max-age=31536000", "max-age=31536000"]);
  });

  test("the log line that says the server listens names the proxy hops it trusts (TRUST_PROXY), which the rate limits' addresses hang on", () => {
    const listening = server
      .output()
      .split("\n")
      .find((line) => line.includes('"retour listening"'));
    expect(JSON.parse(listening!)).toMatchObject({ baseUrl: "https://retour.example.com", trustedProxyHops: 0 });
  });

  test("the start message says that only BASE_URL is its own", () => {
    expect(server.messages()).toContain("Retour is running at https://retour.example.com. Only this address is its own (BASE_URL).");
  });

  test("the start message says the port the server itself listens on, over plain http, where the proxy in front of BASE_URL forwards", () => {
    expect(server.messages()).toContain(
      `The server itself listens on port ${new URL(server.url).port} of every interface, over plain http: a reverse proxy in front forwards there.`,
    );
  });
});
