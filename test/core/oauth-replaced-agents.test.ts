import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { Agent } from "../../core/model.ts";
import { replacedBy } from "../../core/oauth/replaced-agents.ts";

const earlier: Agent = {
  id: "earlier",
  clientId: "claude",
  userId: "ann",
  orgId: "demo",
  scopes: ["feedbacks:read"],
  resource: "https://retour.example/mcp",
  createdAt: 1,
  lastUsedAt: 1,
};
const agent: Agent = { ...earlier, id: "new", scopes: ["feedbacks:read", "feedbacks:write"], createdAt: 9, lastUsedAt: 9 };

describe("an application authorized again", () => {
  test("replaces the earlier agent of the same client, person and organization, whatever its scopes and resource", () => {
    assert.deepEqual(replacedBy(agent, [earlier, agent]), ["earlier"]);
    assert.deepEqual(replacedBy(agent, [{ ...earlier, resource: "https://retour.example/v1" }]), ["earlier"]);
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
