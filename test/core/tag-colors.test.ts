import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { setTagColor } from "../../core/triage/set-tag-color.ts";
import { isTagColor, TAG_COLORS } from "../../core/triage/tag-colors.ts";
import { tokenGrant } from "./fake-organization.ts";

const member = { ...tokenGrant("member", ["feedbacks:read", "feedbacks:write"]), orgId: "org" };
const reader = { ...tokenGrant("reader", ["feedbacks:read"]), orgId: "org" };

/** The organization's tags and their colours, as a store keeps them. */
function tags(...names: string[]) {
  const colors = new Map<string, string | null>(names.map((name) => [name, null]));
  const store = {
    setTagColor: async (orgId: string, name: string, color: string | null) => {
      if (orgId !== "org" || !colors.has(name)) return false;
      colors.set(name, color);
      return true;
    },
  };
  return { deps: { store }, colors };
}

describe("a tag's colour, set in the settings", () => {
  test("the palette is small and fixed; a colour outside it is not one", () => {
    assert.deepEqual([...TAG_COLORS], ["gray", "red", "orange", "yellow", "green", "teal", "blue", "purple", "pink"]);
    assert.equal(isTagColor("red"), true);
    assert.equal(isTagColor("#ff0000"), false);
  });

  test("a Member sets a tag's colour, and clears it with null", async () => {
    const { deps, colors } = tags("billing");
    assert.deepEqual(await setTagColor(deps, member, { name: "billing", color: "green" }), { ok: true, value: null });
    assert.equal(colors.get("billing"), "green");
    await setTagColor(deps, member, { name: "billing", color: null });
    assert.equal(colors.get("billing"), null);
  });

  test("a Reader is refused (forbidden) and the colour stays", async () => {
    const { deps, colors } = tags("billing");
    const refused = await setTagColor(deps, reader, { name: "billing", color: "red" });
    assert.equal(refused.ok ? "ok" : refused.code, "forbidden");
    assert.equal(colors.get("billing"), null);
  });

  test("a tag the organization does not have is not_found", async () => {
    const { deps } = tags("billing");
    const missing = await setTagColor(deps, member, { name: "shipping", color: "red" });
    assert.equal(missing.ok ? "ok" : missing.code, "not_found");
  });
});
