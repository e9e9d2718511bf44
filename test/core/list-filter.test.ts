import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { operatorGrant } from "../../core/authorization.ts";
import { listFilter } from "../../core/feedback/list-filter.ts";

const store = { findUser: async () => null, listTags: async () => [{ name: "Billing", createdAt: 1 }] };

describe("a list's filters", () => {
  test("a tag named in another case is the organization's tag, as it spells it; one it does not have stays as given", async () => {
    const filter = async (tag: string) => {
      const read = await listFilter({ store }, operatorGrant("org"), { tag });
      return read.ok ? read.value.tag : read.code;
    };
    assert.deepEqual([await filter("billing"), await filter(" BILLING "), await filter("shipping")], ["Billing", "Billing", "shipping"]);
  });
});
