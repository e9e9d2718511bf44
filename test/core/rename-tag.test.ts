import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { TagRecord } from "../../core/store/triage.ts";
import { renameTag } from "../../core/triage/rename-tag.ts";
import { renamedTags } from "../../core/triage/tag-names.ts";
import { tokenGrant } from "./fake-organization.ts";

const member = { ...tokenGrant("member", ["feedbacks:read", "feedbacks:write"]), orgId: "org" };
const reader = { ...tokenGrant("reader", ["feedbacks:read"]), orgId: "org" };

/** An organization's tags and its feedbacks' tags, renamed as a store does. */
function organization(tags: TagRecord[], feedbacks: Record<string, string[]>) {
  const renames: Array<{ from: string; to: TagRecord }> = [];
  const store = {
    listTags: async () => [...tags],
    renameTag: async (orgId: string, from: string, to: TagRecord) => {
      const at = tags.findIndex((t) => t.name === from);
      if (orgId !== "org" || at < 0) return null;
      renames.push({ from, to });
      tags.splice(at, 1);
      const kept = tags.findIndex((t) => t.name === to.name);
      if (kept < 0) tags.push(to);
      else tags[kept] = to;
      let changed = 0;
      for (const [key, carried] of Object.entries(feedbacks)) {
        if (!carried.includes(from)) continue;
        feedbacks[key] = renamedTags(carried, from, to.name);
        changed++;
      }
      return changed;
    },
  };
  return { deps: { store }, tags, feedbacks, renames };
}

const codeOf = (result: { ok: boolean; code?: string }) => (result.ok ? "ok" : result.code);

describe("renaming a tag, for the whole organization", () => {
  test("a Member renames a tag: every feedback carrying it carries the new name, and the tag keeps its first time and colour", async () => {
    const org = organization([{ name: "billing", createdAt: 5, color: "red" }], {
      "ACME-1": ["urgent", "billing"],
      "ACME-2": ["billing"],
      "ACME-3": ["urgent"],
    });
    const renamed = await renameTag(org.deps, member, { from: "billing", to: "invoices" });
    assert.deepEqual(renamed, { ok: true, value: { from: "billing", to: "invoices", merged: false, feedbacks: 2 } });
    assert.deepEqual(org.tags, [{ name: "invoices", createdAt: 5, color: "red" }]);
    assert.deepEqual(org.feedbacks, { "ACME-1": ["urgent", "invoices"], "ACME-2": ["invoices"], "ACME-3": ["urgent"] });
  });

  test("the new name is kept as tags are: trimmed, its spaces folded", async () => {
    const org = organization([{ name: "billing", createdAt: 5 }], { "ACME-1": ["billing"] });
    const renamed = await renameTag(org.deps, member, { from: "billing", to: "  late   invoices " });
    assert.equal(renamed.ok && renamed.value.to, "late invoices");
    assert.deepEqual(org.feedbacks["ACME-1"], ["late invoices"]);
  });

  test("renamed to a name the organization already has, in any case, the two become that tag, spelled as it was first", async () => {
    const org = organization(
      [
        { name: "billing", createdAt: 5 },
        { name: "Invoices", createdAt: 3, color: "blue" },
      ],
      { "ACME-1": ["billing", "urgent", "Invoices"], "ACME-2": ["billing"] },
    );
    const renamed = await renameTag(org.deps, member, { from: "billing", to: "invoices" });
    assert.deepEqual(renamed, { ok: true, value: { from: "billing", to: "Invoices", merged: true, feedbacks: 2 } });
    assert.deepEqual(org.renames, [{ from: "billing", to: { name: "Invoices", createdAt: 3, color: "blue" } }]);
    assert.deepEqual(org.feedbacks, { "ACME-1": ["Invoices", "urgent"], "ACME-2": ["Invoices"] });
  });

  test("merged into a tag without a colour, the tag takes the colour of the one renamed; with one, it keeps its own", async () => {
    const plain = organization(
      [
        { name: "billing", createdAt: 5, color: "red" },
        { name: "invoices", createdAt: 3 },
      ],
      {},
    );
    await renameTag(plain.deps, member, { from: "billing", to: "invoices" });
    assert.deepEqual(plain.renames[0]?.to, { name: "invoices", createdAt: 3, color: "red" });
    const coloured = organization(
      [
        { name: "billing", createdAt: 5, color: "red" },
        { name: "invoices", createdAt: 3, color: "blue" },
      ],
      {},
    );
    await renameTag(coloured.deps, member, { from: "billing", to: "invoices" });
    assert.deepEqual(coloured.renames[0]?.to, { name: "invoices", createdAt: 3, color: "blue" });
  });

  test("a change of case alone respells the tag: it is a rename, not a merge", async () => {
    const org = organization([{ name: "billing", createdAt: 5 }], { "ACME-1": ["billing"] });
    const renamed = await renameTag(org.deps, member, { from: "billing", to: "Billing" });
    assert.deepEqual(renamed, { ok: true, value: { from: "billing", to: "Billing", merged: false, feedbacks: 1 } });
    assert.deepEqual(org.feedbacks["ACME-1"], ["Billing"]);
  });

  test("the name it already has changes nothing", async () => {
    const org = organization([{ name: "billing", createdAt: 5 }], { "ACME-1": ["billing"] });
    assert.deepEqual(await renameTag(org.deps, member, { from: "billing", to: " billing " }), {
      ok: true,
      value: { from: "billing", to: "billing", merged: false, feedbacks: 0 },
    });
    assert.deepEqual(org.renames, []);
  });

  for (const [name, to] of [
    ["an empty name (spaces alone)", "   "],
    ["a name over 40 characters", "x".repeat(41)],
    ["a name with a comma", "billing, invoices"],
  ] as const) {
    test(`${name} is refused (invalid_body, naming the new name), and nothing is renamed`, async () => {
      const org = organization([{ name: "billing", createdAt: 5 }], { "ACME-1": ["billing"] });
      const refused = await renameTag(org.deps, member, { from: "billing", to });
      assert.equal(codeOf(refused), "invalid_body");
      assert.equal(!refused.ok && refused.problem?.field, "to");
      assert.deepEqual(org.renames, []);
    });
  }

  test("40 characters are counted as people count them: 40 emoji are a name, and spaces trimmed away do not count", async () => {
    const org = organization([{ name: "billing", createdAt: 5 }], {});
    assert.equal(codeOf(await renameTag(org.deps, member, { from: "billing", to: `  ${"🧾".repeat(40)}  ` })), "ok");
  });

  test("a Reader is refused (forbidden), and nothing is renamed", async () => {
    const org = organization([{ name: "billing", createdAt: 5 }], { "ACME-1": ["billing"] });
    assert.equal(codeOf(await renameTag(org.deps, reader, { from: "billing", to: "invoices" })), "forbidden");
    assert.deepEqual(org.renames, []);
  });

  test("a tag the organization does not have (renamed meanwhile by someone else) is not_found", async () => {
    const org = organization([{ name: "billing", createdAt: 5 }], {});
    assert.equal(codeOf(await renameTag(org.deps, member, { from: "shipping", to: "invoices" })), "not_found");
  });

  test("a name the organization has already, whatever it holds, merges into it: an existing tag stays usable", async () => {
    const org = organization(
      [
        { name: "billing", createdAt: 5 },
        { name: "Old\u202E", createdAt: 6 },
      ],
      { "ACME-1": ["billing"] },
    );
    const renamed = await renameTag(org.deps, member, { from: "billing", to: "old\u202E" });
    assert.deepEqual(renamed, { ok: true, value: { from: "billing", to: "Old\u202E", merged: true, feedbacks: 1 } });
    assert.deepEqual(org.feedbacks, { "ACME-1": ["Old\u202E"] });
  });

  test("a new name holding text-direction or other control characters (U+202E) is refused: invalid_body, reordering, naming to", async () => {
    const org = organization([{ name: "billing", createdAt: 5 }], { "ACME-1": ["billing"] });
    const refused = await renameTag(org.deps, member, { from: "billing", to: "gnillib\u202E" });
    assert.deepEqual(refused, { ok: false, code: "invalid_body", problem: { field: "to", reason: "reordering" } });
    assert.deepEqual(org.renames, []);
  });
});

describe("a feedback's tags once one is renamed", () => {
  test("the tag is renamed in its place; a feedback carrying both names keeps one, in the first place, so it never carries more tags", () => {
    assert.deepEqual(renamedTags(["urgent", "billing", "mobile"], "billing", "invoices"), ["urgent", "invoices", "mobile"]);
    assert.deepEqual(renamedTags(["invoices", "urgent", "billing"], "billing", "invoices"), ["invoices", "urgent"]);
    assert.deepEqual(renamedTags(["billing", "Invoices"], "billing", "invoices"), ["invoices"]);
  });
});
