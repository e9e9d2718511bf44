import { describe, expect, test } from "bun:test";
import type { PortalPeopleStore } from "../../../core/store/portal-people.ts";
import type { AccountStore } from "../../../core/store/accounts.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = PortalPeopleStore & Pick<AccountStore, "findSession">;

/** Portal people: one-time sign-in links and portal sessions. */
export function portalPeopleContract(makeStore: () => Promise<Subject>) {
  describe("portal people", () => {
    test("a sign-in link is taken once, before it expires; an expired or unknown one is null", async () => {
      const store = await makeStore();
      await store.saveSignInLink("h1", { orgId: "org", email: "ana@x.io", expiresAt: 1_000 });
      await store.saveSignInLink("h2", { orgId: "org", email: "bo@x.io", expiresAt: 1_000 });
      expect(await store.takeSignInLink("h1", 999)).toEqual({ orgId: "org", email: "ana@x.io" });
      expect(await store.takeSignInLink("h1", 999)).toBeNull();
      expect(await store.takeSignInLink("h2", 1_000)).toBeNull();
      expect(await store.takeSignInLink("unknown", 1)).toBeNull();
    });

    test("a sign-in link is found, and left unused, before it expires; a taken, expired or unknown one is null", async () => {
      const store = await makeStore();
      await store.saveSignInLink("h1", { orgId: "org", email: "ana@x.io", expiresAt: 1_000 });
      await store.saveSignInLink("h2", { orgId: "org", email: "bo@x.io", expiresAt: 1_000 });
      expect(await store.findSignInLink("h1", 999)).toEqual({ orgId: "org", email: "ana@x.io" });
      expect(await store.findSignInLink("h1", 999)).toEqual({ orgId: "org", email: "ana@x.io" });
      expect(await store.takeSignInLink("h1", 999)).toEqual({ orgId: "org", email: "ana@x.io" });
      expect(await store.findSignInLink("h1", 999)).toBeNull();
      expect(await store.findSignInLink("h2", 1_000)).toBeNull();
      expect(await store.findSignInLink("unknown", 1)).toBeNull();
    });

    test("a portal session gives its person until it expires or is deleted", async () => {
      const store = await makeStore();
      await store.createPortalSession("s1", { orgId: "org", email: "ana@x.io", name: "Ana", createdAt: 1, expiresAt: 1_000 });
      await store.createPortalSession("s2", { orgId: "org", email: "bo@x.io", createdAt: 1, expiresAt: 1_000 });
      expect(await store.findPortalSession("s1", 999)).toEqual({ orgId: "org", email: "ana@x.io", name: "Ana" });
      expect(await store.findPortalSession("s2", 999)).toEqual({ orgId: "org", email: "bo@x.io" });
      expect(await store.findPortalSession("s1", 1_000)).toBeNull();
      await store.deletePortalSession("s2");
      expect(await store.findPortalSession("s2", 2)).toBeNull();
      // A portal session is never a team session.
      expect(await store.findSession("s1", 2)).toBeNull();
    });
  });
}
