import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Failure } from "../../../core/errors.ts";
import type { FormBrowser } from "../../support/browser.ts";
import { FakeGitHub } from "../../support/fake-github.ts";
import { type InProcess, inProcess, signedInAs } from "../../support/in-process.ts";

/** An issue GitHub opened that the store then failed to link (the disk full): said, naming it, on each surface. */
const github = new FakeGitHub();
const logged: { failure: Failure; path: string }[] = [];
let server: InProcess;
let member: FormBrowser;
/** While true, the store fails to keep a feedback's link, as a full disk makes it. */
let diskFull = false;
beforeAll(async () => {
  github.start();
  server = await inProcess({ onServiceFailure: (failure, request) => void logged.push({ failure, path: new URL(request.url).pathname }) });
  await server.cli("tracker", "set", "DEMO", server.demo.appId, "github", "--repo", "acme/shop", "--token", github.token, "--api-url", github.url);
  const store = server.services.store;
  const keep = store.setFeedbackTracker.bind(store);
  store.setFeedbackTracker = (...args) => (diskFull ? Promise.reject(new Error("database or disk is full")) : keep(...args));
  member = await signedInAs(server, "member");
});
afterAll(() => {
  server.close();
  github.stop();
});

const report = async (message: string): Promise<string> =>
  (await server.request("POST", "/v1/reports", { body: { publicKey: server.demo.publicKey, kind: "problem", message } })).body.ticketId;
const trackerIssue = async (key: string) =>
  (await server.request("GET", `/v1/feedbacks/${key}`, { token: server.demo.tokens.admin })).body.trackerIssue;
const openedFor = (title: string) => [...github.issues.values()].filter((issue) => issue.title === title).map((issue) => issue.number);

test("an issue opened that could not be linked: 500 internal_error naming it (key and address) and saying to link it by name, in English and French, logged with its address", async () => {
  logged.length = 0;
  const key = await report("The invoice total ignores discounts");
  const open = (language: string) =>
    server.request("POST", `/v1/feedbacks/${key}/tracker`, { token: server.demo.tokens.admin, body: {}, headers: { "accept-language": language } });
  diskFull = true;
  const failed = await open("en");
  const inFrench = await open("fr");
  diskFull = false;
  const [first, second] = openedFor("The invoice total ignores discounts");
  expect([failed.status, failed.body]).toEqual([
    500,
    {
      code: "internal_error",
      error: `The issue acme/shop#${first} (https://github.test/acme/shop/issues/${first}) was opened in the app's tracker, but the feedback could not be linked to it: something went wrong on our side, and it has been logged. Link that issue by naming it (send it as issue) rather than opening another one.`,
    },
  ]);
  // Its opening's claim was given back: asked again at once, it was not refused tracker_linked.
  expect([inFrench.status, inFrench.body.error]).toEqual([
    500,
    `Le ticket acme/shop#${second} (https://github.test/acme/shop/issues/${second}) a été créé dans le gestionnaire de tickets de l’application, mais le retour n’a pas pu y être lié\u202f: une erreur s’est produite de notre côté, elle a été consignée. Liez ce ticket en le nommant (envoyez-le comme issue) plutôt que d’en créer un autre.`,
  ]);
  expect(logged.map(({ failure, path }) => [failure.code, failure.cause, failure.unlinked?.url, path])).toEqual(
    [first, second].map((n) => [
      "internal_error",
      "database or disk is full",
      `https://github.test/acme/shop/issues/${n}`,
      `/v1/feedbacks/${key}/tracker`,
    ]),
  );
  const linked = await server.request("POST", `/v1/feedbacks/${key}/tracker`, { token: server.demo.tokens.admin, body: { issue: String(first) } });
  expect([linked.status, (await trackerIssue(key)).key]).toEqual([200, `acme/shop#${first}`]);
});

test("on the feedback's page, Create issue that could not be linked names the issue, puts its address in the link form, and Link then links it without opening another", async () => {
  logged.length = 0;
  const key = await report("The export button does nothing on Safari");
  const html = await (await member.fetch(`/inbox/${key}`)).text();
  const form = /<form method="post" action="[^"]*\/tracker"[^>]*>(?:(?!<\/form>)[\s\S])*?name="action" value="open"[\s\S]*?<\/form>/.exec(html)![0];
  diskFull = true;
  const failed = await member.submit(form, {});
  diskFull = false;
  const [opened] = openedFor("The export button does nothing on Safari");
  const address = `https://github.test/acme/shop/issues/${opened}`;
  const shown = await failed.text();
  expect(failed.status).toBe(500);
  expect(shown).toContain(
    `<p class="error" role="alert" tabindex="-1" autofocus>Issue acme/shop#${opened} (${address}) was created in GitHub, but could not be linked to this feedback: something went wrong on our side, and it has been logged. It is filled in under Link an existing issue: press Link rather than creating another one.</p>`,
  );
  expect(logged.map(({ failure, path }) => [failure.unlinked?.url, path])).toEqual([[address, `/inbox/${key}/tracker`]]);
  const link = /<form[^>]*>(?:(?!<\/form>)[\s\S])*?name="action" value="link"[\s\S]*?<\/form>/.exec(shown)![0];
  expect(link).toContain(`value="${address}"`);
  const linked = await member.submit(link, { issue: address });
  expect(linked.headers.get("location")).toBe(`/inbox/${key}?tracker=linked`);
  expect([(await trackerIssue(key)).key, openedFor("The export button does nothing on Safari").length]).toEqual([`acme/shop#${opened}`, 1]);
});

test("the CLI's tracker link that could not be linked names the issue, the command that links it, and what the store said", async () => {
  const key = await report("Dark mode forgets itself");
  diskFull = true;
  const refused = await server.cli("tracker", "link", "DEMO", key).catch((error: Error) => error.message);
  diskFull = false;
  const [opened] = openedFor("Dark mode forgets itself");
  expect(refused).toBe(
    `issue acme/shop#${opened} (https://github.test/acme/shop/issues/${opened}) was opened, but ${key} could not be linked to it: link it rather than opening another (tracker link DEMO ${key} acme/shop#${opened}). It said: database or disk is full`,
  );
});
