import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { FormBrowser } from "../../support/browser.ts";
import { FakeGitHub } from "../../support/fake-github.ts";
import { type InProcess, inProcess, signedInAs } from "../../support/in-process.ts";

/** The tracker issue on a feedback's page: opened or linked from there, refusals said there. */
const github = new FakeGitHub();
let http: InProcess;
let member: FormBrowser;
beforeAll(async () => {
  github.start();
  http = await inProcess();
  await http.cli("tracker", "set", "DEMO", http.demo.appId, "github", "--repo", "acme/shop", "--token", "gh-token", "--api-url", github.url);
  member = await signedInAs(http, "member");
});
afterAll(() => {
  http.close();
  github.stop();
});

const report = async (message: string, publicKey = http.demo.publicKey): Promise<string> =>
  (await http.request("POST", "/v1/reports", { body: { publicKey, kind: "problem", message } })).body.ticketId;
const page = async (browser: FormBrowser, key: string, language = "en") =>
  (await browser.fetch(`/inbox/${key}`, { headers: { "accept-language": language } })).text();
/** The panel's form that opens an issue (`open`) or links one (`link`). */
const formOf = (html: string, action: "open" | "link") =>
  new RegExp(
    `<form method="post" action="[^"]*/tracker#tracker"[^>]*>(?:(?!</form>)[\\s\\S])*?name="action" value="${action}"[\\s\\S]*?</form>`,
  ).exec(html)?.[0];
/** The panel, from its heading to the next section's. */
const panel = (html: string) => /<h2 id="tracker">[\s\S]*?(?=<h2 id="followers">)/.exec(html)?.[0] ?? "";
/** The CSRF token of a page's forms, the visitor's own. */
const csrfOf = (html: string) => /name="csrf" value="([^"]*)"/.exec(html)![1];
const trackerIssue = async (key: string) => (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin })).body.trackerIssue;

describe("an app with a tracker", () => {
  test("Create issue in GitHub opens the feedback's issue there; the page then shows it linked, with its link", async () => {
    const key = await report("The basket empties itself after a refresh");
    const created = await member.submit(formOf(await page(member, key), "open")!, {});
    expect([created.status, created.headers.get("location")]).toEqual([303, `/inbox/${key}?tracker=opened#tracker`]);
    const opened = [...github.issues.values()].find((i) => i.title === "The basket empties itself after a refresh")!;
    const shown = panel(await (await member.fetch(created.headers.get("location")!)).text());
    expect(shown).toContain(`<p class="notice" role="status">Issue acme/shop#${opened.number} created in GitHub and linked.</p>`);
    expect(shown).toContain(`<a href="https://github.test/acme/shop/issues/${opened.number}" rel="noreferrer">acme/shop#${opened.number}</a>`);
    expect(formOf(shown, "open")).toBeUndefined();
  });

  test("an existing issue is linked by its address, as copied from GitHub", async () => {
    const key = await report("Prices show no currency on the receipt");
    const existing = github.add("Currency missing on receipts");
    const linked = await member.submit(formOf(await page(member, key), "link")!, {
      issue: ` https://github.com/acme/shop/issues/${existing.number} `,
    });
    expect([linked.status, linked.headers.get("location")]).toEqual([303, `/inbox/${key}?tracker=linked#tracker`]);
    expect((await trackerIssue(key)).key).toBe(`acme/shop#${existing.number}`);
  });

  test("an issue of another repository is not found: the page says so and keeps the address typed", async () => {
    const key = await report("Search suggestions overlap the keyboard");
    github.add("Suggestions overlap");
    const address = `https://github.com/other/repo/issues/${github.issues.size}`;
    const refused = await member.submit(formOf(await page(member, key), "link")!, { issue: address });
    const shown = panel(await refused.text());
    expect(refused.status).toBe(404);
    expect(shown).toContain(`<p class="error" role="alert">GitHub has no issue “${address}” in acme/shop. Check its address or key.</p>`);
    expect(shown).toContain(`value="${address}"`);
    expect(await trackerIssue(key)).toBeUndefined();
  });

  test("a repository's name run into a number names no issue: the number of a longer-named repository is not taken for this one's", async () => {
    const key = await report("The receipt prints twice");
    const existing = github.add("Receipt printed twice");
    const typed = `acme/shop${existing.number}`;
    const refused = await member.submit(formOf(await page(member, key), "link")!, { issue: typed });
    expect(refused.status).toBe(404);
    expect(await trackerIssue(key)).toBeUndefined();
  });

  test("while GitHub cannot be reached the page says so, with what it answered, and links nothing", async () => {
    const key = await report("Order history is empty on the second page");
    github.down = true;
    const refused = await member.submit(formOf(await page(member, key), "open")!, {}).finally(() => {
      github.down = false;
    });
    expect(refused.status).toBe(502);
    expect(panel(await refused.text())).toContain(
      "GitHub could not be reached, or refused the request (check the token set for this app). Nothing was linked; try again in a moment. It said: Service unavailable",
    );
    expect(await trackerIssue(key)).toBeUndefined();
  });

  test("Create pressed again once the issue is linked (a second press, a teammate) opens no second issue", async () => {
    const key = await report("Newsletter sign-up accepts an empty e-mail");
    const shown = await page(member, key);
    await member.submit(formOf(shown, "open")!, {});
    const issues = github.issues.size;
    const again = await member.submit(formOf(shown, "open")!, {});
    expect([again.status, again.headers.get("location")]).toEqual([303, `/inbox/${key}?tracker=taken#tracker`]);
    expect(github.issues.size).toBe(issues);
    expect(panel(await page(member, `${key}?tracker=taken`))).toContain(`No issue created: ${(await trackerIssue(key)).key} was linked meanwhile.`);
  });

  test("Link another issue instead replaces the link", async () => {
    const key = await report("Gift cards cannot be combined");
    await member.submit(formOf(await page(member, key), "open")!, {});
    const other = github.add("Combine gift cards");
    const shown = await page(member, key);
    expect(shown).toContain("<summary>Link another issue instead</summary>");
    await member.submit(formOf(shown, "link")!, { issue: String(other.number) });
    expect((await trackerIssue(key)).key).toBe(`acme/shop#${other.number}`);
  });

  test("the link form sent empty asks for the issue's address or key, and opens nothing", async () => {
    const key = await report("Checkout forgets the chosen delivery slot");
    const issues = github.issues.size;
    const refused = await member.submit(formOf(await page(member, key), "link")!, { issue: "  " });
    expect(refused.status).toBe(400);
    expect(panel(await refused.text())).toContain('<p class="error" role="alert">Give the issue&#39;s address or key.</p>');
    expect(github.issues.size).toBe(issues);
  });

  test("a Reader sees the linked issue and its link, and no button or form", async () => {
    const key = await report("Wishlist icons are misaligned");
    await member.submit(formOf(await page(member, key), "open")!, {});
    const shown = panel(await page(await signedInAs(http, "reader"), key));
    expect(shown).toContain(`rel="noreferrer">${(await trackerIssue(key)).key}</a>`);
    expect(shown).not.toContain("<form");
  });

  test("a Reader's post is refused on the page, and nothing is opened", async () => {
    const key = await report("Filters reset when going back");
    const form = formOf(await page(member, key), "open")!;
    const reader = await signedInAs(http, "reader");
    const issues = github.issues.size;
    const refused = await reader.submit(form.replace(/name="csrf" value="[^"]*"/, `name="csrf" value="${csrfOf(await page(reader, key))}"`), {});
    expect(refused.status).toBe(403);
    expect(panel(await refused.text())).toContain('<p class="error" role="alert">Your role does not allow this.</p>');
    expect(github.issues.size).toBe(issues);
  });

  test("in French, the button and the form", async () => {
    const key = await report("Le panier se vide tout seul");
    const shown = panel(await page(member, key, "fr"));
    expect(shown).toContain('<h2 id="tracker">Ticket lié</h2>');
    expect(shown).toContain("Créer un ticket dans GitHub</button>");
    expect(shown).toContain(
      '<label for="tracker-issue">Lier un ticket existant</label><p class="muted" id="tracker-issue-hint">Son adresse, ou sa clé (17).</p>',
    );
  });
});

describe("an app without a tracker", () => {
  let key: string;
  let appId: string;
  beforeAll(async () => {
    appId = /^app (\S+)/m.exec(await http.cli("app", "create", "DEMO", "Untracked app"))![1]!;
    const channel = (await http.cli("channel", "create", "DEMO", appId)).trim();
    key = await report("The untracked app crashes on start", channel);
  });

  test("an Admin is shown the command that connects one for this app, and the way to its tracker settings", async () => {
    const shown = panel(await page(await signedInAs(http, "admin"), key));
    expect(shown).toContain(`<code>npm run cli -- tracker set DEMO ${appId} github --repo owner/name --token …</code>`);
    expect(shown).toContain(`<a href="/settings/apps/${appId}/tracker">Issue tracker settings of Untracked app</a>`);
    expect(shown).not.toContain("<form");
  });

  test("a Member is shown nothing of trackers", async () => {
    expect(await page(member, key)).not.toContain('id="tracker"');
  });
});
