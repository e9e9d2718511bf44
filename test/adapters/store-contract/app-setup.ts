import { describe, expect, test } from "bun:test";
import type { Store } from "../../../core/services.ts";
import { contractKit } from "./kit.ts";

/** App setup: channels, feature maps, help articles and browser settings. */
export function appSetupContract(makeStore: () => Promise<Store>) {
  const { id, seed, freeOrg, record } = contractKit();

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

    test("listFeatures counts each feature's open feedbacks, whatever their severity, and not those delivered", async () => {
      const store = await makeStore();
      const org = await seed(store);
      await store.replaceFeatures(org.orgId, org.appId, [
        { id: "f-pay", name: "Pay", path: "pay" },
        { id: "f-cart", name: "Cart", path: "cart" },
      ]);
      const made = [];
      for (const [i, [featureId, severity]] of [
        ["f-pay", "P1"],
        ["f-pay", "P3"],
        ["f-pay", undefined],
        ["f-cart", "P2"],
      ].entries()) {
        const f = (await record(store, org, `feature count ${i}`, i + 1))!;
        await store.setTriage(org.orgId, f.id, { featureId, ...(severity && { severity: severity as "P1" }) });
        made.push(f);
      }
      await store.applyStatusChange({ orgId: org.orgId, feedbackId: made[2]!.id, from: "triage", to: "delivered", at: 9, events: [], jobs: [] });
      const counts = (await store.listFeatures(org.orgId, org.appId)).map((f) => [f.id, f.openFeedbacks]);
      expect(counts).toEqual([
        ["f-cart", 1],
        ["f-pay", 2],
      ]);
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

    test("help articles are replaced as a whole and listed by title", async () => {
      const store = await makeStore();
      const { orgId, appId } = await freeOrg(store);
      await store.replaceHelpArticles(orgId, appId, [{ id: "h1", title: "Zeta", url: "https://h/z", body: "z" }]);
      await store.replaceHelpArticles(orgId, appId, [
        { id: "h2", title: "Beta", url: "https://h/b", body: "b" },
        { id: "h3", title: "Alpha", url: "https://h/a", body: "a" },
      ]);
      expect((await store.listHelpArticles(orgId, appId)).map((a) => a.title)).toEqual(["Alpha", "Beta"]);
    });
  });
}
