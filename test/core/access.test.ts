import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { authenticate } from "../../core/access.ts";
import { scopesWithin } from "../../core/authorization.ts";
import type { Grant } from "../../core/model.ts";
import { recordsUse } from "../../core/last-use.ts";
import { resourcesOf } from "../../core/oauth/resources.ts";

import { tokenGrant as grant } from "./fake-organization.ts";

const audience = { resources: resourcesOf("https://retour.test"), where: "rest" as const };
/** A stand-in digest: these tests are about what reaches the store, not about SHA-256. */
const digest = (text: string) => `digest(${text})`;
const deps = (store: { authenticate: (hash: string) => Promise<Grant | null> }) => ({
  store: { authenticateApiKey: async () => null, ...store },
  clock: () => 0,
  digest,
});

describe("access", () => {
  test("missing or non-Bearer Authorization is unauthorized; an unknown token is invalid_token", async () => {
    const store = { authenticate: async () => null };
    for (const header of [null, "", "Basic abc", "Bearer", "Bearer a b"]) {
      assert.deepEqual(await authenticate(deps(store), header, audience), { ok: false, code: "unauthorized" }, String(header));
    }
    assert.deepEqual(await authenticate(deps(store), "Bearer rtr_x", audience), { ok: false, code: "invalid_token" });
  });

  test("the store is asked for the token's digest, never the token", async () => {
    const asked: string[] = [];
    const store = {
      authenticate: async (hash: string) => {
        asked.push(hash);
        return null;
      },
    };
    await authenticate(deps(store), "bearer rtr_x", audience);
    assert.deepEqual(asked, ["digest(rtr_x)"]);
  });

  test("effective scopes are the token's, cut down to the current role", () => {
    assert.deepEqual(scopesWithin("reader", ["feedbacks:read", "feedbacks:write", "reports:write"]), ["feedbacks:read"]);
    assert.deepEqual(scopesWithin("member", ["feedbacks:read", "webhooks:manage"]), ["feedbacks:read"]);
  });
});

describe("resource binding (RFC 8707)", () => {
  const resources = resourcesOf("https://retour.test");
  const found = (resource: string | null) => ({ authenticate: async () => ({ ...grant("member", ["feedbacks:read"]), resource }) });
  test("an MCP token opens /mcp and the REST API; a REST token does not open /mcp; another resource opens nothing", async () => {
    const at = async (resource: string | null, where: "rest" | "mcp") =>
      (await authenticate(deps(found(resource)), "Bearer t", { resources, where })).ok;
    assert.deepEqual([await at(resources.mcp, "mcp"), await at(resources.mcp, "rest")], [true, true]);
    assert.deepEqual([await at(resources.rest, "rest"), await at(resources.rest, "mcp")], [true, false]);
    assert.deepEqual([await at("https://other.example/mcp", "mcp"), await at("https://other.example/mcp", "rest")], [false, false]);
    assert.deepEqual([await at(null, "mcp"), await at(null, "rest")], [true, true]);
  });
});

describe("a credential's last use", () => {
  test("is recorded when it was never used, or more than a minute before; not within the minute", () => {
    const now = 1_000_000;
    assert.deepEqual(
      [null, undefined, now - 60_001, now - 60_000, now - 1].map((last) => recordsUse(last, now)),
      [true, true, true, false, false],
    );
  });
});
