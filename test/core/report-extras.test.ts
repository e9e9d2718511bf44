import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { withoutMalformedExtras } from "../../core/schemas/report.ts";

const report = (user: unknown) => ({ publicKey: "pk", kind: "idea", message: "Dark mode", user });

describe("what the service adds to the specification's user (company, plan)", () => {
  test("is kept when it has its shape", () => {
    const user = { email: "pat@customer.test", company: { id: "c1", name: "Customer", monthlySpend: 10 }, plan: "enterprise" };
    assert.deepEqual(withoutMalformedExtras(report(user)), report(user));
  });

  test("is dropped, the rest of user kept, when it has another: a text company, a nameless one, a numeric plan, a plan over 100 characters", () => {
    for (const extras of [{ company: "Acme" }, { company: { id: "c1" } }, { plan: 5 }, { plan: "p".repeat(101) }])
      assert.deepEqual(withoutMalformedExtras(report({ name: "Pat", ...extras })), report({ name: "Pat" }));
  });

  test("a body without a user object, or no object at all, is left as it is, for the schema to judge", () => {
    for (const body of [report(undefined), report("pat"), report([]), report(["pat"]), null, "text"])
      assert.deepEqual(withoutMalformedExtras(body), body);
  });
});
