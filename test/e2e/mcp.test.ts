import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { get, post } from "../support/server.ts";
import { connectAgent } from "../support/mcp-client.ts";
import { waitFor } from "../support/wait.ts";

let server: Served;
beforeAll(async () => {
  server = await serveInProcess();
});
afterAll(() => server.stop());

describe("MCP with OAuth, driven by the official SDK client", () => {
  test("discovery from the 401, registration, sign-in and consent, token exchange, every tool, refresh and revocation", async () => {
    const key = (
      await post(`${server.url}/v1/reports`, {
        publicKey: server.demo.publicKey,
        kind: "problem",
        message: "MCP probe: export to PDF cuts the last page",
      })
    ).body.ticketId;
    // The background triage writes the feedback's nature and severity: once done, two reads agree.
    await waitFor(
      "the background triage of the report",
      async () => (await get(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.member)).body.nature,
      (nature) => nature !== undefined,
    );
    const { client, provider, consent } = await connectAgent(server.url, server.demo.users.member);
    expect(consent).toContain("Test Agent");
    expect(consent).toContain("http://127.0.0.1:9/callback");
    expect(client).not.toBeNull();

    const { tools } = await client!.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "add_comment",
      "create_report",
      "get_feature",
      "get_feedback",
      "list_apps",
      "list_features",
      "list_feedbacks",
      "list_similar_feedbacks",
      "merge_feedbacks",
      "publish_changelog_entry",
      "unmerge_feedback",
      "update_feedback",
      "update_feedback_status",
    ]);
    for (const tool of tools) {
      expect(tool.description!.length).toBeGreaterThan(40);
      expect(tool.outputSchema).toBeDefined();
    }

    const call = async (name: string, args: Record<string, unknown> = {}) => {
      const result = (await client!.callTool({ name, arguments: args })) as any;
      expect(result.isError ?? false).toBe(false);
      return result.structuredContent;
    };
    const apps = await call("list_apps");
    expect(apps).toEqual((await get(`${server.url}/v1/apps`, server.demo.tokens.member)).body);
    const features = await call("list_features", { appId: server.demo.appId });
    expect(features.data.length).toBeGreaterThanOrEqual(3);
    expect(await call("get_feature", { featureId: server.demo.featureId })).toMatchObject({ id: server.demo.featureId, path: "checkout" });
    const listed = await call("list_feedbacks", { query: "export pdf" });
    expect(listed.data.map((f: any) => f.key)).toEqual([key]);
    const feedback = await call("get_feedback", { key });
    expect(feedback).toEqual((await get(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.member)).body);
    const updated = await call("update_feedback_status", { key, status: "fixed", comment: "PR #77" });
    expect(updated.status).toBe("fixed");
    const created = await call("create_report", {
      appId: server.demo.appId,
      kind: "idea",
      message: "Agents would like a CSV export",
      name: "Ann",
      email: "ann@example.com",
    });
    expect(created).toMatchObject({ ok: true, merged: false });
    const read = await get(`${server.url}/v1/feedbacks/${created.ticketId}`, server.demo.tokens.member);
    expect(read.body.reportList[0]).toMatchObject({ source: "agent", author: "Ann" });
    const blank = (await client!.callTool({ name: "create_report", arguments: { appId: server.demo.appId, kind: "idea", message: " \n " } })) as any;
    expect(blank.isError).toBe(true);

    // The agent appears in its person's Agents list.
    const agents = await get(`${server.url}/v1/agents`, server.demo.tokens.member);
    expect(agents.body.data.map((a: any) => a.application)).toContain("Test Agent");

    // Refresh: a new pair; the old refresh token is spent.
    const before = provider.saved!;
    const token = async (form: Record<string, string>) => {
      const res = await fetch(`${server.url}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form),
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    const clientId = provider.client!.client_id;
    const refreshed = await token({
      grant_type: "refresh_token",
      refresh_token: before.refresh_token!,
      client_id: clientId,
      resource: `${server.url.replace("127.0.0.1", "localhost")}/mcp`,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(before.refresh_token);
    const mcp = (accessToken: string) =>
      fetch(`${server.url}/mcp`, {
        method: "POST",
        headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
    expect((await mcp(refreshed.body.access_token)).status).toBe(200);

    // Revocation (RFC 7009) of the new access token cuts it at once.
    const revoked = await fetch(`${server.url}/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: refreshed.body.access_token, client_id: clientId }),
    });
    expect(revoked.status).toBe(200);
    expect((await mcp(refreshed.body.access_token)).status).toBe(401);
    await client!.close();
  });

  test("a Reader's agent can read but is refused by update_feedback_status", async () => {
    const key = (
      await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "problem", message: "Reader agent probe about labels" })
    ).body.ticketId;
    const { client, consent } = await connectAgent(server.url, server.demo.users.reader);
    expect(consent).toContain("Read");
    expect(consent).not.toContain("<strong>Update</strong>");
    const read = (await client!.callTool({ name: "get_feedback", arguments: { key } })) as any;
    expect(read.isError ?? false).toBe(false);
    const refused = (await client!.callTool({ name: "update_feedback_status", arguments: { key, status: "fixed" } })) as any;
    expect(refused.isError).toBe(true);
    expect(JSON.parse(refused.content[0].text).code).toBe("forbidden");
    expect((await get(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin)).body.status).toBe("triage");
    await client!.close();
  });
});
