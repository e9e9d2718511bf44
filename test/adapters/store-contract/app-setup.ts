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
    test("at most `limit` apps per organization; another organization's are not counted", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      const other = await freeOrg(store);
      const app = (owner: string) => ({ id: id("app"), orgId: owner, name: "Shop", kind: "web" as const });
      expect(await store.createApp(app(orgId), 2)).toBe(true);
      const refused = app(orgId);
      expect(await store.createApp(refused, 2)).toBe(false);
      expect(await store.findApp(orgId, refused.id)).toBeNull();
      expect(await store.createApp(app(other.orgId), 2)).toBe(true);
    });

    test("two apps created at once for the last place: one is created", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      const made = await Promise.all(["a", "b"].map((name) => store.createApp({ id: id("app"), orgId, name, kind: "web" }, 2)));
      expect(made.toSorted()).toEqual([false, true]);
    });

    test("at most `limit` channels per app, disabled ones included; another app's are not counted", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const channel = (appId: string) => ({ id: id("ch"), orgId: org.orgId, appId, kind: "widget" as const, key: id("key"), active: true });
      const second = channel(org.appId);
      expect(await store.createChannel(second, 2)).toBe(true);
      expect(await store.setChannelActive(org.orgId, second.id, false)).toBe(true);
      const refused = channel(org.appId);
      expect(await store.createChannel(refused, 2)).toBe(false);
      expect(await store.findChannelByKey(refused.key)).toBeNull();
      const otherApp = id("app");
      await store.createApp({ id: otherApp, orgId: org.orgId, name: "Other", kind: "web" }, 50);
      expect(await store.createChannel(channel(otherApp), 2)).toBe(true);
    });

    test("two channels added at once for an app's last place: one is added", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const channel = () => ({ id: id("ch"), orgId: org.orgId, appId: org.appId, kind: "form" as const, key: id("key"), active: true });
      const made = await Promise.all([store.createChannel(channel(), 2), store.createChannel(channel(), 2)]);
      expect(made.toSorted()).toEqual([false, true]);
    });

    test("setBrowserCollection replaces an app's browser settings, seen by the channel keys that open it", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const key = id("widget");
      await store.createChannel({ id: id("ch"), orgId: org.orgId, appId: org.appId, kind: "widget", key, active: true }, 50);
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
      await store.createChannel({ id: id("ch"), orgId, appId, kind: "api", key, active: true }, 50);
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
