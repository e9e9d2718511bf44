import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { distinctText } from "../../support/distinct.ts";
import { inProcess, type InProcess, jsonClient } from "../../support/in-process.ts";

let server: InProcess;
const { get, post } = jsonClient(() => server);
beforeAll(async () => {
  server = await inProcess();
});
afterAll(() => server.close());

/** A browser of the web pages, without a socket: cookies kept, redirects stopped at. */
const visitor = () => new FormBrowser(server.url, {}, (request) => server.handle(request));

async function report(message: string): Promise<string> {
  const res = await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "problem", message });
  expect(res.status).toBe(201);
  return res.body.ticketId;
}

async function as(role: "admin" | "member" | "reader", next = "/inbox"): Promise<FormBrowser> {
  const browser = visitor();
  await signIn(browser, server.demo.users[role].email, server.demo.users[role].password, next);
  return browser;
}

/** The form whose action is `action`, from a page. */
function formOf(page: string, action: string): string {
  const form = new RegExp(`<form method="post" action="${action.replace(/[/.]/g, "\\$&")}"[^>]*>[\\s\\S]*?</form>`).exec(page);
  if (!form) throw new Error(`no form posting to ${action}`);
  return form[0];
}

describe("web pages", () => {
  test("a page of the application sends a visitor who is not signed in to the sign-in page, then back", async () => {
    const browser = visitor();
    const res = await browser.fetch("/inbox?kind=idea");
    expect([res.status, res.headers.get("location")]).toEqual([303, "/login?next=%2Finbox%3Fkind%3Didea"]);
    const signedIn = await signIn(browser, server.demo.users.member.email, server.demo.users.member.password, "/inbox?kind=idea");
    expect(signedIn.headers.get("location")).toBe("/inbox?kind=idea");
  });

  test("next leads only to a path on this site: one whose dot segments leave '//host' once resolved goes to the inbox", async () => {
    for (const next of ["/.//evil.example", "/..//evil.example/a", "/%2e%2e//evil.example"]) {
      const switched = await visitor().fetch(`/language?to=en&next=${encodeURIComponent(next)}`);
      expect([next, switched.headers.get("location")]).toEqual([next, "/inbox"]);
      const browser = visitor();
      const form = await (await browser.fetch(`/login?next=${encodeURIComponent(next)}`)).text();
      expect([next, /name="next" value="([^"]*)"/.exec(form)?.[1]]).toEqual([next, "/inbox"]);
    }
    const kept = await visitor().fetch(`/language?to=en&next=${encodeURIComponent("/inbox/./DEMO-1?x=1")}`);
    expect(kept.headers.get("location")).toBe("/inbox/DEMO-1?x=1");
  });

  test("a wrong password keeps the e-mail address typed, and puts the cursor in the password", async () => {
    const browser = visitor();
    const page = await (await browser.fetch("/login")).text();
    const refused = await browser.submit(page, { email: server.demo.users.member.email, password: "not the password" });
    const again = await refused.text();
    expect(refused.status).toBe(401);
    expect(again).toContain(`name="email" type="email" autocomplete="username" required value="${server.demo.users.member.email}">`);
    expect(again).toContain('name="password" type="password" autocomplete="current-password" required autofocus aria-describedby="sign-in-error">');
  });

  test("a refused sign-in is read with the field that takes the focus, as its description: an alert there at load is announced by no one", async () => {
    const browser = visitor();
    const page = await (await browser.fetch("/login")).text();
    expect(page).not.toContain("aria-describedby");
    const refused = await (await browser.submit(page, { email: server.demo.users.member.email, password: "not the password" })).text();
    expect(refused).toContain('<p class="error" role="alert" id="sign-in-error">Wrong e-mail or password.</p>');
    expect(refused.match(/ autofocus aria-describedby="sign-in-error"/g)?.length).toBe(1);
  });

  test("the sign-in page speaks French to a French browser, wrong passwords included", async () => {
    const browser = visitor();
    const french = { "accept-language": "fr-FR,fr;q=0.9" };
    const page = await (await browser.fetch("/login", { headers: french })).text();
    expect(page).toContain("Connexion à Retour");
    const body = new URLSearchParams({
      csrf: /name="csrf" value="([^"]+)"/.exec(page)![1]!,
      next: "/inbox",
      email: "nobody@demo.test",
      password: "wrong-password",
    });
    const refused = await browser.fetch("/login", {
      method: "POST",
      headers: { ...french, "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain("E-mail ou mot de passe incorrect.");
  });

  test("every form refuses a submission without the CSRF token of the session", async () => {
    const key = await report(distinctText(11));
    const browser = await as("admin");
    for (const [path, action] of [
      [`/inbox/${key}`, `/inbox/${key}/status`],
      [`/inbox/${key}`, `/inbox/${key}/follow`],
      ["/settings/apps", "/settings/apps"],
      ["/settings/members", "/settings/members/role"],
      ["/settings/tokens", "/settings/tokens"],
      ["/settings/webhooks", "/settings/webhooks"],
      ["/settings/slack", "/settings/slack"],
    ] as const) {
      const page = await (await browser.fetch(path)).text();
      const forged = formOf(page, action).replace(/name="csrf" value="[^"]*"/, 'name="csrf" value="forged"');
      const res = await browser.submit(
        forged,
        { status: "dismissed", name: "x", label: "x", email: "a@b.c", role: "reader", url: "https://example.com" },
        action,
      );
      expect([action, res.status]).toEqual([action, 403]);
    }
    expect((await get(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin)).body.status).toBe("triage");
  });

  test("signing out forgets the inbox list last shown: the next person on this browser is not led back to its search", async () => {
    const key = await report(distinctText(12));
    const member = await as("member");
    const page = await (await member.fetch("/inbox?q=salary%20review")).text();
    await member.submit(page.slice(page.indexOf('<form method="post" action="/logout"')), {});
    await signIn(member, server.demo.users.admin.email, server.demo.users.admin.password, "/inbox");
    expect(await (await member.fetch(`/inbox/${key}`)).text()).not.toContain("salary");
  });

  test("signing in ends the session held before and forgets its inbox list: the next person on this browser is not led back to its search", async () => {
    const key = await report(distinctText(12));
    const member = await as("member");
    await member.fetch("/inbox?q=salary%20review");
    await signIn(member, server.demo.users.admin.email, server.demo.users.admin.password, "/inbox");
    expect(await (await member.fetch(`/inbox/${key}`)).text()).not.toContain("salary");
  });

  test("a member made a Reader, then removed, finds it on their session's next request, signed in all along", async () => {
    const email = `${distinctText(8)
      .toLowerCase()
      .replace(/[^a-z]/g, "")}@example.com`;
    await server.cli("user", "create", email, "--password", "live session password", "--org", "DEMO", "--role", "member");
    const userId = (await server.services.store.findUserByEmail(email))!.id;
    const key = await report(distinctText(12));
    const person = visitor();
    await signIn(person, email, "live session password", "/inbox");
    const page = await (await person.fetch(`/inbox/${key}`)).text();
    const admin = await as("admin");
    const csrf = /name="csrf" value="([^"]+)"/.exec(await (await admin.fetch("/settings/members")).text())![1]!;
    const asAdmin = (action: string, fields: Record<string, string>) =>
      admin.fetch(action, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrf, ...fields }),
      });

    expect((await asAdmin("/settings/members/role", { user: userId, role: "reader" })).status).toBe(303);
    expect((await person.submit(formOf(page, `/inbox/${key}/status`), { status: "dismissed" })).status).toBe(403);
    expect((await get(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin)).body.status).toBe("triage");

    expect((await asAdmin("/settings/members/remove", { user: userId, confirm: "yes" })).status).toBe(303);
    const removed = await person.fetch(`/inbox/${key}`);
    expect(removed.status).toBe(403);
    expect(await removed.text()).not.toContain(key);
  });

  test("a Reader's status change is refused with 403 and changes nothing", async () => {
    const key = await report(distinctText(12));
    const reader = await as("reader");
    const member = await as("member");
    const page = await (await member.fetch(`/inbox/${key}`)).text();
    const readerPage = await (await reader.fetch(`/inbox/${key}`)).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(readerPage)![1]!;
    const res = await reader.submit(formOf(page, `/inbox/${key}/status`).replace(/name="csrf" value="[^"]*"/, `name="csrf" value="${csrf}"`), {
      status: "dismissed",
    });
    expect(res.status).toBe(403);
    expect((await get(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin)).body.status).toBe("triage");
  });

  test("a comment over 5000 characters is refused and the status stays", async () => {
    const key = await report(distinctText(13));
    const browser = await as("member");
    const page = await (await browser.fetch(`/inbox/${key}`)).text();
    const res = await browser.submit(formOf(page, `/inbox/${key}/status`), { status: "fixed", comment: "x".repeat(5001) });
    expect(res.status).toBe(400);
    expect((await get(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin)).body.status).toBe("triage");
  });

  test("a merged feedback's page redirects to the surviving feedback, naming the key merged", async () => {
    const first = await report("Exporting the quarterly ledger to Excel crashes the app");
    const second = await report("The app crashes when exporting the quarterly ledger to Excel");
    // Grouping runs in the background: once its jobs have run, the merged page redirects.
    expect(await server.runJobs()).toBeGreaterThan(0);
    const res = await (await as("member")).fetch(`/inbox/${second}`);
    expect([res.status, res.headers.get("location")]).toEqual([303, `/inbox/${first}?merged=${second}`]);
  });

  test("a Member cannot open the webhook settings; an Admin can", async () => {
    expect((await (await as("member")).fetch("/settings/webhooks")).status).toBe(403);
    const admin = await as("admin");
    expect((await admin.fetch("/settings/webhooks")).status).toBe(200);
  });

  test("the settings sections list what only Admins manage (portal, webhooks, Slack, API keys) to Admins alone", async () => {
    const nav = async (role: "admin" | "member") =>
      [...(await (await (await as(role)).fetch("/settings/members")).text()).matchAll(/<li><a href="(\/settings[^"]*)"/g)].map((m) => m[1]);
    const adminsOnly = ["/settings/portal", "/settings/webhooks", "/settings/slack", "/settings/api-keys"];
    expect(await nav("admin")).toEqual(expect.arrayContaining(adminsOnly));
    expect((await nav("member")).filter((href) => adminsOnly.includes(href!))).toEqual([]);
  });

  test("the plan page names the plan in words and shows this month's quota use", async () => {
    const page = await (await (await as("admin")).fetch("/settings")).text();
    expect(page).toMatch(/<dt>Plan<\/dt><dd>(Free|Growth|Enterprise)<\/dd>/);
    expect(page).toMatch(/Reports this month \([A-Z][a-z]+ \d{4}\)<\/dt><dd>\d+ \/ unlimited<\/dd>/);
  });

  test("in French, the plan page names the quota's month in words, as the other dates of the pages are", async () => {
    const admin = await as("admin");
    await admin.fetch("/language?to=fr&next=/settings");
    const page = await (await admin.fetch("/settings")).text();
    expect(page).toMatch(
      /Signalements ce mois-ci \((janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}\)<\/dt><dd>\d+ \/ illimité<\/dd>/,
    );
  });

  test("an Admin creates an app and a channel whose key takes reports at once", async () => {
    const admin = await as("admin");
    let page = await (await admin.fetch("/settings/apps")).text();
    await admin.submit(formOf(page, "/settings/apps"), { name: "Web shop", kind: "web" });
    page = await (await admin.fetch("/settings/apps")).text();
    const appId = /<h2 id="app-([^"]+)">Web shop/.exec(page)![1]!;
    page = await (await admin.fetch(`/settings/apps/${appId}/channels`)).text();
    const added = await admin.submit(formOf(page, `/settings/apps/${appId}/channels`), { kind: "api" });
    expect(added.headers.get("location")).toBe(`/settings/apps/${appId}/channels`);
    page = await (await admin.fetch(`/settings/apps/${appId}/channels`)).text();
    const key = /<code>(pk_[^<]+)<\/code>/.exec(page)![1]!;
    const res = await post(`${server.url}/v1/reports`, { publicKey: key, kind: "idea", message: distinctText(14) });
    expect(res.status).toBe(201);
  });

  test("an Admin sets where the app's widget may send from; a page on that origin is then answered, a malformed origin refused", async () => {
    const admin = await as("admin");
    const appId = /<h2 id="app-([^"]+)">Demo app/.exec(await (await admin.fetch("/settings/apps")).text())![1]!;
    let page = await (await admin.fetch(`/settings/apps/${appId}/widget`)).text();
    await admin.submit(formOf(page, `/settings/apps/${appId}/browser`), {
      origins: "https://shop.example\nhttp://localhost:5173",
      queryParams: "tab",
    });
    page = await (await admin.fetch(`/settings/apps/${appId}/widget`)).text();
    expect(page).toContain("https://shop.example\nhttp://localhost:5173</textarea>");
    const report = { publicKey: server.demo.widgetKey, kind: "idea", message: distinctText(15) };
    const res = await post(`${server.url}/v1/widget/reports`, report, { origin: "https://shop.example" });
    expect(res.status).toBe(201);
    const refused = await admin.submit(formOf(page, `/settings/apps/${appId}/browser`), { origins: "https://shop.example/path" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("One exact origin per line");
  });

  test("a change of an app's settings is said once on the tab it was made on, in the person's language", async () => {
    const admin = await as("admin");
    const appId = /<h2 id="app-([^"]+)">Demo app/.exec(await (await admin.fetch("/settings/apps")).text())![1]!;
    const tab = `/settings/apps/${appId}/widget`;
    const saved = await admin.submit(formOf(await (await admin.fetch(tab)).text(), `/settings/apps/${appId}/browser`), {
      origins: "https://shop.example",
    });
    expect(saved.headers.get("location")).toBe(tab);
    expect(await (await admin.fetch(tab)).text()).toContain('<p class="notice" role="status" tabindex="-1" autofocus>Widget in browsers: saved.</p>');
    expect(await (await admin.fetch(tab)).text()).not.toContain('role="status"');
    const grouping = `/settings/apps/${appId}/grouping`;
    await admin.fetch(`/language?to=fr&next=${encodeURIComponent(grouping)}`);
    await admin.submit(formOf(await (await admin.fetch(grouping)).text(), grouping), { mode: "auto" });
    expect(await (await admin.fetch(grouping)).text()).toContain("Regroupement\u202f: enregistré.");
    await admin.fetch(`/language?to=en&next=${encodeURIComponent(grouping)}`);
  });

  test("the inbox keeps its filters in the address with the API's names, and its counts respect them", async () => {
    const word = distinctText(3).split(" ")[0]!.toLowerCase();
    const sent = { publicKey: server.demo.publicKey, kind: "problem", message: `${word} ${distinctText(6)}` };
    expect((await post(`${server.url}/v1/reports`, sent)).status).toBe(201);
    const member = await as("member");
    const searched = await (await member.fetch(`/inbox?query=${word}`)).text();
    expect(searched).toContain('name="query"');
    expect(searched).toMatch(/>Open \(1\)<\/a>/);
    expect(searched).toMatch(/>All \(1\)<\/a>/);
    expect(searched).toContain(`status=all&amp;query=${word}`);
    expect(await (await member.fetch(`/inbox?query=${word}&kind=idea`)).text()).toMatch(/>All \(0\)<\/a>/);
    expect(await (await member.fetch("/inbox")).text()).not.toMatch(/>All \(1\)<\/a>/);
  });

  test("revoking a token asks once more on a page of its own; only the confirmed revocation cuts it off", async () => {
    const member = await as("member");
    let page = await (await member.fetch("/settings/tokens")).text();
    const created = await member.submit(formOf(page, "/settings/tokens"), { label: "script", "scope.feedbacks:read": "yes" });
    expect([created.status, created.headers.get("location")]).toEqual([303, "/settings/tokens"]);
    page = await (await member.fetch("/settings/tokens")).text();
    const token = /<pre class="secret" id="secret"[^>]*>([^<]+)<\/pre>/.exec(page)![1]!;
    // The token's row, from its label's cell: its Revoke button names it too, to screen readers.
    const revoke = /action="(\/settings\/tokens\/[^"]+\/revoke)"/.exec(page.slice(page.indexOf(">script</td>")))![1]!;
    const asked = await (await member.submit(formOf(page, revoke), {})).text();
    expect(asked).toContain("Revoke this token? Whatever uses it stops working at once.");
    expect((await get(`${server.url}/v1/apps`, token)).status).toBe(200);
    await member.submit(formOf(asked, revoke), {});
    expect((await get(`${server.url}/v1/apps`, token)).status).toBe(401);
  });

  test("a session expires after 12 hours and the pages ask to sign in again", async () => {
    const browser = await as("member");
    expect((await browser.fetch("/inbox")).status).toBe(200);
    server.advanceClock(12 * 60 * 60_000 + 1000);
    const res = await browser.fetch("/inbox");
    expect([res.status, res.headers.get("location")]).toEqual([303, "/login?next=%2Finbox"]);
  });

  test("signing in on a browser that holds a session ends that session: its cookie, kept elsewhere, no longer opens anything", async () => {
    const browser = await as("member");
    const before = browser.cookieHeader();
    await signIn(browser, server.demo.users.admin.email, server.demo.users.admin.password, "/inbox");
    const replayed = await server.handle(new Request(`${server.url}/inbox`, { headers: { cookie: before } }));
    expect([replayed.status, replayed.headers.get("location")]).toEqual([303, "/login?next=%2Finbox"]);
    expect((await browser.fetch("/inbox")).status).toBe(200);
  });

  test("a form sent once the session has ended leads to sign in, back to the feedback it was sent from, saying that what was sent was not saved", async () => {
    const key = await report("The receipt printer skips a line after midnight");
    const browser = await as("member", `/inbox/${key}`);
    const page = await (await browser.fetch(`/inbox/${key}`)).text();
    server.advanceClock(12 * 60 * 60_000 + 1000);
    const sent = await browser.submit(formOf(page, `/inbox/${key}/status`), { status: "prioritized" });
    expect([sent.status, sent.headers.get("location")]).toEqual([303, `/login?next=${encodeURIComponent(`/inbox/${key}`)}&unsent=1`]);
    const login = await (await browser.fetch(sent.headers.get("location")!)).text();
    expect(login).toContain(
      '<p class="error" role="alert" id="sign-in-error">Your session had ended, so what you sent was not saved. Sign in, then send it again.</p>',
    );
    expect(login).toContain(`<input type="hidden" name="next" value="/inbox/${key}">`);
    expect((await get(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin)).body.status).not.toBe("prioritized");
  });

  test("a form sent without a session from a settings page or the inbox leads to sign in on its section's page", async () => {
    const sent = (path: string) =>
      visitor()
        .fetch(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "x=1" })
        .then((res) => res.headers.get("location"));
    expect([await sent("/settings/tokens/t1/revoke"), await sent("/inbox/views/v1/delete"), await sent("/inbox/bulk")]).toEqual([
      "/login?next=%2Fsettings&unsent=1",
      "/login?next=%2Finbox&unsent=1",
      "/login?next=%2Finbox&unsent=1",
    ]);
  });
});
