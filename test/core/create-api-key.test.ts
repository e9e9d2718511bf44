import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { createApiKey } from "../../core/api-keys/create-api-key.ts";
import type { ApiKeyRecord } from "../../core/store/api-keys.ts";
import { NOW, tokenGrant } from "./fake-organization.ts";

const admin = { ...tokenGrant("admin", ["apikeys:manage"]), orgId: "org" };

/** The organization's keys in memory, created as a store does, up to the bound it is given. */
function fakeKeys() {
  const keys: ApiKeyRecord[] = [];
  const deps = {
    clock: () => NOW,
    ids: { id: () => `key-${keys.length + 1}`, secret: () => "s3cret" },
    digest: (text: string) => `digest:${text}`,
    store: { createApiKey: async (key: ApiKeyRecord, max: number) => keys.length < max && keys.push(key) > 0 },
  };
  return { keys, deps };
}

describe("creating an API key", () => {
  test("a name holding text-direction or other control characters (U+202E) is refused: invalid_body, reordering, and no key made", async () => {
    const fake = fakeKeys();
    const refused = await createApiKey(fake.deps, admin, { name: "ci\u202Etpircs", scopes: ["reports:write"] });
    assert.deepEqual(refused, { ok: false, code: "invalid_body", problem: { field: "name", reason: "reordering" } });
    assert.deepEqual(fake.keys, []);
  });

  test("a key's name is kept trimmed", async () => {
    const fake = fakeKeys();
    const created = await createApiKey(fake.deps, admin, { name: "  ci-script ", scopes: ["reports:write"] });
    assert.equal(created.ok && created.value.name, "ci-script");
  });
});
