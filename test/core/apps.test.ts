import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { addChannel } from "../../core/apps/add-channel.ts";
import { exactOrigin } from "../../core/apps/browser-collection.ts";
import { createApp } from "../../core/apps/create-app.ts";
import { importFeatures } from "../../core/apps/import-features.ts";
import { importHelpArticles } from "../../core/apps/import-help-articles.ts";
import { listAppSetup } from "../../core/apps/list-app-setup.ts";
import { setChannelActive } from "../../core/apps/set-channel-active.ts";
import { inNameOrder } from "../../core/catalog/app-order.ts";
import { fakeOrganization } from "./fake-organization.ts";

describe("apps and channels", () => {
  test("an app's name is 1 to 100 characters, trimmed: invalid_body naming name", async () => {
    const org = fakeOrganization();
    const admin = org.person("root@acme.test", "admin");
    const created = await createApp(org.deps, admin, { name: "  Shop  ", kind: "web" });
    assert.equal(created.ok && created.value.name, "Shop");
    const refused = await createApp(org.deps, admin, { name: "x".repeat(101), kind: "web" });
    assert.equal(!refused.ok && `${refused.code}:${refused.problem?.field}`, "invalid_body:name");
  });

  test("apps are in name order as people read it: numbers by value, letters whatever their case and accents; one name by id", () => {
    const apps = ["App 10", "beta", "App 2", "Zeta", "alpha", "Émile", "beta"].map((name, i) => ({ id: `app-${9 - i}`, name }));
    assert.deepEqual(
      inNameOrder(apps).map((a) => `${a.name} ${a.id}`),
      ["alpha app-5", "App 2 app-7", "App 10 app-9", "beta app-3", "beta app-8", "Émile app-4", "Zeta app-6"],
    );
  });

  test("only Admins change apps and channels: forbidden, and nothing is written", async () => {
    const org = fakeOrganization();
    const member = org.person("ann@acme.test", "member");
    assert.deepEqual(await createApp(org.deps, member, { name: "Shop", kind: "web" }), { ok: false, code: "forbidden" });
    assert.deepEqual(await addChannel(org.deps, member, "any", "api"), { ok: false, code: "forbidden" });
    assert.deepEqual(await setChannelActive(org.deps, member, "any", false), { ok: false, code: "forbidden" });
    assert.deepEqual(await importFeatures(org.deps, member, "any", []), { ok: false, code: "forbidden" });
    assert.deepEqual(await importHelpArticles(org.deps, member, "any", []), { ok: false, code: "forbidden" });
    assert.equal(org.apps.length, 0);
  });

  test("a channel's key says its kind; an unknown app or channel is not_found", async () => {
    const org = fakeOrganization();
    const admin = org.person("root@acme.test", "admin");
    const app = await createApp(org.deps, admin, { name: "Shop", kind: "web" });
    assert.ok(app.ok);
    const api = await addChannel(org.deps, admin, app.value.id, "api");
    const form = await addChannel(org.deps, admin, app.value.id, "form");
    assert.match(api.ok ? api.value.key : "", /^pk_/);
    assert.match(form.ok ? form.value.key : "", /^form_/);
    assert.deepEqual(await addChannel(org.deps, admin, "other", "api"), { ok: false, code: "not_found" });
    assert.deepEqual(await setChannelActive(org.deps, admin, "nope", false), { ok: false, code: "not_found" });
  });

  test("a feature without an id gets a stable one from its path", async () => {
    const org = fakeOrganization();
    const admin = org.person("root@acme.test", "admin");
    const app = await createApp(org.deps, admin, { name: "Shop", kind: "web" });
    assert.ok(app.ok);
    await importFeatures(org.deps, admin, app.value.id, [{ name: "Checkout", path: "checkout", kind: "flow" }]);
    assert.deepEqual(
      (org.features.get(app.value.id) as Array<{ id: string }>).map((f) => f.id),
      [`${app.value.id}:checkout`],
    );
  });

  test("a feature read from the API is imported without its open feedbacks' count, which is counted, never stored", async () => {
    const org = fakeOrganization();
    const admin = org.person("root@acme.test", "admin");
    const app = await createApp(org.deps, admin, { name: "Shop", kind: "web" });
    assert.ok(app.ok);
    await importFeatures(org.deps, admin, app.value.id, [{ id: "f1", name: "Checkout", path: "checkout", openFeedbacks: 4 }]);
    assert.deepEqual(org.features.get(app.value.id), [{ id: "f1", name: "Checkout", path: "checkout" }]);
  });

  test("a feature map of more than 2000 features is refused whole (invalid_feature_map naming features), and the map stays as it was", async () => {
    const org = fakeOrganization();
    const admin = org.person("root@acme.test", "admin");
    const app = await createApp(org.deps, admin, { name: "Shop", kind: "web" });
    assert.ok(app.ok);
    await importFeatures(org.deps, admin, app.value.id, [{ name: "Checkout", path: "checkout" }]);
    const many = Array.from({ length: 2001 }, (_, i) => ({ name: `Feature ${i}`, path: `area/${i}` }));
    const refused = await importFeatures(org.deps, admin, app.value.id, many);
    assert.equal(!refused.ok && `${refused.code}:${refused.problem?.field}`, "invalid_feature_map:features");
    assert.equal((org.features.get(app.value.id) as unknown[]).length, 1);
    assert.equal((await importFeatures(org.deps, admin, app.value.id, many.slice(0, 2000))).ok, true);
  });

  test("a feature with more than 50 cues is refused whole: invalid_feature_map naming that feature's cues", async () => {
    const org = fakeOrganization();
    const admin = org.person("root@acme.test", "admin");
    const app = await createApp(org.deps, admin, { name: "Shop", kind: "web" });
    assert.ok(app.ok);
    const cues = (n: number) => Array.from({ length: n }, (_, i) => `cue ${i}`);
    const map = [
      { name: "Cart", path: "cart", cues: cues(50) },
      { name: "Checkout", path: "checkout", cues: cues(51) },
    ];
    const refused = await importFeatures(org.deps, admin, app.value.id, map);
    assert.equal(!refused.ok && `${refused.code}:${refused.problem?.field}`, "invalid_feature_map:features.1.cues");
    assert.equal(org.features.get(app.value.id), undefined);
  });

  test("two features with one id are refused, not silently made one: given ids, or ids taken from one path", async () => {
    const org = fakeOrganization();
    const admin = org.person("root@acme.test", "admin");
    const app = await createApp(org.deps, admin, { name: "Shop", kind: "web" });
    assert.ok(app.ok);
    const given = await importFeatures(org.deps, admin, app.value.id, [
      { id: "pay", name: "Pay", path: "checkout/pay" },
      { id: "pay", name: "Pay again", path: "checkout/pay-again" },
    ]);
    assert.deepEqual(!given.ok && given.problem, { field: "features.1.id", reason: "repeated" });
    const fromPath = await importFeatures(org.deps, admin, app.value.id, [
      { name: "Pay", path: "checkout/pay" },
      { name: "Pay, twice", path: "checkout/pay" },
    ]);
    assert.deepEqual(!fromPath.ok && fromPath.problem, { field: "features.1.path", reason: "repeated" });
    assert.equal(org.features.get(app.value.id), undefined);
  });

  test("the settings show channel keys only to those who manage the organization; to the others, a key's last four characters", async () => {
    const org = fakeOrganization();
    const admin = org.person("root@acme.test", "admin");
    const reader = org.person("ann@acme.test", "reader");
    const app = await createApp(org.deps, admin, { name: "Shop", kind: "web" });
    assert.ok(app.ok);
    await addChannel(org.deps, admin, app.value.id, "api");
    await importHelpArticles(org.deps, admin, app.value.id, [{ title: "Help", url: "https://help.test/a", body: "Text" }]);
    const asAdmin = await listAppSetup(org.deps, admin);
    const asReader = await listAppSetup(org.deps, reader);
    assert.match((asAdmin.ok && asAdmin.value[0]?.channels[0]?.key) || "", /^pk_/);
    assert.equal(asReader.ok && asReader.value[0]?.channels[0]?.key, null);
    const key = (asAdmin.ok && asAdmin.value[0]?.channels[0]?.key) || "";
    assert.equal(asReader.ok && asReader.value[0]?.channels[0]?.keyEnd, key.slice(-4));
    assert.equal(asReader.ok && asReader.value[0]?.helpArticles, 1);
  });

  test("an origin the widget may send from is exact: scheme, host and port, as a browser's Origin header says it; no wildcard, no path", () => {
    for (const origin of ["https://app.example.com", "http://localhost:5173", "http://127.0.0.1:8080", "http://[::1]:5173", "http://my_app:3000"]) {
      assert.equal(exactOrigin(origin), origin);
    }
    for (const text of [
      "https://*.example.com",
      "https://app.example.com/path",
      "app.example.com",
      "ftp://app.example.com",
      "https://App.Example.com/",
    ]) {
      assert.equal(exactOrigin(text), null, text);
    }
  });

  test("an app's name holding text-direction or other control characters (U+202E) is refused: invalid_body, reordering, naming name", async () => {
    const org = fakeOrganization();
    const admin = org.person("root@acme.test", "admin");
    const refused = await createApp(org.deps, admin, { name: "Shop \u202Epohs", kind: "web" });
    assert.deepEqual(refused, { ok: false, code: "invalid_body", problem: { field: "name", reason: "reordering" } });
  });
});
