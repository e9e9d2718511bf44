import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { authenticate, authorize, effectiveScopes, tokenHash } from "../../core/access.ts";
import type { Grant } from "../../core/model.ts";

const grant = (role: Grant["role"], scopes: Grant["scopes"]): Grant => ({ tokenId: "t", orgId: "o", userId: "u", role, scopes });

describe("access", () => {
  test("missing or non-Bearer Authorization is unauthorized; an unknown token is invalid_token", async () => {
    const store = { authenticate: async () => null };
    for (const header of [null, "", "Basic abc", "Bearer", "Bearer a b"]) {
      assert.deepEqual(await authenticate(store, () => 0, header), { ok: false, code: "unauthorized" }, String(header));
    }
    assert.deepEqual(await authenticate(store, () => 0, "Bearer rtr_x"), { ok: false, code: "invalid_token" });
  });

  test("the store is asked for the token's SHA-256 hash, never the token", async () => {
    const asked: string[] = [];
    const store = {
      authenticate: async (hash: string) => {
        asked.push(hash);
        return null;
      },
    };
    await authenticate(store, () => 0, "bearer rtr_x");
    assert.deepEqual(asked, [await tokenHash("rtr_x")]);
  });

  test("effective scopes are the token's, cut down to the current role", () => {
    assert.deepEqual(effectiveScopes(["feedbacks:read", "feedbacks:write", "reports:write"], "reader"), ["feedbacks:read"]);
    assert.deepEqual(effectiveScopes(["feedbacks:read", "webhooks:manage"], "member"), ["feedbacks:read"]);
  });

  test("a Reader is forbidden to write; a missing scope is insufficient_scope", () => {
    assert.deepEqual(authorize(grant("reader", ["feedbacks:read"]), "feedbacks:write"), { ok: false, code: "forbidden" });
    assert.deepEqual(authorize(grant("admin", ["feedbacks:read"]), "feedbacks:write"), { ok: false, code: "insufficient_scope" });
    assert.equal(authorize(grant("member", ["feedbacks:write"]), "feedbacks:write").ok, true);
  });
});
