import { describe, expect, test } from "bun:test";
import type { AppSetupStore } from "../../../core/store/app-setup.ts";
import type { OrganizationStore } from "../../../core/store/organizations.ts";
import type { PortalStore } from "../../../core/store/portals.ts";
import type { ServiceSecretStore } from "../../../core/store/service-secret.ts";
import type { StoreUpkeep } from "../../../core/store/upkeep.ts";
import type { WebhookStore } from "../../../core/store/webhooks.ts";
import { contractKit, portal } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = ServiceSecretStore &
  Pick<StoreUpkeep, "ping"> &
  Pick<WebhookStore, "createWebhook"> &
  Pick<PortalStore, "savePortal" | "setSsoSecret"> &
  Pick<OrganizationStore, "createOrganization"> &
  Pick<AppSetupStore, "createApp">;

/** The secrets every process shares: the one for cursors and signed links, and the check of the key that seals the others. */
export function serviceSecretContract(makeStore: () => Promise<Subject>) {
  const { freeOrg, webhook } = contractKit();

  describe("service secret", () => {
    test("the service secret is created once and read back the same", async () => {
      const store = await makeStore();
      const first = await store.serviceSecret();
      expect(first.length).toBe(32);
      expect(await store.serviceSecret()).toEqual(first);
      expect(await store.ping()).toBe(true);
    });

    test("the key check: none at first; the first one adopted is kept, a later one gets it back; a replacement replaces it", async () => {
      const store = await makeStore();
      expect(await store.findKeyCheck()).toBeNull();
      expect(await store.adoptKeyCheck("v1.first")).toBe("v1.first");
      expect(await store.adoptKeyCheck("v1.second")).toBe("v1.first");
      expect(await store.findKeyCheck()).toBe("v1.first");
      await store.replaceKeyCheck("v1.new");
      expect(await store.findKeyCheck()).toBe("v1.new");
    });

    test("sealed samples: a portal's sealed SSO secret, when it is the only secret the store keeps", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      expect(await store.savePortal({}, portal(orgId, "acme"))).not.toBeNull();
      expect(await store.sealedSamples()).toEqual([]);
      expect(await store.setSsoSecret(orgId, "sealed-sso")).toBe(true);
      expect(await store.sealedSamples()).toEqual(["sealed-sso"]);
    });

    test("sealed samples: none in an empty store; then up to three of each kind, the newest among them", async () => {
      const store = await makeStore();
      expect(await store.sealedSamples()).toEqual([]);
      const { orgId } = await freeOrg(store);
      for (const n of [1, 2, 3, 4]) await store.createWebhook({ ...webhook(orgId), id: `wh${n}`, secretSealed: `sealed-${n}` }, 10);
      const hooks = await store.sealedSamples();
      expect([hooks.length, hooks.includes("sealed-4")]).toEqual([3, true]);
      expect(await store.savePortal({}, portal(orgId, "acme"))).not.toBeNull();
      expect(await store.setSsoSecret(orgId, "sealed-sso")).toBe(true);
      expect(await store.sealedSamples()).toEqual(expect.arrayContaining(["sealed-4", "sealed-sso"]));
    });
  });
}
