import { afterAll, beforeAll, expect, test } from "bun:test";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";
import { focusedField } from "../../support/focused-field.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

/** The form that creates a key, as a browser submits it (its own hidden fields). */
const createForm = (page: string) => /<form method="post" action="\/settings\/api-keys">[\s\S]*?<\/form>/.exec(page)![0];
const as = (role: "admin" | "member") => signedInAs(http, role, "/settings/api-keys", { origin: http.url });

test("Settings → API keys: an Admin is given the form to create one", async () => {
  const page = await (await as("admin")).fetch("/settings/api-keys");
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<form method="post" action="/settings/api-keys">');
});

test("Settings → API keys: a Member is refused by the use case (403), told that only Admins manage keys, and offered no form", async () => {
  const page = await (await as("member")).fetch("/settings/api-keys");
  const text = await page.text();
  expect(page.status).toBe(403);
  expect(text).toContain('<p class="muted">Only Admins manage the organization&#39;s API keys.</p>');
  expect(text).not.toContain('action="/settings/api-keys"');
});

test("Settings → API keys: a key without a name, or without a scope, is refused (400) saying which field needs a value", async () => {
  const admin = await as("admin");
  const form = createForm(await (await admin.fetch("/settings/api-keys")).text());
  const unnamed = await admin.submit(form, { name: " ", "scope.feedbacks:read": "yes" });
  expect([unnamed.status, await unnamed.text()]).toEqual([400, expect.stringContaining("Write a name in “Name” to create the key.")]);
  const unscoped = await admin.submit(form, { name: "ci-script" });
  expect([unscoped.status, await unscoped.text()]).toEqual([
    400,
    expect.stringContaining("Tick at least one scope under “Scopes” to create the key."),
  ]);
});

test("Settings → API keys: in French, a key without a name says which field needs one", async () => {
  const admin = await signedInAs(http, "admin", "/settings/api-keys", { origin: http.url, "accept-language": "fr" });
  const refused = await admin.submit(createForm(await (await admin.fetch("/settings/api-keys")).text()), { name: "", "scope.feedbacks:read": "yes" });
  expect(await refused.text()).toContain("Écrivez un nom dans «\u202fNom\u202f» pour créer la clé.");
});

test("Settings → API keys: a key without a name is said beside the name's field, which takes the focus, marked invalid and described by the error, with no alert above the form", async () => {
  const admin = await as("admin");
  const refused = await admin.submit(createForm(await (await admin.fetch("/settings/api-keys")).text()), {
    name: " ",
    "scope.feedbacks:read": "yes",
  });
  expect(focusedField(await refused.text())).toEqual({
    id: "key-name",
    invalid: true,
    said: ["Write a name in “Name” to create the key."],
    alerts: 0,
  });
});

test("Settings → API keys: a key without a scope, no single field's, is an alert that takes the focus", async () => {
  const admin = await as("admin");
  const refused = await admin.submit(createForm(await (await admin.fetch("/settings/api-keys")).text()), { name: "ci-script" });
  const shown = await refused.text();
  expect(shown).toContain('<p class="error" role="alert" tabindex="-1" autofocus>Tick at least one scope under “Scopes” to create the key.</p>');
  expect(focusedField(shown).id).toBeUndefined();
});

test("Settings → API keys: in French, a key without a name is said beside the name's field", async () => {
  const admin = await signedInAs(http, "admin", "/settings/api-keys", { origin: http.url, "accept-language": "fr" });
  const refused = await admin.submit(createForm(await (await admin.fetch("/settings/api-keys")).text()), { name: "", "scope.feedbacks:read": "yes" });
  expect(focusedField(await refused.text())).toEqual({
    id: "key-name",
    invalid: true,
    said: ["Écrivez un nom dans «\u202fNom\u202f» pour créer la clé."],
    alerts: 0,
  });
});

test("Settings → API keys: a refused key keeps what was typed: the name when no scope is ticked, the scopes ticked when the name is missing", async () => {
  const admin = await as("admin");
  const form = createForm(await (await admin.fetch("/settings/api-keys")).text());
  const noScope = await (await admin.submit(form, { name: "ci-script", "scope.feedbacks:read": "" })).text();
  expect(noScope).toContain('placeholder="ci-script" value="ci-script"');
  const noName = await (await admin.submit(form, { name: "", "scope.feedbacks:read": "", "scope.feedbacks:write": "yes" })).text();
  expect(noName).toContain('name="scope.feedbacks:write" value="yes" checked>');
  expect(noName).not.toContain('name="scope.feedbacks:read" value="yes" checked>');
});
