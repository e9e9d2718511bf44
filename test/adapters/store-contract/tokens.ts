import { describe, expect, test } from "bun:test";
import type { TokenStore } from "../../../core/store/tokens.ts";
import type { AccessStore } from "../../../core/store/access.ts";
import type { AppSetupStore } from "../../../core/store/app-setup.ts";
import type { OrganizationStore } from "../../../core/store/organizations.ts";
import type { UserStore } from "../../../core/store/users.ts";
import { contractKit } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = TokenStore &
  Pick<AccessStore, "authenticate"> &
  Pick<AppSetupStore, "createApp"> &
  Pick<OrganizationStore, "createOrganization"> &
  Pick<UserStore, "createUser" | "setMembership">;

/** Personal access tokens: issued for a member, listed, revoked. */
export function tokensContract(makeStore: () => Promise<Subject>) {
  const { freeOrg, person } = contractKit();

  describe("tokens", () => {
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
