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
      expect(
        await store.savePortal(
          portal(a.orgId, "acme", {
            statusLabels: { triage: "New" },
            brandColor: "#123456",
            signInUrl: "https://app.acme.example/login?via=portal",
          }),
        ),
      ).toBe(true);
      expect(await store.setSsoSecret(a.orgId, "sealed")).toBe(true);
      expect(await store.findPortal(a.orgId)).toEqual(
        portal(a.orgId, "acme", {
          statusLabels: { triage: "New" },
          brandColor: "#123456",
          signInUrl: "https://app.acme.example/login?via=portal",
          ssoSecretSealed: "sealed",
        }),
      );
      expect((await store.findPortalBySlug("acme"))?.orgId).toBe(a.orgId);
      expect(await store.savePortal(portal(b.orgId, "acme"))).toBe(false);
      expect(await store.findPortal(b.orgId)).toBeNull();
      // Its owner renames it; the former slug is free again.
      expect(await store.savePortal(portal(a.orgId, "acme-2", { enabled: false }))).toBe(true);
      expect(await store.findPortalBySlug("acme")).toBeNull();
      expect(await store.savePortal(portal(b.orgId, "acme"))).toBe(true);
      expect((await store.findPortal(a.orgId))?.enabled).toBe(false);
    });

    test("the SSO secret is written alone: a settings save keeps it, whatever the record it is given; a portal never saved takes none", async () => {
      const store = await makeStore();
      const a = await seed(store);
      expect(await store.setSsoSecret(a.orgId, "sealed")).toBe(false);
      expect(await store.findPortal(a.orgId)).toBeNull();
      expect(await store.savePortal(portal(a.orgId, "acme", { ssoSecretSealed: "ignored" }))).toBe(true);
      expect((await store.findPortal(a.orgId))?.ssoSecretSealed).toBeNull();
      expect(await store.setSsoSecret(a.orgId, "sealed")).toBe(true);
      expect(await store.savePortal(portal(a.orgId, "acme", { title: "Ideas", ssoSecretSealed: null }))).toBe(true);
      expect(await store.findPortal(a.orgId)).toMatchObject({ title: "Ideas", ssoSecretSealed: "sealed" });
    });
  });
}
