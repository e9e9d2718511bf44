import { describe, expect, test } from "bun:test";
import type { CatalogStore } from "../../../core/store/catalog.ts";
import type { AppSetupStore } from "../../../core/store/app-setup.ts";
import type { FeedbackStore } from "../../../core/store/feedbacks.ts";
import type { GroupingStore } from "../../../core/store/grouping.ts";
import { contractKit, type Seeding } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = CatalogStore &
  Pick<AppSetupStore, "replaceFeatures" | "createApp"> &
  Pick<FeedbackStore, "applyStatusChange"> &
  Pick<GroupingStore, "setTriage"> &
  Seeding;

/** What an organization's apps and feature maps are, as the inbox and the reports read them. */
export function catalogContract(makeStore: () => Promise<Subject>) {
  const { seed, record } = contractKit();

  describe("catalog", () => {
    test("listApps gives apps by name as people read it: numbers by value, letters whatever their case", async () => {
      const store = await makeStore();
      const org = await seed(store);
      for (const name of ["App 10", "beta", "App 2", "Zeta", "Émile"])
        await store.createApp({ id: `app ${name}`, orgId: org.orgId, name, kind: "web" }, 50);
      expect((await store.listApps(org.orgId)).map((a) => a.name)).toEqual(["App", "App 2", "App 10", "beta", "Émile", "Zeta"]);
    });

    test("listApps gives an organization's apps by name, and findApp one of them; another organization's are not found", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const other = await seed(store);
      await store.createApp({ id: "app-a", orgId: org.orgId, name: "Android", kind: "android" }, 50);
      expect((await store.listApps(org.orgId)).map((a) => [a.id, a.name, a.kind])).toEqual([
        ["app-a", "Android", "android"],
        [org.appId, "App", "web"],
      ]);
      expect((await store.findApp(org.orgId, "app-a"))?.name).toBe("Android");
      expect(await store.findApp(other.orgId, "app-a")).toBeNull();
      expect((await store.listApps(other.orgId)).map((a) => a.id)).toEqual([other.appId]);
    });

    test("features of the same path are listed by id, whatever order they were given in", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const feature = (id: string) => ({ id, name: "Pay", path: "pay" });
      await store.replaceFeatures(org.orgId, org.appId, [feature("f-b"), feature("f-c"), feature("f-a")]);
      expect((await store.listFeatures(org.orgId, org.appId)).map((f) => f.id)).toEqual(["f-a", "f-b", "f-c"]);
    });

    test("findFeature finds a feature of the organization by its id, and not from another organization", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const other = await seed(store);
      await store.replaceFeatures(org.orgId, org.appId, [{ id: "f-pay", name: "Pay", path: "pay" }]);
      expect(await store.findFeature(org.orgId, "f-pay")).toMatchObject({ id: "f-pay", name: "Pay", path: "pay" });
      expect(await store.findFeature(other.orgId, "f-pay")).toBeNull();
      expect(await store.findFeature(org.orgId, "f-none")).toBeNull();
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
  });
}
