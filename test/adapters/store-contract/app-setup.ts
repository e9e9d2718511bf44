import { describe, expect, test } from "bun:test";
import type { AppSetupStore } from "../../../core/store/app-setup.ts";
import type { CatalogStore } from "../../../core/store/catalog.ts";
import type { CollectionStore } from "../../../core/store/collection.ts";
import type { OrganizationStore } from "../../../core/store/organizations.ts";
import { contractKit } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = AppSetupStore &
  Pick<CatalogStore, "findApp" | "findFeature" | "listFeatures"> &
  Pick<CollectionStore, "findChannelByKey"> &
  Pick<OrganizationStore, "createOrganization">;

/** App setup: channels, feature maps and browser settings. */
export function appSetupContract(makeStore: () => Promise<Subject>) {
  const { id, seed, freeOrg } = contractKit();

  describe("app setup", () => {
    test("setBrowserCollection replaces an app's browser settings, seen by the channel keys that open it", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const key = id("widget");
      await store.createChannel({ id: id("ch"), orgId: org.orgId, appId: org.appId, kind: "widget", key, active: true });
      expect((await store.findChannelByKey(key))?.app.browser).toBeUndefined();
      const browser = { origins: ["https://shop.example"], replay: true, queryParams: ["tab"] };
      expect(await store.setBrowserCollection(org.orgId, org.appId, browser)).toBe(true);
      expect((await store.findChannelByKey(key))?.app.browser).toEqual(browser);
      expect((await store.findApp(org.orgId, org.appId))?.browser).toEqual(browser);
      expect(await store.setBrowserCollection("another-org", org.appId, browser)).toBe(false);
    });

    test("setGroupingMode sets how grouping treats an app's duplicates, read with the app; another organization's app is refused", async () => {
      const store = await makeStore();
      const { orgId, appId } = await freeOrg(store);
      expect(await store.setGroupingMode(orgId, appId, "review")).toBe(true);
      expect((await store.findApp(orgId, appId))?.groupingMode).toBe("review");
      expect(await store.setGroupingMode(orgId, appId, "auto")).toBe(true);
      // `auto` is also what an app that never chose does: either way it reads as auto.
      expect((await store.findApp(orgId, appId))?.groupingMode ?? "auto").toBe("auto");
      expect(await store.setGroupingMode("another-org", appId, "review")).toBe(false);
    });

    test("channels are found by key with their app and organization, and can be disabled by id or key", async () => {
      const store = await makeStore();
      const { orgId, appId } = await freeOrg(store);
      const key = id("pk");
      await store.createChannel({ id: id("ch"), orgId, appId, kind: "api", key, active: true });
      expect(await store.findChannelByKey(key)).toMatchObject({ channel: { key, active: true }, app: { id: appId }, organization: { id: orgId } });
      expect(await store.setChannelActive(orgId, key, false)).toBe(true);
      expect((await store.listChannels(orgId, appId)).map((c) => c.active)).toEqual([false]);
      expect(await store.setChannelActive("another-org", key, true)).toBe(false);
    });

    test("replaceFeatures keeps the given ids, updates them, and drops the others; open feedbacks are counted", async () => {
      const store = await makeStore();
      const { orgId, appId } = await freeOrg(store);
      await store.replaceFeatures(orgId, appId, [
        { id: "f-a", name: "A", path: "a" },
        { id: "f-b", name: "B", path: "b", severityFloor: "P1", cues: ["pay"] },
      ]);
      await store.replaceFeatures(orgId, appId, [{ id: "f-b", name: "B2", path: "b", severityFloor: "P1", cues: ["pay"] }]);
      expect(await store.listFeatures(orgId, appId)).toEqual([
        { id: "f-b", orgId, appId, name: "B2", path: "b", severityFloor: "P1", cues: ["pay"], openFeedbacks: 0 },
      ]);
      expect(await store.findFeature(orgId, "f-a")).toBeNull();
    });
  });
}
