import { afterAll, beforeAll, expect, test } from "bun:test";
import type { FormBrowser } from "../../support/browser.ts";
import { buttonNames } from "../../support/button-names.ts";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";

/**
 * A list's rows each have buttons of the same words ("Remove", "Revoke"): to a screen reader that
 * lists a page's buttons, each names what it acts on after those words, so that two rows' buttons
 * differ (WCAG 2.4.6, 4.1.2). Sighted people see the words alone: the row says the rest.
 */

let http: InProcess;
beforeAll(async () => {
  // The webhooks listed are addressed to this machine, where nothing answers.
  http = await inProcess({ env: { WEBHOOKS_ALLOW_PRIVATE: "true" } });
});
afterAll(() => http.close());

const FRENCH = { "accept-language": "fr" };
const as = (role: "admin" | "member", page: string, headers: Record<string, string> = {}) =>
  signedInAs(http, role, page, { origin: http.url, ...headers });
const namesOn = async (browser: FormBrowser, path: string) => buttonNames(await (await browser.fetch(path)).text());
/** The form of a page that posts to `action`, alone, so the browser submits that one. */
const formOf = (page: string, action: string) => page.slice(page.indexOf(`<form method="post" action="${action}"`));
const submitOn = async (browser: FormBrowser, path: string, action: string, fields: Record<string, string>) =>
  expect((await browser.submit(formOf(await (await browser.fetch(path)).text(), action), fields, action)).status).toBe(303);

test("Members: each member's Save and Remove name the member, in English and French", async () => {
  const { member, reader } = http.demo.users;
  const names = await namesOn(await as("admin", "/settings/members"), "/settings/members");
  expect(names).toEqual(expect.arrayContaining([`Save role of ${member.email}`, `Save role of ${reader.email}`]));
  expect(names).toEqual(expect.arrayContaining([`Remove ${member.email}`, `Remove ${reader.email}`]));
  const french = await namesOn(await as("admin", "/settings/members", FRENCH), "/settings/members");
  expect(french).toEqual(expect.arrayContaining([`Enregistrer le rôle de ${member.email}`, `Retirer ${reader.email}`]));
});

test("Members: each pending invitation's Revoke names the invitation", async () => {
  const admin = await as("admin", "/settings/members");
  for (const email of ["nadia@example.com", "omar@example.com"])
    await submitOn(admin, "/settings/members", "/settings/invitations", { email, role: "reader" });
  const names = await namesOn(admin, "/settings/members");
  expect(names).toEqual(expect.arrayContaining(["Revoke invitation for nadia@example.com", "Revoke invitation for omar@example.com"]));
  const french = await namesOn(await as("admin", "/settings/members", FRENCH), "/settings/members");
  expect(french).toContain("Révoquer l’invitation de nadia@example.com");
});

test("Access tokens: each token's Revoke names the token by its label", async () => {
  const member = await as("member", "/settings/tokens");
  for (const label of ["CI", "Deploy"]) await submitOn(member, "/settings/tokens", "/settings/tokens", { label, "scope.feedbacks:read": "yes" });
  expect(await namesOn(member, "/settings/tokens")).toEqual(expect.arrayContaining(["Revoke token “CI”", "Revoke token “Deploy”"]));
  const french = await namesOn(await as("member", "/settings/tokens", FRENCH), "/settings/tokens");
  expect(french).toContain("Révoquer le jeton «\u202fCI\u202f»");
});

test("API keys: each key's Revoke names the key", async () => {
  const admin = await as("admin", "/settings/api-keys");
  for (const name of ["ci-script", "exporter"])
    await submitOn(admin, "/settings/api-keys", "/settings/api-keys", { name, "scope.feedbacks:read": "yes" });
  expect(await namesOn(admin, "/settings/api-keys")).toEqual(expect.arrayContaining(["Revoke key “ci-script”", "Revoke key “exporter”"]));
  const french = await namesOn(await as("admin", "/settings/api-keys", FRENCH), "/settings/api-keys");
  expect(french).toContain("Révoquer la clé «\u202fexporter\u202f»");
});

test("Webhooks: each webhook's Send a test, Rotate the secret and Delete name the webhook by its address", async () => {
  const hooks = ["http://127.0.0.1:9/first", "http://127.0.0.1:9/second"];
  for (const url of hooks) {
    const created = await http.request("POST", "/v1/webhooks", { body: { url, events: ["feedback.created"] }, token: http.demo.tokens.admin });
    expect(created.status).toBe(201);
  }
  const names = await namesOn(await as("admin", "/settings/webhooks"), "/settings/webhooks");
  expect(names).toEqual(
    expect.arrayContaining(hooks.flatMap((url) => [`Send a test to ${url}`, `Rotate the secret of ${url}`, `Delete webhook ${url}`])),
  );
  const french = await namesOn(await as("admin", "/settings/webhooks", FRENCH), "/settings/webhooks");
  expect(french).toEqual(
    expect.arrayContaining([`Envoyer un test à ${hooks[0]}`, `Renouveler le secret de ${hooks[0]}`, `Supprimer le webhook ${hooks[0]}`]),
  );
});

test("Channels: each channel's Disable or Enable names the channel by the end of its key", async () => {
  const path = `/settings/apps/${encodeURIComponent(http.demo.appId)}/channels`;
  const ending = (key: string) => key.slice(-4);
  const names = await namesOn(await as("admin", path), path);
  expect(names).toEqual(
    expect.arrayContaining([
      `Disable channel whose key ends in ${ending(http.demo.widgetKey)}`,
      `Disable channel whose key ends in ${ending(http.demo.formKey)}`,
      `Enable channel whose key ends in ${ending(http.demo.inactiveKey)}`,
    ]),
  );
  const french = await namesOn(await as("admin", path, FRENCH), path);
  expect(french).toContain(`Activer le canal dont la clé finit par ${ending(http.demo.inactiveKey)}`);
});

test("Saved views: each view's Delete names the view", async () => {
  const member = await as("member", "/inbox");
  await submitOn(member, "/inbox?kind=idea", "/inbox/views", { name: "Ideas" });
  await submitOn(member, "/inbox?severity=P0", "/inbox/views", { name: "Fires" });
  const names = await namesOn(member, "/inbox");
  expect(names).toEqual(expect.arrayContaining(["Delete view “Ideas”", "Delete view “Fires”"]));
  const french = await namesOn(await as("member", "/inbox", FRENCH), "/inbox");
  expect(french).toContain("Supprimer la vue «\u202fFires\u202f»");
});
