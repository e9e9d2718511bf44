import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";

const ORIGIN = "http://localhost:3000";

let http: InProcess;
let admin: FormBrowser;
beforeAll(async () => {
  http = await inProcess();
  admin = new FormBrowser(ORIGIN, {}, (r) => http.handle(r));
  await signIn(admin, http.demo.users.admin.email, http.demo.users.admin.password, "/inbox");
});
afterAll(() => http.close());

const page = async (path: string, language = "en") => (await admin.fetch(path, { headers: { "accept-language": language } })).text();
/** The `<select>` of a page whose id is given, as HTML. */
const select = (html: string, id: string) => new RegExp(`<select id="${id}"[\\s\\S]*?</select>`).exec(html)?.[0] ?? "";

describe("Settings → Webhooks keeps what was typed when the address is refused", () => {
  test("the typed address and the chosen events come back with the refusal, which says first what failed", async () => {
    const form = /<form method="post" action="\/settings\/webhooks">[\s\S]*?<\/form>/.exec(await page("/settings/webhooks"))![0];
    const refused = await admin.submit(
      form,
      { url: "http://hooks.example.com/retour", "event.feedback.created": "yes", "event.feedback.merged": "yes" },
      undefined,
      { origin: ORIGIN },
    );
    const shown = await refused.text();
    expect(refused.status).toBe(400);
    // Beside the field, the condition it failed alone: the events were fine.
    expect(shown).toContain(
      '<label for="webhook-url">URL</label><p class="error" role="alert" id="webhook-url-error">The address must use https: http://hooks.example.com/retour was given',
    );
    expect(shown).not.toContain("its events among");
    expect(shown).toContain('value="http://hooks.example.com/retour" aria-invalid="true" aria-describedby="webhook-url-error"');
    const ticked = [...shown.matchAll(/name="event\.([\w.]+)" value="yes"( checked)?/g)].filter((m) => m[2]).map((m) => m[1]);
    expect(ticked).toEqual(["feedback.created", "feedback.merged"]);
  });
});

describe("French wording", () => {
  test("the severity, app and feature filters say « Toutes », the kind filter « Tous »", async () => {
    const inbox = await page("/inbox", "fr");
    expect(select(inbox, "severity")).toContain('<option value="">Toutes</option>');
    expect(select(inbox, "app")).toContain('<option value="">Toutes</option>');
    expect(select(inbox, "kind")).toContain('<option value="">Tous</option>');
    // Possible duplicates offers its app filter to an organization of several apps, or once an app is chosen.
    expect(select(await page(`/duplicates?appId=${http.demo.appId}`, "fr"), "app")).toContain('<option value="">Toutes</option>');
  });

  test("each turn of a qualification puts a narrow no-break space before its colon: « Auteur (…)\u202f: … »", async () => {
    const step = await http.request("POST", "/v1/reports", {
      body: { publicKey: http.demo.publicKey, kind: "problem", message: "Search is broken", qualify: true },
    });
    const answer = (given: object) =>
      http.request("POST", `/v1/reports/${step.body.id}/answers`, { body: { publicKey: http.demo.publicKey, ...given } });
    await answer({ text: "No results for any word" });
    await answer({ text: "The invoices that contain the word" });
    await answer({ choiceIds: ["feat-search"] });
    const key = (await answer({ choiceIds: ["4"] })).body.ticketId;
    const turns = [...(await page(`/inbox/${key}`, "fr")).matchAll(/<li><strong>(?:Auteur|Assistant)<\/strong> \([^)]*\)(.)/g)].map((m) => m[1]);
    expect(turns.length).toBeGreaterThan(1);
    expect(new Set(turns)).toEqual(new Set(["\u202f"]));
    expect(await page(`/inbox/${key}`)).toMatch(/<li><strong>Reporter<\/strong> \([^)]*\): Search is broken<\/li>/);
  });

  test("praise is « Compliment » in the hosted form, as « Un compliment » in the widget", async () => {
    const form = await (await http.handle(new Request(`${ORIGIN}/f/${http.demo.formKey}`, { headers: { "accept-language": "fr" } }))).text();
    expect(form).toContain('value="praise"> Compliment</label>');
    expect(form).not.toContain("Éloge");
  });
});

describe("design polish", () => {
  test("a new personal token has only feedbacks:read ticked", async () => {
    const tokens = await page("/settings/tokens");
    const ticked = [...tokens.matchAll(/name="scope\.([\w:]+)" value="yes"( checked)?/g)].filter((m) => m[2]).map((m) => m[1]);
    expect(ticked).toEqual(["feedbacks:read"]);
    expect(tokens).toContain('name="scope.webhooks:manage"');
  });

  test("a report's source is said as people say it: « Report via API · anonymous »", async () => {
    const sent = await http.request("POST", "/v1/reports", {
      body: { publicKey: http.demo.publicKey, kind: "idea", message: "Export to CSV please" },
    });
    const thread = await page(`/inbox/${sent.body.ticketId}`);
    expect(thread).toContain("Report via API · anonymous");
    expect(await page(`/inbox/${sent.body.ticketId}`, "fr")).toContain("Signalement via l’API · anonyme");
  });
});

describe("French settings put a narrow no-break space before a colon", () => {
  const frenchPage = async (browser: FormBrowser, path: string) => (await browser.fetch(path, { headers: { "accept-language": "fr" } })).text();

  test("the feature map's table names each field to screen readers as « Fonctionnalité checkout\u202f: Chemin »", async () => {
    const features = await frenchPage(admin, `/settings/apps/${http.demo.appId}/features`);
    expect(features).toContain('aria-label="Fonctionnalité checkout\u202f: Chemin"');
    expect(features).not.toMatch(/aria-label="[^"]*[^\u202f]: /);
  });

  test("a member reads the allowed origins as « Origines autorisées\u202f: … »", async () => {
    const member = new FormBrowser(ORIGIN, {}, (r) => http.handle(r));
    await signIn(member, http.demo.users.member.email, http.demo.users.member.password, "/inbox");
    expect(await frenchPage(member, `/settings/apps/${http.demo.appId}/widget`)).toContain("<p>Origines autorisées\u202f: ");
  });

  test("a help center file that cannot be read is refused as « Centre d’aide\u202f: … »", async () => {
    const page = await frenchPage(admin, `/settings/apps/${http.demo.appId}/help`);
    const form = /<form method="post" action="\/settings\/apps\/[^/]+\/help"[\s\S]*?<\/form>/.exec(page)![0];
    const refused = await admin.submit(form, { json: "not json" }, undefined, { origin: ORIGIN, "accept-language": "fr" });
    expect(await refused.text()).toContain("Centre d’aide\u202f: ");
  });

  test("an app's issue tracker gives « Adresse de son webhook\u202f: … »", async () => {
    const appId = (await http.cli("app", "create", "DEMO", "Tracked")).split("\n")[0]!.replace("app ", "");
    await http.cli("tracker", "set", "DEMO", appId, "linear", "--team", "ENG", "--token", "lin_api_x", "--api-url", "http://127.0.0.1:9/graphql");
    expect(await frenchPage(admin, `/settings/apps/${appId}/tracker`)).toMatch(/<p>Adresse de son webhook\u202f: <code[ >]/);
  });

  test("a webhook's test that failed says « Le test n’a pas été accepté — {address}\u202f: … »", async () => {
    const local = await inProcess({ env: { WEBHOOKS_ALLOW_PRIVATE: "true" } });
    try {
      // Nothing listens on port 9 of this machine: the test gets no answer.
      await local.request("POST", "/v1/webhooks", {
        token: local.demo.tokens.admin,
        body: { url: "http://127.0.0.1:9/retour", events: ["feedback.created"] },
      });
      const browser = new FormBrowser(ORIGIN, {}, (r) => local.handle(r));
      await signIn(browser, local.demo.users.admin.email, local.demo.users.admin.password, "/inbox");
      const page = await frenchPage(browser, "/settings/webhooks");
      const form = /<form method="post" action="\/settings\/webhooks\/[^/]+\/test"[\s\S]*?<\/form>/.exec(page)![0];
      const tested = await browser.submit(form, {}, undefined, { origin: ORIGIN, "accept-language": "fr" });
      expect(await tested.text()).toContain("Le test n’a pas été accepté — http://127.0.0.1:9/retour\u202f: pas de réponse");
    } finally {
      local.close();
    }
  });
});
