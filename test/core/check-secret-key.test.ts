import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { SecretBox } from "../../core/ports.ts";
import { keyOpensStore, storeHoldsSealed } from "../../core/upkeep/check-secret-key.ts";

/** A box that seals with its key's name and opens only what that key sealed. */
const box = (key: string): SecretBox => ({
  seal: async (text) => `${key}:${text}`,
  open: async (sealed) => {
    if (!sealed.startsWith(`${key}:`)) throw new Error("does not open");
    return sealed.slice(key.length + 1);
  },
});

/** A store made before the key check, keeping these sealed secrets. */
function storeBeforeTheCheck(samples: string[]) {
  let check: string | null = null;
  return {
    findKeyCheck: async () => check,
    adoptKeyCheck: async (sealed: string) => (check ??= sealed),
    sealedSamples: async () => samples,
  };
}

describe("a store made before the key check", () => {
  test("takes a key that opens one of its secrets, though another was left unreadable by an earlier lost key", async () => {
    const store = storeBeforeTheCheck(["lost:old webhook secret", "right:tracker token"]);
    assert.equal(await keyOpensStore({ store, secrets: box("right") }), true);
    // From then on the check it adopted decides.
    assert.equal(await keyOpensStore({ store, secrets: box("wrong") }), false);
  });

  test("refuses a key that opens none of its secrets, and adopts no check", async () => {
    const store = storeBeforeTheCheck(["right:webhook secret", "right:tracker token"]);
    assert.equal(await keyOpensStore({ store, secrets: box("wrong") }), false);
    assert.equal(await store.findKeyCheck(), null);
  });

  test("without any secret, takes the key it is given", async () => {
    const store = storeBeforeTheCheck([]);
    assert.equal(await keyOpensStore({ store, secrets: box("first") }), true);
    assert.equal(await keyOpensStore({ store, secrets: box("other") }), false);
  });
});

describe("whether a store holds anything sealed, which a start without a key would have lost", () => {
  test("a new store holds nothing; once a key is checked, it holds the check", async () => {
    const store = storeBeforeTheCheck([]);
    assert.equal(await storeHoldsSealed(store), false);
    await keyOpensStore({ store, secrets: box("first") });
    assert.equal(await storeHoldsSealed(store), true);
  });

  test("a store made before the check holds its sealed secrets", async () => {
    assert.equal(await storeHoldsSealed(storeBeforeTheCheck(["right:webhook secret"])), true);
  });
});
