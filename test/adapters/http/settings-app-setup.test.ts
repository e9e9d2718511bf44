import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { decode, FormBrowser, signIn } from "../../support/browser.ts";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const as = (role: "admin" | "member" | "reader", language: "en" | "fr" = "en") =>
  signedInAs(http, role, "/settings/apps", { origin: http.url, ...(language === "fr" && { "accept-language": "fr" }) });

/** The form of a page that posts to `action`, alone, so the browser submits that one. */
const formOf = (page: string, action: string) => page.slice(page.indexOf(`<form method="post" action="${action}"`));

/** An app created with the Apps page's form: the address its creation led to, and that page as it first shows. */
async function newApp(browser: FormBrowser, name: string): Promise<{ created: Response; channels: string; page: string }> {
  const apps = await (await browser.fetch("/settings/apps")).text();
  const created = await browser.submit(formOf(apps, "/settings/apps"), { name, kind: "web" });
  const channels = created.headers.get("location") ?? "";
  return { created, channels, page: await (await browser.fetch(channels)).text() };
}

/** One click on a way of an app without a channel (or the add form of one with channels): the page it leads back to. */
async function addChannel(browser: FormBrowser, channels: string, kind: string): Promise<{ added: Response; page: string }> {
  const before = await (await browser.fetch(channels)).text();
  const added = await browser.submit(formOf(before, channels), { kind });
  return { added, page: await (await browser.fetch(added.headers.get("location") ?? "")).text() };
}

/** The notice of a page: what the set-up step just done says. */
const noticeOf = (page: string) => /<(p|div) class="notice" role="status" tabindex="-1" autofocus>([\s\S]*?)<\/\1>/.exec(page)?.[2];

/** The shell command a page shows in its notice, as the browser shows it. */
const commandOf = (page: string) => decode(/<pre class="command"[^>]*><code>([\s\S]*?)<\/code><\/pre>/.exec(noticeOf(page) ?? "")?.[1] ?? "");

/** What a shell hands curl when it runs `command`: its arguments, one a line. */
function curlArguments(command: string): string[] {
  const shell = Bun.spawnSync(["sh", "-c", `curl() { printf '%s\\n' "$@"; }\n${command}`]);
  expect(shell.stderr.toString()).toBe("");
  return shell.stdout.toString().trimEnd().split("\n");
}

describe("an app's first set-up, as a new Admin meets it in the web pages", () => {
  test("creating an app leads to its Channels tab (post-redirect-get), which says once that it is created and that it needs a channel", async () => {
    const admin = await as("admin");
    const { created, channels, page } = await newApp(admin, "Shop");
    expect(created.status).toBe(303);
    expect(channels).toMatch(/^\/settings\/apps\/[^/]+\/channels$/);
    expect(noticeOf(page)).toBe("Shop is created. Next, give it a channel: until it has one, nothing can send it feedback.");
    expect(noticeOf(await (await admin.fetch(channels)).text())).toBeUndefined();
  });

  test("an app without a channel shows the three ways feedback arrives, a line each, each with its own Create button, and no select", async () => {
    const { page } = await newApp(await as("admin"), "Kiosk");
    expect(page).toContain(">How will feedback reach Kiosk?</h3>");
    const ways = [...page.matchAll(/<li><p><strong>([^<]+)<\/strong> <span>([^<]+)<\/span><\/p>(<button[^>]*>[^<]+<\/button>)<\/li>/g)].map((m) =>
      m.slice(1),
    );
    expect(ways).toEqual([
      [
        "Widget in your web pages",
        "A feedback button on your site, which sends the page and the browser with each report.",
        '<button type="submit" name="kind" value="widget">Create a widget</button>',
      ],
      [
        "Hosted form link",
        "A ready-made page to link to from an e-mail, your app or a help page; it works without JavaScript.",
        '<button type="submit" name="kind" value="form">Create a form link</button>',
      ],
      [
        "API key for a server",
        "Your server, or a script, sends reports with it to POST /v1/reports.",
        '<button type="submit" name="kind" value="api">Create an API key</button>',
      ],
    ]);
    expect(page).not.toContain("<select");
  });

  test("one click on the widget creates it; the notice says its snippet is in the Widget in browsers tab, where the site's origin is allowed first", async () => {
    const admin = await as("admin");
    const { channels } = await newApp(admin, "Web shop");
    const { added, page } = await addChannel(admin, channels, "widget");
    expect([added.status, added.headers.get("location")]).toEqual([303, channels]);
    const widgetTab = channels.replace(/channels$/, "widget");
    expect(noticeOf(page)).toBe(
      `Widget created. Its snippet for your pages is in the tab <a href="${widgetTab}">Widget in browsers</a>, where you first allow your site&#39;s origin.`,
    );
    const key = /<code>(widget_[^<]+)<\/code>/.exec(page)?.[1];
    expect(await (await admin.fetch(widgetTab)).text()).toContain(`data-key=&quot;<span class="key">${key}</span>&quot;`);
  });

  test("one click on the hosted form creates it; the notice gives its link to share, which opens the form", async () => {
    const admin = await as("admin");
    const { channels } = await newApp(admin, "Help desk");
    const { page } = await addChannel(admin, channels, "form");
    const link = /^Hosted form created\. Share its link; anyone who opens it can send feedback: <a href="([^"]+)"[^>]*>\1<\/a>$/.exec(
      noticeOf(page) ?? "",
    )?.[1];
    expect(link).toMatch(/^http:\/\/localhost:3000\/f\/form_/);
    expect((await http.fetch(link!)).status).toBe(200);
  });

  test("one click on the API key creates it; the notice shows the curl command that sends a report with it, which the API accepts as written", async () => {
    const admin = await as("admin");
    const { channels } = await newApp(admin, "Back office");
    const { page } = await addChannel(admin, channels, "api");
    expect(noticeOf(page)).toStartWith("<p>API key created. Your server sends a report with it like this:</p>");
    const [curl, ...rest] = curlArguments(commandOf(page));
    expect([curl, ...rest.slice(0, -1)]).toEqual(["-X", "POST", "http://localhost:3000/v1/reports", "-H", "content-type: application/json", "-d"]);
    const body = JSON.parse(rest.at(-1)!);
    expect(body).toEqual({ publicKey: expect.stringMatching(/^pk_/), kind: "problem", message: "The export button does nothing" });
    expect((await http.request("POST", "/v1/reports", { body })).status).toBe(201);
  });

  test("in French: the notices and the ways, a narrow no-break space before : and ?, and a command whose apostrophe the shell reads", async () => {
    const admin = await as("admin", "fr");
    const { channels, page } = await newApp(admin, "Boutique");
    expect(noticeOf(page)).toBe(
      "L’application Boutique est créée. Donnez-lui maintenant un canal\u202f: tant qu’elle n’en a pas, rien ne peut lui envoyer de retour.",
    );
    expect(page).toContain(">Comment les retours parviendront-ils à Boutique\u202f?</h3>");
    expect(page).toContain('<button type="submit" name="kind" value="form">Créer un lien de formulaire</button>');
    const { page: withKey } = await addChannel(admin, channels, "api");
    expect(noticeOf(withKey)).toStartWith("<p>Clé d’API créée. Votre serveur envoie un signalement avec elle ainsi\u202f:</p>");
    const body = JSON.parse(curlArguments(commandOf(withKey)).at(-1)!);
    expect(body.message).toBe("Le bouton d'export ne fait rien");
    expect((await http.request("POST", "/v1/reports", { body })).status).toBe(201);
  });

  test("with channels, a compact row adds another: its label, a select of the three kinds and its button, in one form", async () => {
    const page = await (await (await as("admin")).fetch(`/settings/apps/${http.demo.appId}/channels`)).text();
    const form = /<form method="post" action="[^"]+\/channels" class="add-row">[\s\S]*?<\/form>/.exec(page)?.[0] ?? "";
    expect(form.replace(/value="[^"]{20,}"/, 'value="…"').replace(/\n/g, "")).toBe(
      `<form method="post" action="/settings/apps/${http.demo.appId}/channels" class="add-row"><input type="hidden" name="csrf" value="…">` +
        `<label for="channel-kind-${http.demo.appId}">Add a channel</label><select id="channel-kind-${http.demo.appId}" name="kind">` +
        '<option value="widget">Widget (in web pages)</option><option value="form">Hosted form</option><option value="api">API (from a server)</option></select>' +
        '<button type="submit" class="secondary">Create</button></form>',
    );
    expect(page).not.toContain('class="ways"');
  });

  test("a Member and a Reader read the ways of an app without a channel, and who adds them, but get no button that creates one", async () => {
    const { channels } = await newApp(await as("admin"), "Reading room");
    for (const role of ["member", "reader"] as const) {
      const page = await (await (await as(role)).fetch(channels)).text();
      expect(page, role).toContain(">How will feedback reach Reading room?</h3><p>An Admin adds one or more of these:</p>");
      expect(page, role).toContain("<strong>API key for a server</strong>");
      expect(page, role).not.toContain('<button type="submit" name="kind"');
      expect(page, role).not.toContain(`<form method="post" action="${channels}"`);
    }
  });
});

describe("the Apps page, with one app and with several", () => {
  let owner: FormBrowser;
  beforeAll(async () => {
    await http.cli("org", "create", "Acme", "--prefix", "ACME");
    await http.cli("user", "create", "owner@acme.test", "--password", "a long password", "--org", "ACME", "--role", "admin");
    await http.cli("app", "create", "ACME", "Shop");
    owner = new FormBrowser(http.url, { origin: http.url }, http.handle);
    await signIn(owner, "owner@acme.test", "a long password", "/settings/apps");
  });

  /** Each card's app name, and what its Channels and Grouping lines say, in the language asked for. */
  const cards = async (language = "en") =>
    [
      ...(await (await owner.fetch("/settings/apps", { headers: { "accept-language": language } })).text()).matchAll(
        /<h2 id="app-[^"]+">([^<]+) .*?<dd>([^<]+)<\/dd>.*?<dd>.*?<dd>([^<]+)<\/dd>/gs,
      ),
    ].map((m) => m.slice(1).map(decode));

  test("each app's card says how many of its channels are active, of an app without one that nothing can send it feedback, and its grouping in a word", async () => {
    expect(await cards()).toEqual([["Shop", "none yet: nothing can send it feedback", "Automatic"]]);
    const { channels } = await newApp(owner, "Back office");
    await addChannel(owner, channels, "api");
    await addChannel(owner, channels, "form");
    expect(await cards()).toEqual([
      ["Back office", "2 of 2 active", "Automatic"],
      ["Shop", "none yet: nothing can send it feedback", "Automatic"],
    ]);
  });

  test("in French, the count of active channels agrees with its number", async () => {
    const { channels } = await newApp(owner, "Atelier");
    await addChannel(owner, channels, "widget");
    expect((await cards("fr")).map(([name, said]) => [name, said])).toEqual([
      ["Atelier", "1 actif sur 1"],
      ["Back office", "2 actifs sur 2"],
      ["Shop", "aucun pour l’instant\u202f: rien ne peut lui envoyer de retour"],
    ]);
  });
});
