import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SESSION_COOKIE } from "../../../adapters/http/cookies.ts";
import { startSession } from "../../../core/sessions/start-session.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";
import { FormBrowser, signIn } from "../../support/browser.ts";

/** The web application on a fresh demo organization: no feedback, no webhook, no token yet. */
let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

/** A page of the application, as the demo person with the role sees it. */
async function pageAs(role: "admin" | "reader", path: string): Promise<string> {
  const user = await http.services.store.findUserByEmail(http.demo.users[role].email);
  const { secret } = await startSession(http.services, user!.id);
  const reply = await http.request("GET", path, { headers: { cookie: `${SESSION_COOKIE}=${secret}` } });
  expect(reply.status).toBe(200);
  return reply.body as string;
}

/** A page of the application, as a person just made with the role in the organization `prefix` sees it in `language`. */
async function newcomerPage(prefix: string, email: string, role: string, path: string, language = "en"): Promise<string> {
  await http.cli("user", "create", email, "--org", prefix, "--role", role);
  const { secret } = await startSession(http.services, (await http.services.store.findUserByEmail(email))!.id);
  const headers = { cookie: `${SESSION_COOKIE}=${secret}`, "accept-language": language };
  return (await http.request("GET", path, { headers })).body as string;
}

describe("an organization's first day in the web application", () => {
  test("GET /favicon.ico is the service's icon", async () => {
    const reply = await http.request("GET", "/favicon.ico");
    expect([reply.status, reply.headers.get("content-type")]).toEqual([200, "image/x-icon"]);
    // An ICO file starts with a reserved zero and type 1 (icon), both 16-bit little-endian.
    expect([...(reply.body as string).slice(0, 4)].map((c) => c.charCodeAt(0))).toEqual([0, 0, 1, 0]);
  });

  test("an inbox with no feedback yet says how to send the first report, with the app's API key, widget key and form link", async () => {
    const inbox = await pageAs("admin", "/inbox");
    expect(inbox).toContain("No feedback yet");
    expect(inbox).not.toContain("No feedback matches these filters.");
    expect(inbox).toContain(`curl -X POST http://localhost:3000/v1/reports`);
    expect(inbox).toContain(http.demo.publicKey);
    expect(inbox).toContain(`data-key=&quot;<span class="key">${http.demo.widgetKey}</span>&quot;`);
    expect(inbox).toContain(`http://localhost:3000/f/${http.demo.formKey}`);
  });

  test("an app made with the CLI has no channel: app create and channel list say so and how to add one, and the inbox says where", async () => {
    await http.cli("org", "create", "Acme", "--prefix", "ACME");
    await http.cli("user", "create", "owner@acme.test", "--password", "a long password", "--org", "ACME", "--role", "admin");
    const created = await http.cli("app", "create", "ACME", "Shop");
    const appId = /^app (\S+)/m.exec(created)![1]!;
    expect(created).toContain(`no channel yet, so nothing can report about it: channel create ACME ${appId} --kind api|form|widget`);
    expect(await http.cli("channel", "list", "ACME")).toBe("no channel: channel create ACME <appId> --kind api|form|widget\n");
    const user = await http.services.store.findUserByEmail("owner@acme.test");
    const { secret } = await startSession(http.services, user!.id);
    const inbox = (await http.request("GET", "/inbox", { headers: { cookie: `${SESSION_COOKIE}=${secret}` } })).body as string;
    expect(inbox).toContain(
      `Shop has no way in yet: an Admin adds a channel for it (an API key, the widget or the hosted form) in <a href="/settings/apps/${appId}/channels">Settings → Apps → Channels</a>.`,
    );
  });

  test("without e-mail (no SMTP_URL), inviting says the link is to be handed over, and shows it so once made", async () => {
    const b = new FormBrowser(http.url, {}, http.handle);
    await signIn(b, http.demo.users.admin.email, http.demo.users.admin.password, "/settings/members");
    const members = await (await b.fetch("/settings/members")).text();
    expect(members).toContain(
      "This service does not send e-mail: the link, valid 7 days, is shown to you once the invitation is made, for you to hand over.",
    );
    expect(members).not.toContain("They receive a link");
    expect(members).toContain('<button type="submit">Make the invitation link</button>');
    await b.submit(members, { email: "handed@example.com", role: "member" }, "/settings/invitations");
    const shown = await (await b.fetch("/settings/members")).text();
    expect(shown).toContain("Invitation made for handed@example.com. This service does not send e-mail: hand over its link, shown this once:");
  });

  test("the empty inbox's widget snippet is the README's, with the app's widget key and this service's address in place", async () => {
    const readme = readFileSync(join(import.meta.dir, "..", "..", "..", "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("## Collecting from the browser"));
    const snippet = /```html\n([\s\S]*?)```/.exec(section)![1]!;
    const inbox = await pageAs("admin", "/inbox");
    const shown = /<pre class="command snippet"[^>]*><code>(&lt;script&gt;[\s\S]*?)<\/code><\/pre>/.exec(inbox)![1]!;
    // As the browser shows it: the text, without the tag that keeps the key on one line.
    const unescaped = shown
      .replace(/<\/?span[^>]*>/g, "")
      .replace(/&(lt|gt|quot|#39|amp);/g, (_, e: string) => ({ lt: "<", gt: ">", quot: '"', "#39": "'", amp: "&" })[e]!);
    expect(unescaped).toBe(snippet.replace("widget_…", http.demo.widgetKey));
  });

  test("the app's widget settings give the same snippet to an Admin, no key to a Reader", async () => {
    const readme = readFileSync(join(import.meta.dir, "..", "..", "..", "README.md"), "utf8");
    const snippet = /```html\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf("## Collecting from the browser")))![1]!;
    const widget = `/settings/apps/${http.demo.appId}/widget`;
    const shown = /<h3>On your pages<\/h3><p>[^<]*&lt;\/body&gt;[^<]*<\/p><pre class="command snippet"[^>]*><code>([\s\S]*?)<\/code><\/pre>/.exec(
      await pageAs("admin", widget),
    )![1]!;
    // As the browser shows it: the text, without the tag that keeps the key on one line.
    const unescaped = shown
      .replace(/<\/?span[^>]*>/g, "")
      .replace(/&(lt|gt|quot|#39|amp);/g, (_, e: string) => ({ lt: "<", gt: ">", quot: '"', "#39": "'", amp: "&" })[e]!);
    expect(unescaped).toBe(snippet.replace("widget_…", http.demo.widgetKey));
    const read = await pageAs("reader", widget);
    expect([read.includes(http.demo.widgetKey), read.includes("On your pages")]).toEqual([false, false]);
  });

  test("the snippet pasted as it is identifies no one: its optional calls are comments until the site fills them in", () => {
    const readme = readFileSync(join(import.meta.dir, "..", "..", "..", "README.md"), "utf8");
    const snippet = /```html\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf("## Collecting from the browser")))![1]!;
    const live = snippet.split("\n").filter((line) => !line.trim().startsWith("//"));
    expect(live.filter((line) => /Retour\.(identify|metadata|on|open)\(/.test(line))).toEqual([]);
    expect(snippet).toContain('// Retour.identify({ id: "u_42", email: "ann@example.com", name: "Ann" });');
  });

  test("Settings → Slack gives the README's Slack app manifest, with this organization's request addresses in place", async () => {
    const readme = readFileSync(join(import.meta.dir, "..", "..", "..", "README.md"), "utf8");
    const manifest = /```yaml\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf("## Slack")))![1]!;
    const shown = /<summary>The Slack app&#39;s manifest<\/summary><p>[^<]*<\/p><pre class="command"[^>]*><code>([\s\S]*?)<\/code><\/pre>/.exec(
      await pageAs("admin", "/settings/slack"),
    )![1]!;
    const ours = (path: string) => `http://localhost:3000/integrations/slack/${path}?org=${http.demo.orgId}`;
    const theirs = (path: string) => `https://retour.example.com/integrations/slack/${path}?org=<orgId>`;
    const unescaped = shown.replace(/&(lt|gt|quot|#39|amp);/g, (_, e: string) => ({ lt: "<", gt: ">", quot: '"', "#39": "'", amp: "&" })[e]!);
    expect(["commands", "interactions", "events"].reduce((text, path) => text.replace(ours(path), theirs(path)), unescaped)).toBe(manifest);
  });

  test("an app without a widget channel says, where the snippet would be, where an Admin adds one", async () => {
    const appId = /^app (\S+)/.exec(await http.cli("app", "create", "DEMO", "Kiosk"))![1]!;
    expect(await pageAs("admin", `/settings/apps/${appId}/widget`)).toContain(
      `<h3>On your pages</h3><p>This app has no widget channel yet: an Admin adds one in <a href="/settings/apps/${appId}/channels">Channels</a>.</p>`,
    );
  });

  test("a Reader's empty inbox shows no key, and says an Admin finds them in the settings", async () => {
    const inbox = await pageAs("reader", "/inbox");
    expect(inbox).toContain("No feedback yet");
    for (const key of [http.demo.publicKey, http.demo.widgetKey, http.demo.formKey]) expect(inbox).not.toContain(key);
    expect(inbox).toContain("keys in Settings → Apps.");
  });

  test("the settings tab is named as the pages' directions name it (Settings → Apps, Réglages → Applications)", async () => {
    for (const [language, tab] of [
      ["en", "Apps"],
      ["fr", "Applications"],
    ]) {
      const user = await http.services.store.findUserByEmail(http.demo.users.admin.email);
      const { secret } = await startSession(http.services, user!.id);
      const headers = { cookie: `${SESSION_COOKIE}=${secret}`, "accept-language": language! };
      const page = (await http.request("GET", "/settings/apps", { headers })).body as string;
      expect(page).toContain(`<li><a href="/settings/apps" aria-current="page">${tab}</a></li>`);
    }
  });

  test("an organization without an app says so, and leads to Settings → Apps where the first is made: an Admin is asked to make it, the others told an Admin does", async () => {
    await http.cli("org", "create", "Bare", "--prefix", "BARE");
    const inboxAs = (email: string, role: string, language?: string) => newcomerPage("BARE", email, role, "/inbox", language);
    expect(await inboxAs("ada@bare.test", "admin")).toContain(
      '<p>There is no app yet to report about: create the first one in <a href="/settings/apps">Settings → Apps</a>.</p>',
    );
    expect(await inboxAs("amy@bare.test", "admin", "fr")).toContain(
      '<p>Il n’y a encore aucune application à propos de laquelle signaler\u202f: créez la première dans <a href="/settings/apps">Réglages → Applications</a>.</p>',
    );
    expect(await inboxAs("max@bare.test", "member")).toContain(
      '<p>There is no app yet to report about: an Admin creates the first one in <a href="/settings/apps">Settings → Apps</a>.</p>',
    );
    expect(await inboxAs("mia@bare.test", "member", "fr")).toContain(
      '<p>Il n’y a encore aucune application à propos de laquelle signaler\u202f: un administrateur crée la première dans <a href="/settings/apps">Réglages → Applications</a>.</p>',
    );
  });

  test("trends without an app lead an Admin to Settings → Apps, as the inbox does; a Member is told an Admin makes one", async () => {
    await http.cli("org", "create", "Chartless", "--prefix", "CHART");
    const trendsAs = (email: string, role: string, language?: string) => newcomerPage("CHART", email, role, "/trends", language);
    expect(await trendsAs("ada@chart.test", "admin")).toContain(
      '<p class="empty">No app yet: create the first one in <a href="/settings/apps">Settings → Apps</a>.</p>',
    );
    expect(await trendsAs("amy@chart.test", "admin", "fr")).toContain(
      '<p class="empty">Aucune application\u202f: créez la première dans <a href="/settings/apps">Réglages → Applications</a>.</p>',
    );
    const member = await trendsAs("max@chart.test", "member");
    expect(member).toContain('<p class="empty">No app yet: an Admin creates one in the settings.</p>');
    expect(member).not.toContain('href="/settings/apps"');
  });

  test("Settings → Apps with no app yet says what an app is for and what it needs next, above the form that creates it", async () => {
    await http.cli("org", "create", "Empty", "--prefix", "EMPTY");
    await http.cli("user", "create", "eve@empty.test", "--org", "EMPTY", "--role", "admin");
    const eve = await http.services.store.findUserByEmail("eve@empty.test");
    const { secret } = await startSession(http.services, eve!.id);
    const apps = (await http.request("GET", "/settings/apps", { headers: { cookie: `${SESSION_COOKIE}=${secret}` } })).body as string;
    expect(apps).toContain(
      '<p class="empty">No app yet. An app is what reports are about: create it below, then give it a channel (an API key, the widget or the hosted form) in its settings.</p><h2>Create an app</h2>',
    );
    expect(apps.includes('class="cards-grid"')).toBe(false);
  });

  test("filters that match nothing still say so, with a way to reset them", async () => {
    const inbox = await pageAs("admin", "/inbox?kind=idea");
    expect(inbox).toContain("No feedback matches these filters.");
    expect(inbox).not.toContain("No feedback yet");
  });

  test("webhooks with none yet say so, and what one does, instead of a table of headers alone", async () => {
    const webhooks = await pageAs("admin", "/settings/webhooks");
    expect(webhooks).toContain("No webhook yet.");
    expect(webhooks.includes("<table")).toBe(false);
  });
});
