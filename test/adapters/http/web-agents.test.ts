import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { type Served, serveInProcess } from "../../support/in-process.ts";
import { connectAgent } from "../../support/mcp-client.ts";
import { AGENT_IDLE_MS } from "../../../core/oauth/lifetimes.ts";

/** The official MCP client needs a socket: the application is served in this process. */
let server: Served;
beforeAll(async () => {
  server = await serveInProcess();
});
afterAll(() => server.stop());

describe("the Agents page", () => {
  test("removing an agent in the Agents page, named with who connected it and when, cuts it off and says so", async () => {
    const agent = await connectAgent(server.url, server.demo.users.member);
    expect((await agent.client!.listTools()).tools.length).toBeGreaterThan(0);
    const member = new FormBrowser(server.url);
    await signIn(member, server.demo.users.member.email, server.demo.users.member.password, "/settings/agents");
    const listed = await (await member.fetch("/settings/agents")).text();
    expect(listed).toContain("Removing an agent cuts it off at once.");
    const row = /<tr><td data-label="Application">Test Agent<span[^>]*>Through MCP<\/span><\/td>[\s\S]*?<\/tr>/.exec(listed)![0];
    const remove = /<form method="post" action="([^"]+\/remove)"[\s\S]*?<\/form>/.exec(row)!;
    const asked = await member.submit(remove[0], {}, undefined, { origin: server.url });
    const confirm = await asked.text();
    expect(asked.status).toBe(200);
    expect(/<h1>([^<]*)<\/h1>/.exec(confirm)![1]).toMatch(/^Remove Test Agent, connected by member@demo\.test on .+\? It is cut off at once\.$/);
    const confirmed = new RegExp(`<form method="post" action="${remove[1]}"[\\s\\S]*?</form>`).exec(confirm)![0];
    expect(confirmed).toContain('<input type="hidden" name="confirm" value="yes">');
    const removed = await member.submit(confirmed, {}, undefined, { origin: server.url });
    // Redirected, so that a reload does not post again; the page it leads to says so, once.
    expect([removed.status, removed.headers.get("location")]).toEqual([303, "/settings/agents"]);
    const after = await (await member.fetch("/settings/agents")).text();
    expect(after).toContain("Test Agent is removed: it was cut off at once.");
    expect(await (await member.fetch("/settings/agents")).text()).not.toContain("is removed");
    // With none left, the page says where one connects, and nothing about removing.
    expect(after).not.toContain("Removing an agent cuts it off at once.");
    expect(after).toContain(
      `No agent is connected. An AI agent connects through MCP, after you sign in and allow it, at <code>${server.url}/mcp</code>.`,
    );
    await expect(agent.client!.listTools()).rejects.toThrow();
  });

  test("with agents listed, the page still says where an AI agent connects, in English and French", async () => {
    await connectAgent(server.url, server.demo.users.admin);
    const admin = new FormBrowser(server.url);
    await signIn(admin, server.demo.users.admin.email, server.demo.users.admin.password, "/settings/agents");
    const listed = await (await admin.fetch("/settings/agents")).text();
    expect(listed).toContain("Test Agent");
    expect(listed).toContain(`<p>An AI agent connects through MCP, after you sign in and allow it, at <code>${server.url}/mcp</code>.</p>`);
    const inFrench = await (await admin.fetch("/settings/agents", { headers: { "accept-language": "fr" } })).text();
    expect(inFrench).toContain(
      `<p>Un agent d’IA se connecte par MCP, une fois que vous l’avez autorisé, à l’adresse <code>${server.url}/mcp</code>.</p>`,
    );
  });
});

describe("the Tokens page", () => {
  test("an agent's tokens are not personal tokens: the Tokens page lists only the person's own, and cannot revoke an agent's", async () => {
    const agent = await connectAgent(server.url, server.demo.users.member);
    const { services } = server;
    const held = await services.store.authenticate(services.digest(agent.provider.tokens()!.access_token), services.clock(), AGENT_IDLE_MS);
    const member = new FormBrowser(server.url);
    await signIn(member, server.demo.users.member.email, server.demo.users.member.password, "/settings/tokens");
    const page = await (await member.fetch("/settings/tokens")).text();
    // The personal token the demo gave the member, and nothing of the agent's.
    expect([...page.matchAll(/<td data-label="Label">([^<]*)<\/td>/g)].map((m) => m[1])).toEqual(["demo member"]);
    const revoked = await member.submit(
      `<form method="post" action="/settings/tokens/${held!.tokenId}/revoke"></form>`,
      { csrf: /name="csrf" value="([^"]+)"/.exec(page)![1]!, confirm: "yes" },
      undefined,
      { origin: server.url },
    );
    expect([revoked.status, revoked.headers.get("location")]).toEqual([303, "/settings/tokens"]);
    // Not found as a personal token, it is left alone: the agent still works, until removed on the Agents page.
    expect((await agent.client!.listTools()).tools.length).toBeGreaterThan(0);
  });
});
