import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { Agent } from "../../core/model.ts";
import { replacedBy } from "../../core/oauth/replaced-agents.ts";

const MCP = "https://retour.example/mcp";
const REST = "https://retour.example/v1";
const SERVICE = "https://retour.example";

const earlier: Agent = {
  id: "earlier",
  clientId: "claude",
  userId: "ann",
  orgId: "demo",
  scopes: ["feedbacks:read"],
  resource: MCP,
  createdAt: 1,
  lastUsedAt: 1,
};
const agent: Agent = { ...earlier, id: "new", scopes: ["feedbacks:read", "feedbacks:write"], createdAt: 9, lastUsedAt: 9 };

describe("an application authorized again", () => {
  test("replaces the earlier agent of the same client, person, organization and resource, whatever its scopes", () => {
    assert.deepEqual(replacedBy(agent, [earlier, agent]), ["earlier"]);
  });

  test("for the REST API, leaves its agent for the MCP server, and the other way round", () => {
    assert.deepEqual(replacedBy({ ...agent, resource: REST }, [earlier]), []);
    assert.deepEqual(replacedBy(agent, [{ ...earlier, resource: REST }]), []);
  });

  test("for the service itself, which holds both, replaces its agents for either; for one of them, leaves its agent for the service", () => {
    const both = [earlier, { ...earlier, id: "rest", resource: REST }];
    assert.deepEqual(replacedBy({ ...agent, resource: SERVICE }, both), ["earlier", "rest"]);
    assert.deepEqual(replacedBy(agent, [{ ...earlier, resource: SERVICE }]), []);
  });

  test("leaves the agents of another client, person or organization", () => {
    const others: Agent[] = [
      { ...earlier, id: "client", clientId: "cursor" },
      { ...earlier, id: "person", userId: "bob" },
      { ...earlier, id: "organization", orgId: "second" },
    ];
    assert.deepEqual(replacedBy(agent, others), []);
  });
});
