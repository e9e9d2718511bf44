import { describe, expect, test } from "bun:test";
import type { OrganizationStore } from "../../../core/store/organizations.ts";
import { contractKit, type Seeding } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = OrganizationStore & Seeding;

/** Organizations and their plans, and the quota a month has used. */
export function organizationsContract(makeStore: () => Promise<Subject>) {
  const { seed, record, freeOrg } = contractKit();

  describe("organizations", () => {
    test("quotaUsed counts the month's recorded feedbacks of one organization", async () => {
      const store = await makeStore();
      const org = await seed(store);
      await record(store, org, "one", 1);
      await record(store, org, "two", 2);
      expect([await store.quotaUsed(org.orgId, "2026-11"), await store.quotaUsed(org.orgId, "2026-10")]).toEqual([2, 0]);
    });

    test("organizations are found by id or key prefix, listed by name, and keep their plan", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      expect(await store.setPlan(orgId, "growth", 500)).toBe(true);
      const found = await store.findOrganization(orgId);
      expect(found).toMatchObject({ id: orgId, plan: "growth", quotaOverride: 500 });
      expect((await store.findOrganization(found!.keyPrefix))?.id).toBe(orgId);
      expect((await store.listOrganizations()).map((o) => o.id)).toContain(orgId);
    });

    test("organizations of the same name are listed by id, whatever order they were made in", async () => {
      const store = await makeStore();
      for (const orgId of ["org-b", "org-c", "org-a"])
        await store.createOrganization({ id: orgId, name: "Twin", keyPrefix: orgId.toUpperCase(), plan: "free", quotaOverride: null });
      const twins = (await store.listOrganizations()).filter((o) => o.name === "Twin");
      expect(twins.map((o) => o.id)).toEqual(["org-a", "org-b", "org-c"]);
    });
  });
}
