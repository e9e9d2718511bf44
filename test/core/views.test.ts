import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { saveView } from "../../core/views/save-view.ts";
import type { SavedView } from "../../core/store/saved-views.ts";
import { NOW, tokenGrant } from "./fake-organization.ts";

const member = { ...tokenGrant("member", ["feedbacks:read"]), orgId: "org", userId: "u-ann" };

/** One person's views in memory, oldest first, as the stores keep them. */
function fakeViews() {
  let views: SavedView[] = [];
  let n = 0;
  return {
    views: () => views.map((v) => [v.name, v.query]),
    deps: {
      clock: () => NOW,
      ids: { id: () => `view-${++n}` },
      store: {
        saveView: async (view: SavedView) => void views.push(view),
        listViews: async () => [...views],
        deleteView: async (_orgId: string, _userId: string, id: string) => {
          const before = views.length;
          views = views.filter((v) => v.id !== id);
          return views.length < before;
        },
      },
    },
  };
}

describe("saved views", () => {
  test("saved under a name the person already uses, whatever its case, a view replaces that one: saved twice, it is one view", async () => {
    const fake = fakeViews();
    await saveView(fake.deps, member, { name: "Bugs by severity", query: "kind=problem" });
    await saveView(fake.deps, member, { name: "Ideas", query: "kind=idea" });
    await saveView(fake.deps, member, { name: "Bugs by severity", query: "kind=problem" });
    await saveView(fake.deps, member, { name: " bugs BY severity ", query: "kind=problem&sort=severity" });
    assert.deepEqual(fake.views(), [
      ["Ideas", "kind=idea"],
      ["bugs BY severity", "kind=problem&sort=severity"],
    ]);
  });

  test("a person keeps at most 30 views; the 31st is refused, a view saved again under one of their names is not", async () => {
    const fake = fakeViews();
    for (let i = 1; i <= 30; i++) assert.equal((await saveView(fake.deps, member, { name: `View ${i}`, query: `q=${i}` })).ok, true);
    assert.deepEqual(await saveView(fake.deps, member, { name: "One more", query: "q=31" }), { ok: false, code: "invalid_body" });
    assert.equal((await saveView(fake.deps, member, { name: "View 7", query: "q=seven" })).ok, true);
    assert.equal(fake.views().length, 30);
  });

  test("a view's name holding text-direction or other control characters (U+202E) is refused: invalid_body, reordering, and nothing saved", async () => {
    const fake = fakeViews();
    const refused = await saveView(fake.deps, member, { name: "Mine\u202E", query: "status=open" });
    assert.deepEqual(refused, { ok: false, code: "invalid_body", problem: { field: "name", reason: "reordering" } });
    assert.deepEqual(fake.views(), []);
  });

  test("a view kept from before under such a name may be saved again, with its new filters", async () => {
    const fake = fakeViews();
    await fake.deps.store.saveView({ id: "old", orgId: "org", userId: "u-ann", name: "Mine\u202E", query: "status=open", createdAt: NOW });
    assert.equal((await saveView(fake.deps, member, { name: "Mine\u202E", query: "status=closed" })).ok, true);
    assert.deepEqual(fake.views(), [["Mine\u202E", "status=closed"]]);
  });
});
