import { afterAll, beforeAll, expect, test } from "bun:test";
import { setGroupingMode } from "../../../core/apps/set-grouping-mode.ts";
import { operatorGrant } from "../../../core/authorization.ts";
import { SignJWT } from "jose";
import { FormBrowser } from "../../support/browser.ts";
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

const report = async (message: string, email?: string) =>
  (
    await http.request("POST", "/v1/reports", {
      body: { publicKey: http.demo.publicKey, kind: "problem", message, ...(email && { user: { email } }) },
    })
  ).body.ticketId as string;
const asAdmin = (method: string, path: string, body: unknown) => http.request(method, path, { token: http.demo.tokens.admin, body });

test("A feedback's reports: each one's Split out names who sent it and how it starts", async () => {
  const holder = await report("Exported CSV files lose their accents", "lea@example.com");
  const stray = await report("The onboarding video never starts on Firefox, whatever I try");
  expect((await asAdmin("POST", `/v1/feedbacks/${stray}/merge`, { into: holder })).status).toBe(200);
  const names = await namesOn(await as("member", `/inbox/${holder}`), `/inbox/${holder}`);
  expect(names).toEqual(
    expect.arrayContaining([
      "Split out report by lea@example.com: “Exported CSV files lose their accents”",
      "Split out report “The onboarding video never starts on…”",
    ]),
  );
  const french = await namesOn(await as("member", `/inbox/${holder}`, FRENCH), `/inbox/${holder}`);
  expect(french).toContain("Séparer le signalement envoyé par lea@example.com\u202f: «\u202fExported CSV files lose their accents\u202f»");
});

test("A feedback's similar feedbacks and those merged into it: each Not duplicates names the pair, each Unmerge the feedback", async () => {
  await setGroupingMode(http.services, operatorGrant(http.demo.orgId), http.demo.appId, "review");
  const kept = await report("The invoice PDF shows the wrong currency symbol for Swiss francs");
  const [alike, twin] = [
    await report("Invoice PDF shows wrong currency symbol for Swiss francs"),
    await report("The invoice PDF shows the wrong currency symbol for francs"),
  ];
  await http.runJobs();
  const page = `/inbox/${kept}`;
  const names = await namesOn(await as("member", page), page);
  expect(names).toEqual(expect.arrayContaining([`Not duplicates (${kept} and ${alike})`, `Not duplicates (${kept} and ${twin})`]));
  const french = await namesOn(await as("member", page, FRENCH), page);
  expect(french).toContain(`Ce ne sont pas des doublons (${kept} et ${twin})`);
  for (const key of [alike, twin]) expect((await asAdmin("POST", `/v1/feedbacks/${key}/merge`, { into: kept })).status).toBe(200);
  expect(await namesOn(await as("member", page), page)).toEqual(expect.arrayContaining([`Unmerge ${alike}`, `Unmerge ${twin}`]));
});

test("Tags: each tag's Save and Rename name the tag", async () => {
  const key = await report("The tag list is long");
  expect((await asAdmin("PATCH", `/v1/feedbacks/${key}`, { tags: ["billing", "mobile"] })).status).toBe(200);
  const names = await namesOn(await as("member", "/settings/tags"), "/settings/tags");
  expect(names).toEqual(
    expect.arrayContaining(["Save colour of “billing”", "Save colour of “mobile”", "Rename tag “billing”", "Rename tag “mobile”"]),
  );
  const french = await namesOn(await as("member", "/settings/tags", FRENCH), "/settings/tags");
  expect(french).toEqual(expect.arrayContaining(["Enregistrer la couleur de «\u202fmobile\u202f»", "Renommer l’étiquette «\u202fmobile\u202f»"]));
});

test("Comments held for review: each one's Publish on the portal and Reject name who wrote it and how it starts", async () => {
  expect((await asAdmin("PUT", "/v1/portal", { enabled: true })).status).toBe(200);
  const secret = new TextEncoder().encode((await asAdmin("POST", "/v1/portal/sso-secret", {})).body.ssoSecret);
  const key = (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", message: "A dark mode" } })).body
    .ticketId;
  expect((await asAdmin("POST", `/v1/feedbacks/${key}/publish`, {})).status).toBe(200);
  for (const [name, text] of [
    ["Quin", "Please, my eyes hurt at night when I read the reports."],
    ["Ines", "Yes please"],
  ] as const) {
    const token = await new SignJWT({ sub: name, email: `${name}@customer.example`, name })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime("5m")
      .sign(secret);
    const person = new FormBrowser(http.url, {}, (r) => http.handle(r));
    expect((await person.fetch(`/p/demo/sso?token=${token}`)).status).toBe(303);
    const page = await (await person.fetch(`/p/demo/${key}`)).text();
    expect((await person.submit(page.slice(page.indexOf(`<form method="post" action="/p/demo/${key}/comment"`)), { text })).status).toBe(303);
  }
  const names = await namesOn(await as("member", `/inbox/${key}`), `/inbox/${key}`);
  const quin = "the comment by Quin: “Please, my eyes hurt at night…”";
  expect(names).toEqual(expect.arrayContaining([`Publish on the portal ${quin}`, `Reject ${quin}`, "Reject the comment by Ines: “Yes please”"]));
  const french = await namesOn(await as("member", `/inbox/${key}`, FRENCH), `/inbox/${key}`);
  expect(french).toContain("Rejeter le commentaire écrit par Ines\u202f: «\u202fYes please\u202f»");
});
