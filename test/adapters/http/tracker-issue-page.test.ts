import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { FormBrowser } from "../../support/browser.ts";
import { FakeGitHub } from "../../support/fake-github.ts";
import { FakeJira } from "../../support/fake-jira.ts";
import { focusedField } from "../../support/focused-field.ts";
import { type InProcess, inProcess, signedInAs } from "../../support/in-process.ts";
import type { IssueTracker } from "../../../core/ports.ts";
import { DeadlinePassed } from "../../../core/trackers/deadline.ts";

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
  new RegExp(`<form method="post" action="[^"]*/tracker"[^>]*>(?:(?!</form>)[\\s\\S])*?name="action" value="${action}"[\\s\\S]*?</form>`).exec(
    html,
  )?.[0];
/** The panel, from its heading to the next section's. */
const panel = (html: string) => /<h2 id="tracker">[\s\S]*?(?=<h2 id="followers">)/.exec(html)?.[0] ?? "";
/** The CSRF token of a page's forms, the visitor's own. */
const csrfOf = (html: string) => /name="csrf" value="([^"]*)"/.exec(html)![1];
const trackerIssue = async (key: string) => (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin })).body.trackerIssue;

describe("an app with a tracker", () => {
  test("Create issue in GitHub opens the feedback's issue there; the page then shows it linked, with its link", async () => {
    const key = await report("The basket empties itself after a refresh");
    const created = await member.submit(formOf(await page(member, key), "open")!, {});
    expect([created.status, created.headers.get("location")]).toEqual([303, `/inbox/${key}?tracker=opened`]);
    const opened = [...github.issues.values()].find((i) => i.title === "The basket empties itself after a refresh")!;
    const shown = panel(await (await member.fetch(created.headers.get("location")!)).text());
    expect(shown).toContain(
      `<p class="notice" role="status" tabindex="-1" autofocus>Issue acme/shop#${opened.number} created in GitHub and linked.</p>`,
    );
    expect(shown).toContain(`<a href="https://github.test/acme/shop/issues/${opened.number}" rel="noreferrer">acme/shop#${opened.number}</a>`);
    expect(formOf(shown, "open")).toBeUndefined();
  });

  test("an existing issue is linked by its address, as copied from GitHub", async () => {
    const key = await report("Prices show no currency on the receipt");
    const existing = github.add("Currency missing on receipts");
    const linked = await member.submit(formOf(await page(member, key), "link")!, {
      issue: ` https://github.com/acme/shop/issues/${existing.number} `,
    });
    expect([linked.status, linked.headers.get("location")]).toEqual([303, `/inbox/${key}?tracker=linked`]);
    expect((await trackerIssue(key)).key).toBe(`acme/shop#${existing.number}`);
  });

  test("a number GitHub does not hold is not found: the page says so and keeps the number typed", async () => {
    const key = await report("Search suggestions overlap the keyboard");
    const refused = await member.submit(formOf(await page(member, key), "link")!, { issue: "9999" });
    const shown = panel(await refused.text());
    expect(refused.status).toBe(404);
    expect(shown).toContain(
      '<p class="error" role="alert" id="tracker-issue-error">GitHub has no issue “9999” in acme/shop. Check its address or key.</p>',
    );
    expect(shown).toContain('value="9999"');
    expect(await trackerIssue(key)).toBeUndefined();
  });

  test("the link form says what it takes: the issue's address, or its number (GitHub's issues have numbers)", async () => {
    const key = await report("The coupon field ignores capitals");
    expect(panel(await page(member, key))).toContain(
      '<label for="tracker-issue">Link an existing issue</label><p class="muted" id="tracker-issue-hint">The issue&#39;s address, or its number (17).</p>',
    );
  });

  test("text that is no issue number or address of the repository is said so, with an example of each, and GitHub is not asked", async () => {
    const key = await report("The coupon field accepts spaces");
    const calls = github.calls.length;
    const refused = await member.submit(formOf(await page(member, key), "link")!, { issue: "not a key" });
    const shown = panel(await refused.text());
    expect(refused.status).toBe(400);
    expect(shown).toContain(
      '<p class="error" role="alert" id="tracker-issue-error">“not a key” is not an issue number or address of acme/shop. Give its number, as 17, or its address, as https://github.com/acme/shop/issues/17.</p>',
    );
    expect(shown).toContain('value="not a key"');
    expect(github.calls.length).toBe(calls);
    expect(await trackerIssue(key)).toBeUndefined();
  });

  test("an issue of another repository is no issue of this one: the page says so before asking GitHub", async () => {
    const key = await report("Search suggestions forget the last query");
    github.add("Suggestions forget");
    const address = `https://github.com/other/repo/issues/${github.issues.size}`;
    const calls = github.calls.length;
    const refused = await member.submit(formOf(await page(member, key), "link")!, { issue: address });
    expect(refused.status).toBe(400);
    expect(panel(await refused.text())).toContain(
      `<p class="error" role="alert" id="tracker-issue-error">“${address}” is not an issue number or address of acme/shop.`,
    );
    expect(github.calls.length).toBe(calls);
  });

  test("an issue refused for what was typed is said beside the link field, which takes the focus, marked invalid, its hint and the error as its description, with no alert above the panel", async () => {
    const key = await report("The coupon field trims its zeros");
    const refused = await member.submit(formOf(await page(member, key), "link")!, { issue: "not a key" });
    expect(focusedField(await refused.text())).toEqual({
      id: "tracker-issue",
      invalid: true,
      said: [
        "The issue&#39;s address, or its number (17).",
        "“not a key” is not an issue number or address of acme/shop. Give its number, as 17, or its address, as https://github.com/acme/shop/issues/17.",
      ],
      alerts: 0,
    });
  });

  test("in French, an issue refused for what was typed is said beside the link field", async () => {
    const key = await report("Le champ du code promo garde les zéros");
    const form = formOf(await page(member, key, "fr"), "link")!;
    const refused = await member.submit(form, { issue: "pas une clé" }, undefined, { "accept-language": "fr" });
    const shown = focusedField(await refused.text());
    expect([shown.id, shown.invalid, shown.alerts, shown.said[1]]).toEqual([
      "tracker-issue",
      true,
      0,
      expect.stringMatching(/^«\u202fpas une clé\u202f» n’est ni/),
    ]);
  });

  test("in French, text that is no issue number or address is said so, with an example of each", async () => {
    const key = await report("Le champ du code promo accepte les espaces");
    const form = formOf(await page(member, key, "fr"), "link")!;
    const refused = await member.submit(form, { issue: "pas une clé" }, undefined, { "accept-language": "fr" });
    expect(panel(await refused.text())).toContain(
      '<p class="error" role="alert" id="tracker-issue-error">«\u202fpas une clé\u202f» n’est ni un numéro ni une adresse de ticket de acme/shop. Indiquez son numéro, comme 17, ou son adresse, comme https://github.com/acme/shop/issues/17.</p>',
    );
  });

  test("a repository's name run into a number names no issue: the number of a longer-named repository is not taken for this one's", async () => {
    const key = await report("The receipt prints twice");
    const existing = github.add("Receipt printed twice");
    const typed = `acme/shop${existing.number}`;
    const refused = await member.submit(formOf(await page(member, key), "link")!, { issue: typed });
    expect(refused.status).toBe(400);
    expect(await trackerIssue(key)).toBeUndefined();
  });

  test("while GitHub fails to answer the page says so, naming the address called, with what it answered, and links nothing", async () => {
    const key = await report("Order history is empty on the second page");
    github.down = true;
    const refused = await member.submit(formOf(await page(member, key), "open")!, {}).finally(() => {
      github.down = false;
    });
    expect(refused.status).toBe(502);
    expect(panel(await refused.text())).toContain(
      `GitHub could not be reached at ${new URL(github.url).host}, or failed to answer. Nothing was linked; try again in a moment, and if it keeps failing check that this server reaches that address. It said: Service unavailable`,
    );
    expect(await trackerIssue(key)).toBeUndefined();
  });

  test("when GitHub does not answer an opening in time, the page says it may have created the issue, to be linked rather than created again, in English and French; the API says so too", async () => {
    const trackers = http.services.trackers as Record<string, IssueTracker>;
    const real = trackers.github!;
    trackers.github = {
      ...real,
      open: async () => {
        throw new DeadlinePassed("GitHub did not answer within 30 s");
      },
    };
    try {
      const key = await report("The coupon field accepts spaces");
      const said = async (language: string) =>
        panel(await (await member.submit(formOf(await page(member, key, language), "open")!, {}, undefined, { "accept-language": language })).text());
      expect(await said("en")).toContain(
        "GitHub did not answer in time, and may have created the issue all the same. Look in acme/shop for an issue with this feedback&#39;s title and, if it is there, link it under Link an existing issue rather than creating another one.",
      );
      expect(await said("fr")).toContain("GitHub n’a pas répondu à temps, et a peut-être créé le ticket malgré tout.");
      const api = await http.request("POST", `/v1/feedbacks/${key}/tracker`, { token: http.demo.tokens.admin, body: {} });
      expect([api.status, api.body.code]).toEqual([502, "tracker_unavailable"]);
      expect(api.body.error).toContain("may have opened the issue all the same");
    } finally {
      trackers.github = real;
    }
  });

  test("where GitHub's address takes no connection, linking an issue says GitHub could not be reached at that address, not that the token is in question, in English and French", async () => {
    const key = await report("The invoice PDF has no logo");
    const shown = await page(member, key);
    await http.cli(
      "tracker",
      "set",
      "DEMO",
      http.demo.appId,
      "github",
      "--repo",
      "acme/shop",
      "--token",
      "gh-token",
      "--api-url",
      "http://127.0.0.1:9",
    );
    try {
      const said = async (language: string) =>
        panel(await (await member.submit(formOf(shown, "link")!, { issue: "17" }, undefined, { "accept-language": language })).text());
      const [en, fr] = [await said("en"), await said("fr")];
      expect(en).toContain("GitHub could not be reached at 127.0.0.1:9, or failed to answer. Nothing was linked;");
      expect(fr).toContain("GitHub est injoignable à 127.0.0.1:9, ou n’a pas su répondre. Rien n’a été lié\u202f; réessayez dans un instant");
      expect([en.includes("token"), fr.includes("jeton")]).toEqual([false, false]);
    } finally {
      await http.cli("tracker", "set", "DEMO", http.demo.appId, "github", "--repo", "acme/shop", "--token", "gh-token", "--api-url", github.url);
    }
    expect(await trackerIssue(key)).toBeUndefined();
  });

  test("where GitHub refuses the token (401), linking an issue says the token was refused, in English and French", async () => {
    const key = await report("The invoice PDF is blank");
    const shown = await page(member, key);
    github.token = "another-token";
    try {
      const said = async (language: string) =>
        panel(await (await member.submit(formOf(shown, "link")!, { issue: "17" }, undefined, { "accept-language": language })).text());
      expect(await said("en")).toContain(
        "GitHub refused the token set for this app (wrong, revoked or expired, or without access to acme/shop). Nothing was linked; an Admin gives a new token in the app&#39;s tracker settings.",
      );
      expect(await said("fr")).toContain(
        "GitHub a refusé le jeton configuré pour cette application (erroné, révoqué ou expiré, ou sans accès à acme/shop). Rien n’a été lié\u202f; un administrateur donne un nouveau jeton",
      );
    } finally {
      github.token = "gh-token";
    }
    expect(await trackerIssue(key)).toBeUndefined();
  });

  test("Create pressed again once the issue is linked (a second press, a teammate) opens no second issue", async () => {
    const key = await report("Newsletter sign-up accepts an empty e-mail");
    const shown = await page(member, key);
    await member.submit(formOf(shown, "open")!, {});
    const issues = github.issues.size;
    const again = await member.submit(formOf(shown, "open")!, {});
    expect([again.status, again.headers.get("location")]).toEqual([303, `/inbox/${key}?tracker=taken`]);
    expect(github.issues.size).toBe(issues);
    expect(panel(await page(member, `${key}?tracker=taken`))).toContain(`No issue created: ${(await trackerIssue(key)).key} was linked meanwhile.`);
  });

  test("Create pressed while another press is creating the issue says it is being created, in English and French", async () => {
    const key = await report("Saved addresses vanish after checkout");
    expect(panel(await page(member, `${key}?tracker=taken`))).toContain(
      "No second issue created: one is being created for this feedback. Reload the page in a moment to see it.",
    );
    expect(panel(await page(member, `${key}?tracker=taken`, "fr"))).toContain(
      "Aucun second ticket créé\u202f: un ticket est en cours de création pour ce retour. Rechargez la page dans un instant pour le voir.",
    );
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
    expect(panel(await refused.text())).toContain('<p class="error" role="alert" id="tracker-issue-error">Give the issue&#39;s address or key.</p>');
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
    const shown = await refused.text();
    expect(shown.split('<p class="error" role="alert" tabindex="-1" autofocus>Your role does not allow this.</p>').length - 1).toBe(1);
    expect(panel(shown)).not.toContain('role="alert"');
    expect(github.issues.size).toBe(issues);
  });

  test("in French, the button and the form", async () => {
    const key = await report("Le panier se vide tout seul");
    const shown = panel(await page(member, key, "fr"));
    expect(shown).toContain('<h2 id="tracker">Ticket lié</h2>');
    expect(shown).toContain("Créer un ticket dans GitHub</button>");
    expect(shown).toContain(
      '<label for="tracker-issue">Lier un ticket existant</label><p class="muted" id="tracker-issue-hint">L’adresse du ticket, ou son numéro (17).</p>',
    );
  });
});

describe("an app with a Jira tracker", () => {
  const jira = new FakeJira();
  let key: string;
  beforeAll(async () => {
    jira.start();
    const appId = /^app (\S+)/m.exec(await http.cli("app", "create", "DEMO", "Jira app"))![1]!;
    const options = ["--site", "acme.atlassian.net", "--project", "SHOP", "--email", jira.email, "--token", jira.token, "--api-url", jira.url];
    await http.cli("tracker", "set", "DEMO", appId, "jira", ...options);
    key = await report("The Jira app loses the draft", (await http.cli("channel", "create", "DEMO", appId)).trim());
  });
  afterAll(() => jira.stop());

  test("the link form asks for the issue's address, or its key in the project (SHOP-17)", async () => {
    expect(panel(await page(member, key))).toContain('id="tracker-issue-hint">The issue&#39;s address, or its key (SHOP-17).</p>');
  });

  test("text that is no issue key or address of the project is said so, with an address on the site, and Jira is not asked", async () => {
    const calls = jira.calls.length;
    const refused = await member.submit(formOf(await page(member, key), "link")!, { issue: "not a key" });
    expect(panel(await refused.text())).toContain(
      '<p class="error" role="alert" id="tracker-issue-error">“not a key” is not an issue key or address of SHOP. Give its key, as SHOP-17, or its address, as https://acme.atlassian.net/browse/SHOP-17.</p>',
    );
    expect(jira.calls.length).toBe(calls);
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

  test("an Admin is pointed to the app's tracker settings, whose form connects one, and shown no command", async () => {
    const shown = panel(await page(await signedInAs(http, "admin"), key));
    expect(shown).toContain(
      `<p>This app has no issue tracker yet. Connect GitHub, Linear or Jira in <a href="/settings/apps/${appId}/tracker">Settings → Apps → Untracked app → Issue tracker</a>.</p>`,
    );
    expect(shown).not.toContain("npm run cli");
    expect(shown).not.toContain("<form");
  });

  test("in French, an Admin is pointed to the app's tracker settings", async () => {
    expect(panel(await page(await signedInAs(http, "admin"), key, "fr"))).toContain(
      `<p>Cette application n’a pas encore de gestionnaire de tickets. Connectez GitHub, Linear ou Jira dans <a href="/settings/apps/${appId}/tracker">Réglages → Applications → Untracked app → Gestionnaire de tickets</a>.</p>`,
    );
  });

  test("a Member is shown nothing of trackers", async () => {
    const shown = await page(member, key);
    expect(shown).toContain("The untracked app crashes on start");
    expect(shown).not.toContain('id="tracker"');
  });

  test("a Reader's post is refused at the page's top, which has no tracker panel to say it in", async () => {
    const reader = await signedInAs(http, "reader");
    const refused = await reader.fetch(`/inbox/${key}/tracker`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf: csrfOf(await page(reader, key))!, action: "open" }),
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('<p class="error" role="alert" tabindex="-1" autofocus>Your role does not allow this.</p>');
  });
});

describe("an app whose tracker is removed while its page is open", () => {
  test("a link form sent empty, with an issue linked, is refused in words above the panel, which has no link form left to say it beside", async () => {
    const appId = /^app (\S+)/m.exec(await http.cli("app", "create", "DEMO", "Soon untracked app"))![1]!;
    await http.cli("tracker", "set", "DEMO", appId, "github", "--repo", "acme/shop", "--token", "gh-token", "--api-url", github.url);
    const key = await report("The untracked-soon app freezes", (await http.cli("channel", "create", "DEMO", appId)).trim());
    await member.submit(formOf(await page(member, key), "open")!, {});
    const form = formOf(await page(member, key), "link")!;
    await http.cli("tracker", "remove", "DEMO", appId);
    const refused = await member.submit(form, { issue: "" });
    expect(refused.status).toBe(400);
    expect(panel(await refused.text())).toMatch(/<p class="error" role="alert" tabindex="-1" autofocus>[^<]+<\/p>/);
  });
});
