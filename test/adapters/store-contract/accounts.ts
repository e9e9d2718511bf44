import { describe, expect, test } from "bun:test";
import type { Store } from "../../../core/services.ts";
import { contractKit } from "./kit.ts";

/** People: users, passwords, sessions and memberships, and their personal tokens. */
export function accountsContract(makeStore: () => Promise<Store>) {
  const { freeOrg, person } = contractKit();

  describe("accounts", () => {
    test("findUser reads a person by id, with the name when there is one", async () => {
      const store = await makeStore();
      await store.createUser({ id: "u-named", email: "named@x.io", name: "Ada Lovelace" });
      await store.createUser({ id: "u-plain", email: "plain@x.io" });
      expect(await store.findUser("u-named")).toEqual({ id: "u-named", email: "named@x.io", name: "Ada Lovelace" });
      expect(await store.findUser("u-plain")).toEqual({ id: "u-plain", email: "plain@x.io" });
      expect(await store.findUser("nobody")).toBeNull();
    });

    test("users, passwords, sessions and memberships", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      const { userId, email } = await person(store, orgId, "admin");
      await store.setPassword(userId, "hash");
      expect(await store.findCredentials(email)).toEqual({ userId, passwordHash: "hash" });
      await store.createSession("s1", userId, 0, 100);
      expect(await store.findSession("s1", 50)).toEqual({ userId, email });
      expect(await store.findSession("s1", 100)).toBeNull();
      await store.deleteSession("s1");
      expect(await store.findSession("s1", 50)).toBeNull();
      expect(await store.listMemberships(userId)).toEqual([{ orgId, orgName: expect.any(String), role: "admin" }]);
      expect(await store.listMembers(orgId)).toEqual([{ userId, email, role: "admin" }]);
      expect(await store.removeMembership(orgId, userId)).toBe(true);
      expect(await store.listMemberships(userId)).toEqual([]);
    });

    test("a person's sessions end together, and no one else's", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      const ann = await person(store, orgId);
      const bob = await person(store, orgId);
      await store.createSession("ann-laptop", ann.userId, 0, 100);
      await store.createSession("ann-phone", ann.userId, 0, 100);
      await store.createSession("bob-laptop", bob.userId, 0, 100);
      await store.deleteUserSessions(ann.userId);
      expect(await store.findSession("ann-laptop", 50)).toBeNull();
      expect(await store.findSession("ann-phone", 50)).toBeNull();
      expect(await store.findSession("bob-laptop", 50)).toEqual({ userId: bob.userId, email: bob.email });
    });

    test("personal tokens are listed and revoked once", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      const { userId } = await person(store, orgId);
      await store.createToken({
        id: "pt1",
        tokenHash: "ph1",
        orgId,
        userId,
        scopes: ["feedbacks:read"],
        label: "cli",
        createdAt: 1,
        expiresAt: null,
      });
      expect(await store.listTokens(orgId)).toEqual([
        { id: "pt1", userId, label: "cli", scopes: ["feedbacks:read"], createdAt: 1, expiresAt: null, lastUsedAt: null, revoked: false },
      ]);
      expect(await store.authenticate("ph1", 100_000, 1_000)).toMatchObject({ tokenId: "pt1", agentId: null, resource: null });
      expect((await store.listTokens(orgId))[0]?.lastUsedAt).toBe(100_000);
      expect(await store.revokeToken(orgId, "pt1", 20)).toBe(true);
      expect(await store.revokeToken(orgId, "pt1", 21)).toBe(false);
    });
  });
}
