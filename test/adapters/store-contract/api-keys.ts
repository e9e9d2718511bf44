import { describe, expect, test } from "bun:test";
import type { ApiKeyStore } from "../../../core/store/api-keys.ts";
import type { AppSetupStore } from "../../../core/store/app-setup.ts";
import type { OrganizationStore } from "../../../core/store/organizations.ts";
import { contractKit } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = ApiKeyStore & Pick<AppSetupStore, "createApp" | "createChannel"> & Pick<OrganizationStore, "createOrganization">;

/** A key of `orgId` named and hashed as its id. */
const keyOf = (orgId: string, id: string) => ({
  id,
  orgId,
  name: id,
  scopes: ["reports:write" as const],
  createdAt: 1,
  lastUsedAt: null,
  keyHash: id,
});

/** Organization API keys: created by an Admin, used by scripts as the organization, revoked at once. */
export function apiKeysContract(makeStore: () => Promise<Subject>) {
  const { seed } = contractKit();

  describe("API keys", () => {
    test("at most `limit` live keys per organization; revoking one makes room", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const key = (id: string) => keyOf(org.orgId, id);
      expect(await store.createApiKey(key("k1"), 2)).toBe(true);
      expect(await store.createApiKey(key("k2"), 2)).toBe(true);
      expect(await store.createApiKey(key("k3"), 2)).toBe(false);
      expect(await store.authenticateApiKey("k3", 5)).toBeNull();
      expect(await store.revokeApiKey(org.orgId, "k1", 5)).toBe(true);
      expect(await store.createApiKey(key("k4"), 2)).toBe(true);
      expect((await store.listApiKeys(org.orgId)).map((k) => k.id)).toEqual(["k2", "k4"]);
    });

    test("two keys created at once for the last place: one is created", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const key = (id: string) => keyOf(org.orgId, id);
      expect(await Promise.all([store.createApiKey(key("k1"), 1), store.createApiKey(key("k2"), 1)]).then((made) => made.toSorted())).toEqual([
        false,
        true,
      ]);
    });

    test("a key is found by its digest while live, records its use to the minute, and is listed without its digest", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const key = { id: "k1", orgId: org.orgId, name: "ci", scopes: ["feedbacks:read"] as const, createdAt: 10, lastUsedAt: null };
      await store.createApiKey({ ...key, scopes: [...key.scopes], keyHash: "hash-1" }, 50);
      expect(await store.authenticateApiKey("hash-2", 100_000)).toBeNull();
      expect(await store.authenticateApiKey("hash-1", 100_000)).toEqual({ ...key, scopes: ["feedbacks:read"], lastUsedAt: 100_000 });
      await store.authenticateApiKey("hash-1", 130_000);
      expect(await store.listApiKeys(org.orgId)).toEqual([{ ...key, scopes: ["feedbacks:read"], lastUsedAt: 100_000 }]);
      await store.authenticateApiKey("hash-1", 170_000);
      expect((await store.listApiKeys(org.orgId))[0]?.lastUsedAt).toBe(170_000);
    });

    test("a revoked key is refused at once and no longer listed; revoking is per organization, once", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const other = await seed(store);
      await store.createApiKey(
        { id: "k1", orgId: org.orgId, name: "ci", scopes: ["reports:write"], createdAt: 1, lastUsedAt: null, keyHash: "h" },
        50,
      );
      expect(await store.revokeApiKey(other.orgId, "k1", 5)).toBe(false);
      expect(await store.revokeApiKey(org.orgId, "k1", 5)).toBe(true);
      expect(await store.revokeApiKey(org.orgId, "k1", 6)).toBe(false);
      expect(await store.authenticateApiKey("h", 7)).toBeNull();
      expect(await store.listApiKeys(org.orgId)).toEqual([]);
    });
  });
}
