import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { operatorGrant } from "../../core/authorization.ts";
import type { Grant } from "../../core/model.ts";
import { alreadyConnectedIn } from "../../core/oauth/already-connected.ts";
import { listAgents } from "../../core/oauth/list-agents.ts";
import { removeAgent } from "../../core/oauth/remove-agent.ts";
import type { AgentView } from "../../core/store/oauth.ts";

const MCP = "https://retour.example/mcp";
const REST = "https://retour.example/v1";

const agent = (id: string, more: Partial<AgentView> = {}): AgentView => ({
  id,
  clientId: "claude",
  userId: "ann",
  orgId: "demo",
  scopes: ["feedbacks:read"],
  resource: MCP,
  createdAt: 1,
  lastUsedAt: 1,
  clientName: "Claude",
  redirectUris: ["https://claude.example/cb"],
  email: "ann@demo.test",
  ...more,
});

/** Live agents, in the order given, and which ones were revoked. */
function fakeStore(live: AgentView[]) {
  const revoked: string[] = [];
  return {
    revoked,
    async listAgents(orgId: string, userId: string | null) {
      return live.filter((a) => a.orgId === orgId && (userId === null || a.userId === userId) && !revoked.includes(a.id));
    },
    async revokeAgents(_orgId: string, ids: readonly string[]) {
      revoked.push(...ids);
      return ids.length > 0;
    },
  };
}

const ann: Grant = { ...operatorGrant("demo"), userId: "ann", role: "member", scopes: ["agents:manage"] };
const admin: Grant = { ...operatorGrant("demo"), scopes: ["agents:manage"] };

describe("the Agents list", () => {
  test("names an application once for its agents on both resources: what any of them can do, since the first was connected, last used when any was", async () => {
    const store = fakeStore([
      agent("mcp", { scopes: ["feedbacks:read", "reports:write"], createdAt: 1, lastUsedAt: 5 }),
      agent("rest", { resource: REST, scopes: ["feedbacks:read", "feedbacks:write"], createdAt: 3, lastUsedAt: 7 }),
    ]);
    const listed = await listAgents({ store }, ann);
    assert.ok(listed.ok);
    assert.deepEqual(
      listed.value.map((a) => [a.id, a.resources, a.scopes, a.createdAt, a.lastUsedAt]),
      [["rest", [MCP, REST], ["feedbacks:read", "reports:write", "feedbacks:write"], 1, 7]],
    );
  });

  test("keeps apart another application, and for an Admin another person's agent of the same application", async () => {
    const store = fakeStore([agent("ann"), agent("cursor", { clientId: "cursor", lastUsedAt: 2 }), agent("bob", { userId: "bob", lastUsedAt: 3 })]);
    const listed = await listAgents({ store }, admin);
    assert.ok(listed.ok);
    assert.deepEqual(
      listed.value.map((a) => a.id),
      ["bob", "cursor", "ann"],
    );
  });
});

describe("removing an agent", () => {
  test("removes its application's access on every resource, named by any of its agents; another application's, or another person's, stays", async () => {
    const store = fakeStore([
      agent("mcp"),
      agent("rest", { resource: REST }),
      agent("cursor", { clientId: "cursor" }),
      agent("bob", { userId: "bob" }),
    ]);
    assert.deepEqual(await removeAgent({ store, clock: () => 10 }, admin, "mcp"), { ok: true, value: undefined });
    assert.deepEqual(store.revoked.sort(), ["mcp", "rest"]);
  });

  test("of another person, by a Member, is not_found, and removes nothing", async () => {
    const store = fakeStore([agent("bob", { userId: "bob" })]);
    assert.deepEqual(await removeAgent({ store, clock: () => 10 }, ann, "bob"), { ok: false, code: "not_found" });
    assert.deepEqual(store.revoked, []);
  });
});

describe("the consent screen's notice of what allowing replaces", () => {
  const person = {
    userId: "ann",
    memberships: [
      { orgId: "demo", orgName: "Demo", role: "member" as const },
      { orgId: "second", orgName: "Second", role: "member" as const },
    ],
  };

  test("names the organizations where the application acts for the person on the resource it asks for, not those where it acts on another", async () => {
    const store = fakeStore([agent("demo"), agent("second", { orgId: "second", resource: REST })]);
    assert.deepEqual(
      (await alreadyConnectedIn({ store }, person, "claude", MCP)).map((m) => m.orgName),
      ["Demo"],
    );
    assert.deepEqual(
      (await alreadyConnectedIn({ store }, person, "claude", REST)).map((m) => m.orgName),
      ["Second"],
    );
    assert.deepEqual(
      (await alreadyConnectedIn({ store }, person, "claude", "https://retour.example")).map((m) => m.orgName),
      ["Demo", "Second"],
    );
    assert.deepEqual(await alreadyConnectedIn({ store }, person, "cursor", MCP), []);
  });
});
