import { describe, expect, test } from "bun:test";
import type { TokenStore } from "../../../core/store/tokens.ts";
import type { OAuthStore } from "../../../core/store/oauth.ts";
import type { StoreUpkeep } from "../../../core/store/upkeep.ts";
import type { AccessStore } from "../../../core/store/access.ts";
import type { AppSetupStore } from "../../../core/store/app-setup.ts";
import type { OrganizationStore } from "../../../core/store/organizations.ts";
import type { UserStore } from "../../../core/store/users.ts";
import { contractKit } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = TokenStore &
  Pick<OAuthStore, "createClient" | "createAuthCode" | "createAgent" | "rotateRefreshToken"> &
  Pick<StoreUpkeep, "purgeExpired"> &
  Pick<AccessStore, "authenticate"> &
  Pick<AppSetupStore, "createApp"> &
  Pick<OrganizationStore, "createOrganization"> &
  Pick<UserStore, "createUser" | "setMembership">;

/** Personal access tokens: issued for a member, listed, revoked. */
export function tokensContract(makeStore: () => Promise<Subject>) {
  const { id, freeOrg, person } = contractKit();
  // Expiries an hour ahead: a real MongoDB's TTL index would delete a document dated 1970 on its own, mid-test.
  const T = Date.now() + 3_600_000;
  const IDLE = 3_600_000;

  /** A personal token of the person, `${name}` by hash and id, expiring at `expiresAt`. */
  const personal = (store: Subject, orgId: string, userId: string, name: string, expiresAt: number | null) =>
    store.createToken({ id: name, tokenHash: name, orgId, userId, scopes: ["feedbacks:read"], label: name, createdAt: 1, expiresAt });

  /** An agent authorized by the person at `at`, with an access and a refresh token, `${name}-a` and `${name}-r` by hash and id, expiring at `expiresAt`. */
  async function agent(store: Subject, orgId: string, userId: string, name: string, at: number, expiresAt: number) {
    await store.createClient({ id: `client-${name}`, name: "Claude", redirectUris: ["https://c/cb"], createdAt: 0 });
    const bound = { clientId: `client-${name}`, orgId, userId, scopes: ["feedbacks:read" as const], resource: "https://r/mcp" };
    const codeHash = id("code");
    await store.createAuthCode({ ...bound, codeHash, redirectUri: "https://c/cb", codeChallenge: "x", expiresAt: at + 60 });
    const agentId = id("agent");
    const token = (kind: "access" | "refresh") => ({
      ...bound,
      id: `${name}-${kind[0]}`,
      tokenHash: `${name}-${kind[0]}`,
      kind,
      agentId,
      createdAt: at,
      expiresAt,
    });
    expect(await store.createAgent({ ...bound, id: agentId, createdAt: at, lastUsedAt: at }, codeHash, [token("access"), token("refresh")], at)).toBe(
      true,
    );
  }

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

    test("tokens made at the same moment are listed by id, whatever order they were made in", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      const { userId } = await person(store, orgId);
      for (const name of ["tok-b", "tok-c", "tok-a"]) await personal(store, orgId, userId, name, null);
      expect((await store.listTokens(orgId)).map((t) => t.id)).toEqual(["tok-a", "tok-b", "tok-c"]);
    });

    test("the tokens listed are the personal ones: an agent's access and refresh tokens are never among them", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      const { userId } = await person(store, orgId);
      await personal(store, orgId, userId, "cli", null);
      await agent(store, orgId, userId, "claude", 5, T);
      expect((await store.listTokens(orgId)).map((t) => t.id)).toEqual(["cli"]);
    });

    test("an agent's token is not revoked as a personal token, and still lets its agent in", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      const { userId } = await person(store, orgId);
      await agent(store, orgId, userId, "claude", 5, T);
      expect(await store.revokeToken(orgId, "claude-a", 6)).toBe(false);
      expect(await store.revokeToken(orgId, "claude-r", 6)).toBe(false);
      expect(await store.authenticate("claude-a", 7, IDLE)).toMatchObject({ tokenId: "claude-a" });
    });

    test("purgeExpired deletes the personal and agent tokens expired at its time, and keeps the live ones", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      const { userId } = await person(store, orgId);
      await personal(store, orgId, userId, "ended", T);
      await personal(store, orgId, userId, "live", T + 1);
      await personal(store, orgId, userId, "lasting", null);
      await agent(store, orgId, userId, "gone", T - 1_000, T);
      await agent(store, orgId, userId, "kept", T - 1_000, T + 1);
      await store.purgeExpired(T);
      expect((await store.listTokens(orgId)).map((t) => t.id).sort()).toEqual(["lasting", "live"]);
      // An expired token is refused anyway: read at a time it was live, only a deleted one is missing.
      expect(await store.authenticate("gone-a", T - 500, IDLE)).toBeNull();
      expect(await store.authenticate("kept-a", T - 500, IDLE)).toMatchObject({ tokenId: "kept-a" });
      const declined = () => null;
      expect(await store.rotateRefreshToken("gone-r", "client-gone", T - 500, IDLE, declined)).toEqual({ state: "invalid" });
      expect(await store.rotateRefreshToken("kept-r", "client-kept", T - 500, IDLE, declined)).toEqual({ state: "declined" });
    });
  });
}
