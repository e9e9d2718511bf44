import { describe, expect, test } from "bun:test";
import type { AppSetupStore } from "../../../core/store/app-setup.ts";
import type { OrganizationStore } from "../../../core/store/organizations.ts";
import type { PortalStore } from "../../../core/store/portals.ts";
import { contractKit, portal } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = PortalStore & Pick<AppSetupStore, "createApp" | "createChannel"> & Pick<OrganizationStore, "createOrganization">;

/** The portals of organizations, one each, found by organization or by slug. */
export function portalsContract(makeStore: () => Promise<Subject>) {
  const { seed } = contractKit();

  describe("portals", () => {
    test("a portal is found by its organization and by its slug, with every setting it was saved with, and a slug belongs to one organization", async () => {
      const store = await makeStore();
      const a = await seed(store);
      const b = await seed(store);
      expect(await store.findPortal(a.orgId)).toBeNull();
      const settings = { statusLabels: { triage: "New" }, brandColor: "#123456", signInUrl: "https://app.acme.example/login?via=portal" };
      expect(await store.savePortal(settings, portal(a.orgId, "acme"))).toEqual(portal(a.orgId, "acme", settings));
      expect(await store.setSsoSecret(a.orgId, "sealed")).toBe(true);
      expect(await store.findPortal(a.orgId)).toEqual(portal(a.orgId, "acme", { ...settings, ssoSecretSealed: "sealed" }));
      expect((await store.findPortalBySlug("acme"))?.orgId).toBe(a.orgId);
      expect(await store.savePortal({}, portal(b.orgId, "acme"))).toBeNull();
      expect(await store.savePortal({ slug: "acme" }, portal(b.orgId, "bravo"))).toBeNull();
      expect(await store.findPortal(b.orgId)).toBeNull();
      // Its owner renames it; the former slug is free again.
      expect(await store.savePortal({ slug: "acme-2", enabled: false }, portal(a.orgId, "acme"))).toMatchObject({ slug: "acme-2", enabled: false });
      expect(await store.findPortalBySlug("acme")).toBeNull();
      expect(await store.savePortal({}, portal(b.orgId, "acme"))).toMatchObject({ orgId: b.orgId, slug: "acme" });
      expect(await store.savePortal({ slug: "acme" }, portal(a.orgId, "acme-2"))).toBeNull();
      expect(await store.findPortal(a.orgId)).toMatchObject({ slug: "acme-2", enabled: false });
    });

    test("a save writes the settings it changes and those alone: two saves of different settings, made from the same reading, both stand", async () => {
      const store = await makeStore();
      const a = await seed(store);
      const read = portal(a.orgId, "acme");
      await store.savePortal({}, read);
      await Promise.all([store.savePortal({ title: "Ideas" }, read), store.savePortal({ posting: "off", brandColor: "#abcdef" }, read)]);
      expect(await store.findPortal(a.orgId)).toEqual(portal(a.orgId, "acme", { title: "Ideas", posting: "off", brandColor: "#abcdef" }));
    });

    test("a portal keeps when it last changed: the defaults' time for a new one, the time a save gives, and that time until another", async () => {
      const store = await makeStore();
      const a = await seed(store);
      expect(await store.savePortal({ enabled: true }, portal(a.orgId, "acme", { changedAt: 5_000 }))).toMatchObject({ changedAt: 5_000 });
      expect(await store.savePortal({ title: "Ideas", changedAt: 9_000 }, portal(a.orgId, "acme"))).toMatchObject({
        title: "Ideas",
        changedAt: 9_000,
      });
      expect(await store.savePortal({ posting: "off" }, portal(a.orgId, "acme"))).toMatchObject({ posting: "off", changedAt: 9_000 });
    });

    test("the SSO secret is written alone: a settings save keeps it; a portal never saved takes none", async () => {
      const store = await makeStore();
      const a = await seed(store);
      expect(await store.setSsoSecret(a.orgId, "sealed")).toBe(false);
      expect(await store.findPortal(a.orgId)).toBeNull();
      expect(await store.savePortal({}, portal(a.orgId, "acme", { ssoSecretSealed: "ignored" }))).toMatchObject({ ssoSecretSealed: null });
      expect(await store.setSsoSecret(a.orgId, "sealed")).toBe(true);
      expect(await store.savePortal({ title: "Ideas" }, portal(a.orgId, "acme"))).toMatchObject({ title: "Ideas", ssoSecretSealed: "sealed" });
    });
  });
}
