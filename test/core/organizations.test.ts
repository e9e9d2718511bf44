import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { createOrganization } from "../../core/organizations/create-organization.ts";
import { readPlan } from "../../core/organizations/read-plan.ts";
import { fakeOrganization } from "./fake-organization.ts";

describe("organizations", () => {
  test("the key prefix comes from the name when none is given, in upper case", async () => {
    const org = fakeOrganization();
    const created = await createOrganization(org.deps, { name: "Blue Sky Labs", plan: "growth" });
    assert.equal(created.ok && created.value.keyPrefix, "BLUESK");
  });

  test("a prefix is 1 to 12 letters or digits starting with a letter, and unique: invalid_body, prefix_taken", async () => {
    const org = fakeOrganization();
    const badly = await createOrganization(org.deps, { name: "X", keyPrefix: "1AB", plan: "free" });
    assert.equal(!badly.ok && `${badly.code}:${badly.problem?.field}`, "invalid_body:keyPrefix");
    assert.deepEqual(await createOrganization(org.deps, { name: "Other", keyPrefix: "acme", plan: "free" }), { ok: false, code: "prefix_taken" });
  });

  test("the plan page counts this calendar month's reports against the plan's quota", async () => {
    const org = fakeOrganization();
    const reader = org.person("ann@acme.test", "reader");
    const deps = { ...org.deps, store: { ...org.deps.store, quotaUsed: async (_: string, month: string) => (month === "2026-11" ? 42 : 0) } };
    assert.deepEqual(await readPlan(deps, reader), {
      ok: true,
      value: { organization: org.organization, month: "2026-11", used: 42, quota: 100 },
    });
  });
});
