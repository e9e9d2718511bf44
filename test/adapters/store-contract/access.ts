import { describe, expect, test } from "bun:test";
import type { AccessStore } from "../../../core/store/access.ts";
import type { AppSetupStore } from "../../../core/store/app-setup.ts";
import type { OrganizationStore } from "../../../core/store/organizations.ts";
import type { TokenStore } from "../../../core/store/tokens.ts";
import type { UserStore } from "../../../core/store/users.ts";
import { contractKit } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = AccessStore &
  Pick<AppSetupStore, "createApp" | "createChannel"> &
  Pick<OrganizationStore, "createOrganization"> &
  Pick<TokenStore, "createToken" | "revokeToken" | "listTokens"> &
  Pick<UserStore, "createUser" | "removeMembership" | "setMembership">;

/** Access: the grant behind a token, with its holder's current role. */
export function accessContract(makeStore: () => Promise<Subject>) {
  const { seed } = contractKit();

  describe("access", () => {
    test("authenticate returns the current role and refuses revoked, expired and former members' tokens", async () => {
      const store = await makeStore();
      const org = await seed(store);
      await store.createUser({ id: "u1", email: "u1@x.io" });
      await store.setMembership(org.orgId, "u1", "member");
      await store.createToken({
        id: "t1",
        tokenHash: "h1",
        orgId: org.orgId,
        userId: "u1",
        scopes: ["feedbacks:read"],
        label: "l",
        createdAt: 0,
        expiresAt: 100,
      });
      expect(await store.authenticate("h1", 50, 1_000)).toMatchObject({ role: "member", scopes: ["feedbacks:read"] });
      expect(await store.authenticate("h1", 100, 1_000)).toBeNull();
      await store.setMembership(org.orgId, "u1", "reader");
      expect((await store.authenticate("h1", 10, 1_000))?.role).toBe("reader");
      await store.revokeToken(org.orgId, "t1", 20);
      expect(await store.authenticate("h1", 30, 1_000)).toBeNull();
    });

    test("a former member's tokens stay revoked when they are added again; another member's keep working", async () => {
      const store = await makeStore();
      const org = await seed(store);
      for (const id of ["u1", "u2"]) {
        await store.createUser({ id, email: `${id}@x.io` });
        await store.setMembership(org.orgId, id, "member");
        await store.createToken({
          id: `t-${id}`,
          tokenHash: `h-${id}`,
          orgId: org.orgId,
          userId: id,
          scopes: ["feedbacks:read"],
          label: "l",
          createdAt: 0,
          expiresAt: null,
        });
      }
      expect(await store.removeMembership(org.orgId, "u1", 10)).toBe(true);
      await store.setMembership(org.orgId, "u1", "member");
      expect(await store.authenticate("h-u1", 20, 1_000)).toBeNull();
      expect(await store.listTokens(org.orgId)).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: "t-u1", revoked: true }), expect.objectContaining({ id: "t-u2", revoked: false })]),
      );
      expect((await store.authenticate("h-u2", 20, 1_000))?.role).toBe("member");
    });
  });
}
