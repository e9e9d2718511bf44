import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";
import { rowKeys } from "../../support/inbox-page.ts";

let http: InProcess;
let admin: FormBrowser;
let reader: FormBrowser;
const ORIGIN = "http://localhost:3000";

beforeAll(async () => {
  http = await inProcess();
  admin = new FormBrowser(ORIGIN, {}, (r) => http.handle(r));
  await signIn(admin, http.demo.users.admin.email, http.demo.users.admin.password, "/inbox");
  reader = new FormBrowser(ORIGIN, {}, (r) => http.handle(r));
  await signIn(reader, http.demo.users.reader.email, http.demo.users.reader.password, "/inbox");
});
afterAll(() => http.close());

const report = async (message: string, user?: Record<string, unknown>): Promise<string> =>
  (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message, ...(user && { user }) } })).body
    .ticketId;
const page = async (browser: FormBrowser, path: string) => (await browser.fetch(path)).text();
/** A save's address without where the feedback stands in the list last shown (`&prev=…&next=…`, which depends on the other tests' feedbacks). */
const placeless = (location: string | null) => location?.replace(/&(prev|next)=[^&#]*/g, "") ?? null;
/** The triage entries of a feedback page's activity: who and when (the time left out), then each field's change. */
const triageEntries = (html: string): string[][] =>
  [...html.matchAll(/<li class="change"><p>((?:(?!<\/p>).)*)<\/p><ul class="changes">(.*?)<\/ul><\/li>/g)].map((m) => [
    m[1]!.replace(/<time[^>]*>.*?<\/time>/, "(time)"),
    ...[...m[2]!.matchAll(/<li>(.*?)<\/li>/g)].map((li) => li[1]!),
  ]);
const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)![1]!;

/** Posts a form as a browser does: urlencoded, from this site, with the page's CSRF token. */
async function post(browser: FormBrowser, path: string, from: string, fields: Array<[string, string]>) {
  const body = new URLSearchParams([["csrf", csrfOf(await page(browser, from))], ...fields]);
  return browser.fetch(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN }, body });
}

/** A refused bulk change: sent back to the inbox it came from (post-redirect-get); the page it lands on, as the browser then shows it. */
async function landed(browser: FormBrowser, refused: Response): Promise<{ location: string | null; shown: string }> {
  expect(refused.status).toBe(303);
  const location = refused.headers.get("location");
  return { location, shown: await page(browser, location ?? "/inbox") };
}

describe("the feedback page edits the triage in place, without JavaScript", () => {
  test("the form sets owner, due date, severity, kind, feature, title and tags; the page says it was saved", async () => {
    const key = await report("The invoice PDF is empty on Safari");
    const before = await page(admin, `/inbox/${key}`);
    expect(before).toContain(`action="/inbox/${key}/triage"`);
    const saved = await post(admin, `/inbox/${key}/triage`, `/inbox/${key}`, [
      ["title", "Invoice PDF empty on Safari"],
      ["owner", "member@demo.test"],
      ["dueAt", "2026-12-15"],
      ["severity", "P1"],
      ["kind", "problem"],
      ["featureId", http.demo.featureId],
      ["tags", "billing, safari"],
    ]);
    expect([saved.status, saved.headers.get("location")]).toEqual([303, `/inbox/${key}?triaged`]);
    const after = await page(admin, `/inbox/${key}?triaged`);
    expect(after).toContain("Triage saved.");
    expect(after).toContain('<option value="member@demo.test" selected>');
    expect(after).toContain('value="2026-12-15"');
    expect(after).toContain('value="billing, safari"');
    const read = (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body;
    expect(read).toMatchObject({ title: "Invoice PDF empty on Safari", owner: "member@demo.test", severity: "P1", tags: ["billing", "safari"] });
  });

  test("the activity tells who changed which triage field, from what to what; fields sent unchanged are not told", async () => {
    const key = await report("Receipts print without the VAT line");
    const fields = (severity: string, tags: string): Array<[string, string]> => [
      ["title", "Receipts print without the VAT line"],
      ["kind", "problem"],
      ["owner", "member@demo.test"],
      ["dueAt", "2026-12-15"],
      ["severity", severity],
      ["featureId", http.demo.featureId],
      ["tags", tags],
    ];
    await post(admin, `/inbox/${key}/triage`, `/inbox/${key}`, fields("P1", "billing, print"));
    await post(admin, `/inbox/${key}/triage`, `/inbox/${key}`, fields("P0", "billing"));
    expect(triageEntries(await page(reader, `/inbox/${key}`))).toEqual([
      [
        "Demo admin · (time)",
        "Owner: — → Demo member",
        "Due date: — → 15\u00a0Dec",
        "Severity: — → P1",
        "Feature: — → checkout",
        "Tags: +billing +print",
      ],
      ["Demo admin · (time)", "Severity: P1 → P0", "Tags: \u2212print"],
    ]);
  });

  test("the activity tells what the assistant set when it triaged the report", async () => {
    const key = await report("The search field crashes the app when I type an accent");
    expect(await http.runJobs()).toBeGreaterThan(0);
    expect(triageEntries(await page(reader, `/inbox/${key}`))).toEqual([["The assistant · (time)", "Severity: — → P1", "Feature: — → search"]]);
  });

  test("in French, the activity names the fields in French, with the spaces French puts before a colon", async () => {
    const key = await report("Le reçu PDF n'affiche pas la TVA");
    expect(
      (await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.member, body: { severity: "P2", dueAt: "2026-12-15" } })).status,
    ).toBe(200);
    const french = await (await reader.fetch(`/inbox/${key}`, { headers: { "accept-language": "fr" } })).text();
    expect(triageEntries(french)).toEqual([["Demo member · (time)", "Échéance\u202f: — → 15\u00a0déc.", "Gravité\u202f: — → P2"]]);
  });

  test("without e-mail (no SMTP_URL), the activity tells of no e-mail: the owner's notice was only logged", async () => {
    const key = await report("The order history skips last week");
    expect((await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin, body: { owner: "member@demo.test" } })).status).toBe(
      200,
    );
    expect(await http.runJobs()).toBeGreaterThan(0);
    const shown = await page(reader, `/inbox/${key}`);
    expect(shown).toContain("Owner: — → Demo member");
    expect(shown).not.toContain('<li class="outreach">');
  });

  test("without e-mail, the comment box's public reply promises no e-mail", async () => {
    const shown = await page(admin, `/inbox/${await report("The calendar export has no time zone")}`);
    expect(shown).toContain(
      'value="public"> Public reply (shown at once to the reporters on their tracking page, and on the portal once the feedback is published)</label>',
    );
  });

  test("in French, the comment box's public reply says who sees it: the reporters at once, the portal once published", async () => {
    const key = await report("L'export du calendrier n'a pas de fuseau horaire");
    const shown = await (await admin.fetch(`/inbox/${key}`, { headers: { "accept-language": "fr" } })).text();
    expect(shown).toContain(
      'value="public"> Réponse publique (montrée aussitôt aux auteurs des signalements sur leur page de suivi, et sur le portail une fois le retour publié)</label>',
    );
  });

  test("a change made with an organization API key is signed with the key's name", async () => {
    const key = await report("Receipts are cut at the bottom");
    const created = await http.request("POST", "/v1/api-keys", {
      token: http.demo.tokens.admin,
      body: { name: "ci-script", scopes: ["feedbacks:read", "feedbacks:write"] },
    });
    expect(created.status).toBe(201);
    const headers = { authorization: `Bearer ${created.body.key}` };
    expect(
      (await http.request("PATCH", `/v1/feedbacks/${key}`, { headers, body: { status: "prioritized", owner: "member@demo.test" } })).status,
    ).toBe(200);
    const shown = await page(reader, `/inbox/${key}`);
    expect(triageEntries(shown)).toEqual([["API key ci-script · (time)", "Owner: — → Demo member"]]);
    expect(shown).toMatch(/Prioritized<\/span> · API key ci-script · <time/);
    // Its comment too, and all of it in the page's language.
    expect((await http.request("POST", `/v1/feedbacks/${key}/comments`, { headers, body: { text: "Seen by CI" } })).status).toBe(200);
    expect(await page(reader, `/inbox/${key}`)).toContain('<li class="comment"><p>API key ci-script · <time');
    const french = await (await reader.fetch(`/inbox/${key}`, { headers: { "accept-language": "fr" } })).text();
    expect([french.includes("Clé d’API «\u202fci-script\u202f» · <time"), french.includes("API key ci-script")]).toEqual([true, false]);
    expect(french).toContain('<li class="comment"><p>Clé d’API «\u202fci-script\u202f» · <time');
  });

  test("saving writes only the fields changed on the page: what someone else set since it was shown stays", async () => {
    const key = await report("Coupons apply twice at checkout");
    const shown = await page(admin, `/inbox/${key}`);
    const meanwhile = { severity: "P0", tags: ["checkout"] };
    expect((await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.member, body: meanwhile })).status).toBe(200);
    expect((await admin.sendForm(shown, `/inbox/${key}/triage`, { owner: "member@demo.test" })).status).toBe(303);
    const read = (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body;
    expect(read).toMatchObject({ owner: "member@demo.test", severity: "P0", tags: ["checkout"] });
  });

  test("the inbox's row and the feedback's page show who owns it by name, and by when it is due; the owner field names members", async () => {
    const key = await report("Owned: the invoice list forgets its sort");
    const body = { owner: "member@demo.test", dueAt: "2026-12-15" };
    expect((await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin, body })).status).toBe(200);
    const row = (await page(reader, "/inbox")).split(/<tr[ >]/).find((r) => r.includes(`href="/inbox/${key}"`))!;
    // The row's due date is told as the service's clock stands (test/adapters/http/inbox-due-dates.test.ts).
    expect(row).toMatch(
      /<span class="muted owner-due">Owner: Demo member · (Due\u00a015\u00a0Dec|<strong class="overdue">Overdue \(due\u00a015\u00a0Dec(\u00a02026)?\))/,
    );
    expect(await page(reader, `/inbox/${key}`)).toMatch(
      new RegExp(
        `<span class="muted">· <span class="nowrap">${key}</span> · Owner: Demo member · (Due:\u00a015\u00a0Dec|<strong class="overdue">Overdue \\(due\u00a015\u00a0Dec(\u00a02026)?\\))`,
      ),
    );
    expect(await page(admin, `/inbox/${key}`)).toContain('<option value="member@demo.test" selected>Demo member</option>');
  });

  test("the owner fields offer the members who can move a feedback on, not a Reader; a Reader who owns one already stays shown; the filter lists everyone", async () => {
    const key = await report("Owners offered: the receipts lose their logo");
    const reader = '<option value="reader@demo.test"';
    const [feedbackPage, inbox] = [await page(admin, `/inbox/${key}`), await page(admin, "/inbox")];
    const menu = (id: string) => inbox.slice(inbox.indexOf(`id="${id}"`), inbox.indexOf("</select>", inbox.indexOf(`id="${id}"`)));
    expect([feedbackPage.includes(reader), menu("bulk-owner").includes(reader), menu("owner").includes(reader)]).toEqual([false, false, true]);
    expect(feedbackPage).toContain('<option value="member@demo.test">');
    // Made owner through the API, which takes any member: the page shows who owns it, selected.
    expect((await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin, body: { owner: "reader@demo.test" } })).status).toBe(
      200,
    );
    expect(await page(admin, `/inbox/${key}`)).toContain(`${reader} selected>`);
    expect(await page(admin, "/inbox?owner=reader%40demo.test")).toContain(`${reader} selected>`);
  });

  test("a feedback's page leads at its top to the status, triage and portal forms, which a phone shows after the activity; a Reader has no such link", async () => {
    const key = await report("Jump links: the coupon field hides the total");
    const links =
      '<p class="to-actions"><a href="#status">Change the status ↓</a><a href="#triage">Owner, due date, severity ↓</a><a href="#portal">Public portal ↓</a></p>';
    const shown = await page(admin, `/inbox/${key}`);
    expect([
      shown.includes(links),
      shown.includes('<h2 id="status">'),
      shown.includes('<h2 id="triage">'),
      shown.includes('<h2 id="portal">'),
    ]).toEqual([true, true, true, true]);
    const french = await (await admin.fetch(`/inbox/${key}`, { headers: { "accept-language": "fr" } })).text();
    expect(french).toContain('<a href="#triage">Responsable, échéance, gravité ↓</a>');
    expect(await page(reader, `/inbox/${key}`)).not.toContain('class="to-actions"');
    // The filters besides the search are folded on a phone, and open there when one is in use, saying how many.
    expect(await page(reader, "/inbox")).toContain('<details class="more-filters"><summary>Filters</summary>');
    expect(await page(reader, "/inbox?kind=idea&sort=votes")).toContain('<details class="more-filters" open><summary>Filters (1)</summary>');
    // An order alone opens them, and counts as no filter.
    expect(await page(reader, "/inbox?sort=votes")).toContain('<details class="more-filters" open><summary>Filters</summary>');
    // The inbox, likewise, leads past its views, tabs and filters to the list.
    const inbox = await page(reader, "/inbox");
    expect([
      inbox.includes('<p class="to-actions"><a href="#list">Skip to the feedbacks ↓</a></p>'),
      inbox.includes('<div id="list" tabindex="-1">'),
    ]).toEqual([true, true]);
  });

  test("a field changed on the page that someone else changed since is held back and said; the others are saved", async () => {
    const key = await report("The PDF invoice misses the VAT number");
    const shown = await page(admin, `/inbox/${key}`);
    const meanwhile = { severity: "P3", title: "VAT number missing on PDF invoices" };
    expect((await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.member, body: meanwhile })).status).toBe(200);
    const sent = await admin.sendForm(shown, `/inbox/${key}/triage`, { severity: "P1", owner: "member@demo.test" });
    expect([sent.status, placeless(sent.headers.get("location"))]).toEqual([303, `/inbox/${key}?triaged=partly&held=severity`]);
    const back = await page(admin, sent.headers.get("location")!);
    expect(back).toContain(
      "Saved, except Severity: someone else changed it since this page was shown. The form shows their value; change it again to replace it.",
    );
    expect(back).toContain('<option value="P3" selected>');
    const read = (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body;
    expect([read.severity, read.owner, read.title]).toEqual(["P3", "member@demo.test", meanwhile.title]);
  });

  test("fields held back from the feedback's triage are said in the plural when there are several", async () => {
    const key = await report("The export drops the last column");
    const shown = await page(admin, `/inbox/${key}`);
    const meanwhile = { severity: "P3", owner: "member@demo.test" };
    expect((await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.member, body: meanwhile })).status).toBe(200);
    const sent = await admin.sendForm(shown, `/inbox/${key}/triage`, { severity: "P1", owner: "admin@demo.test", title: "Export drops a column" });
    expect(await page(admin, sent.headers.get("location")!)).toContain(
      "Saved, except Severity, Owner: someone else changed them since this page was shown. The form shows their values; change them again to replace them.",
    );
  });

  test("after a field was held back, changing it again replaces their value and leaves the rest as they set it", async () => {
    const key = await report("Receipts print the wrong shop address");
    const shown = await page(admin, `/inbox/${key}`);
    const meanwhile = { severity: "P3", title: "Wrong shop address on receipts" };
    expect((await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.member, body: meanwhile })).status).toBe(200);
    const sent = await admin.sendForm(shown, `/inbox/${key}/triage`, { severity: "P1" });
    expect(placeless(sent.headers.get("location"))).toBe(`/inbox/${key}?triaged=held&held=severity`);
    const again = await admin.sendForm(await page(admin, sent.headers.get("location")!), `/inbox/${key}/triage`, { severity: "P1" });
    expect(placeless(again.headers.get("location"))).toBe(`/inbox/${key}?triaged`);
    const read = (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body;
    expect([read.severity, read.title]).toEqual(["P1", meanwhile.title]);
  });

  test("a field someone else set, since the page was shown, to the value typed is no conflict", async () => {
    const key = await report("The refund e-mail names the wrong amount");
    const shown = await page(admin, `/inbox/${key}`);
    expect((await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.member, body: { severity: "P1" } })).status).toBe(200);
    expect(placeless((await admin.sendForm(shown, `/inbox/${key}/triage`, { severity: "P1" })).headers.get("location"))).toBe(
      `/inbox/${key}?triaged`,
    );
  });

  test("a feedback merged into another while its page was open: nothing is written, and the one it joined says so", async () => {
    const [gone, kept] = [await report("Merged away: the cart empties itself"), await report("Merged into: the basket loses its items")];
    const shown = await page(admin, `/inbox/${gone}`);
    expect((await http.request("POST", `/v1/feedbacks/${gone}/merge`, { token: http.demo.tokens.admin, body: { into: kept } })).status).toBe(200);
    const sent = await admin.sendForm(shown, `/inbox/${gone}/triage`, { severity: "P0" });
    expect(sent.headers.get("location")).toBe(`/inbox/${kept}?triaged=moved`);
    expect(await page(admin, sent.headers.get("location")!)).toContain(
      "Not saved: the feedback you were editing was merged into this one meanwhile.",
    );
    expect((await http.request("GET", `/v1/feedbacks/${kept}`, { token: http.demo.tokens.reader })).body.severity).toBeUndefined();
  });

  test("a refused save keeps what the page first showed: saving it again still leaves alone what someone else set", async () => {
    const key = await report("Exports stop at 1,000 rows");
    const shown = await page(admin, `/inbox/${key}`);
    const refused = await admin.sendForm(shown, `/inbox/${key}/triage`, { title: "x".repeat(300) });
    expect(refused.status).toBe(400);
    expect((await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.member, body: { severity: "P0" } })).status).toBe(200);
    expect((await admin.sendForm(await refused.text(), `/inbox/${key}/triage`, { title: "Exports stop at 1,000 rows (CSV)" })).status).toBe(303);
    const read = (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body;
    expect([read.title, read.severity]).toEqual(["Exports stop at 1,000 rows (CSV)", "P0"]);
  });

  test("a Reader who posts the triage form is refused, 403, with the reason, and nothing changes", async () => {
    const key = await report("Readers: the print view cuts tables");
    const sent = await post(reader, `/inbox/${key}/triage`, `/inbox/${key}`, [
      ["title", "Readers: the print view cuts tables"],
      ["kind", "problem"],
      ["severity", "P0"],
    ]);
    expect(sent.status).toBe(403);
    expect(await sent.text()).toContain('<p class="error" role="alert" tabindex="-1" autofocus>Your role does not allow this.</p>');
    expect((await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body.severity).toBeUndefined();
  });

  test("the triage form saved as it was shown changes nothing and says so beside the form", async () => {
    const key = await report("Search results flicker while typing");
    const sent = await admin.sendForm(await page(admin, `/inbox/${key}`), `/inbox/${key}/triage`);
    expect([sent.status, sent.headers.get("location")]).toEqual([303, `/inbox/${key}?triaged=unchanged`]);
    expect(await page(admin, `/inbox/${key}?triaged=unchanged`)).toContain("Nothing changed: the triage was saved as it was.");
  });

  test("a comment sent from the status form with the status left as shown keeps the status a teammate set since", async () => {
    const key = await report("The export button is greyed out for admins");
    const shown = await page(admin, `/inbox/${key}`);
    expect((await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.member, body: { status: "in_development" } })).status).toBe(
      200,
    );
    const sent = await admin.sendForm(shown, `/inbox/${key}/status`, { comment: "Seen it on staging too." });
    expect(sent.headers.get("location")).toBe(`/inbox/${key}?portal=noted`);
    const read = (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body;
    expect([read.status, read.comments.at(-1).text]).toEqual(["in_development", "Seen it on staging too."]);
    expect(await page(admin, `/inbox/${key}?portal=noted`)).toContain("Internal note added: only the team sees it.");
  });

  test("a status chosen over one someone else set since the page was shown is held back and said; the comment is kept", async () => {
    const key = await report("Held: the invoice date is a day off");
    const shown = await page(admin, `/inbox/${key}`);
    expect((await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.member, body: { status: "in_development" } })).status).toBe(
      200,
    );
    const sent = await admin.sendForm(shown, `/inbox/${key}/status`, { status: "dismissed", comment: "Not reproducible here." });
    expect(sent.headers.get("location")).toBe(`/inbox/${key}?status=held&commented`);
    expect(await page(admin, sent.headers.get("location")!)).toContain(
      "Not changed: someone else set the status to In development since this page was shown. Choose yours again to replace it. Your comment was added.",
    );
    const read = (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body;
    expect([read.status, read.comments.at(-1).text]).toEqual(["in_development", "Not reproducible here."]);
  });

  test("a status change sent for a feedback merged into another since the page was shown changes nothing", async () => {
    const [gone, kept] = [await report("Status, merged away: the map is blank"), await report("Status, merged into: the map shows nothing")];
    const shown = await page(admin, `/inbox/${gone}`);
    expect((await http.request("POST", `/v1/feedbacks/${gone}/merge`, { token: http.demo.tokens.admin, body: { into: kept } })).status).toBe(200);
    const sent = await admin.sendForm(shown, `/inbox/${gone}/status`, { status: "dismissed" });
    expect(sent.headers.get("location")).toBe(`/inbox/${kept}?status=moved`);
    expect((await http.request("GET", `/v1/feedbacks/${kept}`, { token: http.demo.tokens.reader })).body.status).toBe("triage");
  });

  test("a comment typed with a status change for a feedback merged away since is kept, as a note on the one it joined, and said so", async () => {
    const [gone, kept] = [await report("Noted, merged away: the map is grey"), await report("Noted, merged into: the map shows grey tiles")];
    const shown = await page(admin, `/inbox/${gone}`);
    expect((await http.request("POST", `/v1/feedbacks/${gone}/merge`, { token: http.demo.tokens.admin, body: { into: kept } })).status).toBe(200);
    const sent = await admin.sendForm(shown, `/inbox/${gone}/status`, { status: "dismissed", comment: "Seen on the staging map too" });
    expect(sent.headers.get("location")).toBe(`/inbox/${kept}?status=moved&commented`);
    const read = (await http.request("GET", `/v1/feedbacks/${kept}`, { token: http.demo.tokens.reader })).body;
    expect([read.status, read.comments.map((c: { text: string }) => c.text)]).toEqual(["triage", ["Seen on the staging map too"]]);
    expect(await page(admin, sent.headers.get("location")!)).toContain(
      "Not changed: the feedback you were on was merged into this one meanwhile. Check its status here. Your comment was added.",
    );
  });

  test("the status form saved as it was shown changes nothing and says so", async () => {
    const key = await report("Dark mode forgets itself after a reload");
    const sent = await admin.sendForm(await page(admin, `/inbox/${key}`), `/inbox/${key}/status`);
    expect([sent.status, sent.headers.get("location")]).toEqual([303, `/inbox/${key}?unchanged`]);
    expect(await page(admin, `/inbox/${key}?unchanged`)).toContain("Nothing changed: the form was saved as it was.");
    const read = (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body;
    expect([read.status, read.comments]).toEqual(["triage", []]);
  });

  test("a status change without a comment names whose change it was", async () => {
    const key = await report("The receipt e-mail has no logo");
    expect((await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.member, body: { status: "prioritized" } })).status).toBe(
      200,
    );
    expect(await page(reader, `/inbox/${key}`)).toMatch(/Status: <span[^>]*>Triage<\/span> → <span[^>]*>Prioritized<\/span> · Demo member · <time/);
  });

  test("an owner who is not a member is refused on the page with the message, which takes the focus on arrival, 400", async () => {
    const key = await report("Search forgets the last query");
    const refused = await post(admin, `/inbox/${key}/triage`, `/inbox/${key}`, [
      ["title", "Search forgets the last query"],
      ["kind", "problem"],
      ["owner", "stranger@example.com"],
    ]);
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain(
      '<p class="error" role="alert" tabindex="-1" autofocus>The owner must be the e-mail address of a member of the organization, or me for the person the token or agent acts for; null removes the owner.</p>',
    );
    expect(page.match(/ autofocus[ >]/g)?.length).toBe(1);
  });

  test("a tag too long is refused in the triage form, naming the tag in words, with everything typed kept", async () => {
    const key = await report("Exports stall at the last page");
    const long = "a".repeat(80);
    const refused = await post(admin, `/inbox/${key}/triage`, `/inbox/${key}`, [
      ["title", "Exports stall at page 40"],
      ["kind", "idea"],
      ["severity", "P2"],
      ["tags", `billing, ${long}`],
    ]);
    expect(refused.status).toBe(400);
    const form = (await refused.text()).split('class="triage"')[1]!;
    expect(form).toContain(
      `<p class="error" role="alert" id="triage-error">Tags (${long}): expected a non-empty text of at most 40 characters without a comma.</p>`,
    );
    expect(form).toContain('value="Exports stall at page 40"');
    // The field at fault is focused and marked, and the refusal said right under it, where the
    // browser scrolls to: the form is long, and on a phone far down the page.
    expect(form).toMatch(
      new RegExp(
        `id="triage-tags"[^>]*value="billing, ${long}"[^>]*aria-invalid="true" aria-describedby="triage-tags-hint triage-error" autofocus>\\s*<p class="error" role="alert" id="triage-error">Tags \\(`,
      ),
    );
    expect(form).toContain('<option value="P2" selected>');
    expect(form).toContain('<option value="idea" selected>');
  });

  test("a new tag holding a text-direction character (U+202E) is refused beside the tags field, put back without it, and nothing is saved", async () => {
    const key = await report("Tags that read backwards");
    const refused = await post(admin, `/inbox/${key}/triage`, `/inbox/${key}`, [
      ["title", "Tags that read backwards"],
      ["kind", "problem"],
      ["severity", "P2"],
      ["tags", "billing, urgent\u202Eelbisivni"],
    ]);
    expect(refused.status).toBe(400);
    const form = (await refused.text()).split('class="triage"')[1]!;
    expect(form).toMatch(
      /id="triage-tags"[^>]*value="billing, urgentelbisivni"[^>]*aria-invalid="true"[^>]*autofocus>\s*<p class="error" role="alert" id="triage-error">Tags \(urgentelbisivni\): text-direction and other control characters \(such as U\+202E\), which would make it read as something else, were removed: check what remains and send it again\.</,
    );
    const after = (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body;
    expect([after.severity ?? null, after.tags ?? []]).toEqual([null, []]);
  });

  test("more tags than a feedback takes are refused naming the field by its label, in French too", async () => {
    const key = await report("Labels pile up on the export page");
    const tags = Array.from({ length: 21 }, (_, i) => `t${i}`).join(", ");
    const refused = await post(admin, `/inbox/${key}/triage`, `/inbox/${key}`, [
      ["title", "Labels pile up"],
      ["kind", "problem"],
      ["tags", tags],
    ]);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('<p class="error" role="alert" id="triage-error">Tags: expected a list of at most 20 items.</p>');
  });

  test("a blank title is refused under the title field, which the refusal describes", async () => {
    const key = await report("Totals round down");
    const refused = await post(admin, `/inbox/${key}/triage`, `/inbox/${key}`, [
      ["title", "   "],
      ["kind", "problem"],
    ]);
    expect(refused.status).toBe(400);
    const form = (await refused.text()).split('class="triage"')[1]!;
    expect(form).toMatch(
      /<input id="triage-title"[^>]*aria-invalid="true" aria-describedby="triage-error" autofocus><p class="error" role="alert" id="triage-error">Title/,
    );
    expect(form.match(/id="triage-error"/g)).toHaveLength(1);
  });

  test("a Reader sees the triage and the companies, without a form to change them", async () => {
    const key = await report("Seats cannot be added", { company: { id: "c-1", name: "Globex", monthlySpend: 1200 }, plan: "business" });
    const seen = await page(reader, `/inbox/${key}`);
    expect(seen).not.toContain(`action="/inbox/${key}/triage"`);
    expect(seen).toContain("Who is asking");
    expect(seen).toContain("Globex");
    expect(seen).toContain("1,200 a month");
    // In the inbox, under the row's title, the spend says whose it is.
    expect(await page(reader, "/inbox?sort=revenue")).toContain("Companies asking spend 1,200 a month");
    // The status is said, not offered to change: no "Change the status" heading above the note.
    expect([seen.includes('<h2 id="status">Status</h2>'), seen.includes("Change the status")]).toEqual([true, false]);
    // The side panel is named for all it holds, not for its first section.
    expect(seen).toContain('<aside aria-label="Status, triage and details">');
  });
});

describe("the inbox changes the ticked feedbacks at once, and exports the list", () => {
  test("each row has a checkbox of the bulk form; the bulk form changes them and the inbox says how many", async () => {
    const [a, b] = [await report("Bulk web one: dark mode flickers"), await report("Bulk web two: dark mode resets")];
    const inbox = await page(admin, "/inbox");
    expect(inbox).toContain(`<input type="checkbox" name="keys" value="${a}" form="bulk"`);
    expect(inbox).toContain('<form id="bulk" method="post" action="/inbox/bulk"');

    const done = await post(admin, "/inbox/bulk", "/inbox", [
      ["keys", a],
      ["keys", b],
      ["keys", "DEMO-999999"],
      ["status", "prioritized"],
      ["owner", "admin@demo.test"],
      ["addTag", "dark-mode"],
      ["back", "/inbox?status=all"],
    ]);
    expect([done.status, done.headers.get("location")]).toEqual([303, "/inbox?status=all&bulk=2.1.DEMO-999999%3Anot_found"]);
    expect(await page(admin, done.headers.get("location")!)).toContain(
      '<p class="error" role="alert" tabindex="-1" autofocus>Applied to 2 feedbacks. Left as they were (1): DEMO-999999 (Not found).</p>',
    );
    for (const key of [a, b]) {
      const read = (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body;
      expect([read.status, read.owner, read.tags]).toEqual(["prioritized", "admin@demo.test", ["dark-mode"]]);
    }
    const nothing = await post(admin, "/inbox/bulk", "/inbox", [["status", "fixed"]]);
    // Blaming no field, the refusal is the action's outcome, and takes the focus itself.
    const refusedNothing = (await landed(admin, nothing)).shown;
    expect(refusedNothing).toContain('<p class="error" role="alert" tabindex="-1" autofocus>Select at least one feedback, and a change.</p>');
    expect(refusedNothing.match(/ autofocus[ >]/g)?.length).toBe(1);
    const elsewhere = await post(admin, "/inbox/bulk", "/inbox", [
      ["keys", a],
      ["status", "fixed"],
      ["back", "https://evil.example/"],
    ]);
    expect(elsewhere.headers.get("location")).toStartWith("/inbox?");
  });

  test("a ticked feedback merged into another since the list was shown: the one that holds it is changed, and the inbox says so", async () => {
    const [kept, gone] = [await report("Bulk merged: exports time out"), await report("Bulk merged: the export never ends")];
    await http.request("POST", `/v1/feedbacks/${gone}/merge`, { token: http.demo.tokens.admin, body: { into: kept } });
    const done = await post(admin, "/inbox/bulk", "/inbox", [
      ["keys", gone],
      ["status", "prioritized"],
    ]);
    expect(done.headers.get("location")).toBe(`/inbox?bulk=1.0.&merged=${encodeURIComponent(`${gone}:${kept}`)}`);
    expect(await page(admin, done.headers.get("location")!)).toContain(
      `<p class="notice" role="status" tabindex="-1" autofocus>Applied to 1 feedback. ${gone} had been merged into ${kept} meanwhile: ${kept} was changed.</p>`,
    );
    expect((await http.request("GET", `/v1/feedbacks/${kept}`, { token: http.demo.tokens.reader })).body.status).toBe("prioritized");
  });

  test("a Reader who posts the bulk form is refused for the role, 403, and nothing changes", async () => {
    const key = await report("Readers: the bulk form is not theirs");
    const sent = await post(reader, "/inbox/bulk", "/inbox", [
      ["keys", key],
      ["status", "dismissed"],
    ]);
    expect(sent.status).toBe(403);
    expect(await sent.text()).toContain("<h1>Your role does not allow this.</h1>");
    expect((await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body.status).toBe("triage");
  });

  test("a list longer than its page offers, above it, to tick the whole list; the bulk form then sends the list's address, said beside its button", async () => {
    for (let i = 0; i < 25; i++) await report(`Zephyrscope ${i}: the calendar skips a week`);
    const inbox = await page(admin, "/inbox?query=Zephyrscope&sort=votes");
    expect(inbox).toContain(
      '<p class="list-scope" hidden><span data-page-ticked>All 20 on this page are ticked. <button type="button" class="secondary" data-tick-list>Tick all 25 of this list</button>',
    );
    expect(inbox).toContain(
      '<input type="hidden" name="list" value="/inbox?query=Zephyrscope&amp;sort=votes" disabled><span class="muted list-scope-note" data-reached="25" hidden>Applies to 25 feedbacks of this list</span>',
    );
    // A list that fits its page has none.
    const short = await page(admin, "/inbox?query=Zephyrscope+7");
    expect([short.includes("data-select-all"), short.includes('class="list-scope"')]).toEqual([true, false]);
  });

  test("the bulk form applied to the whole list changes every feedback of it, over its pages, not the keys ticked; the inbox says how many", async () => {
    const keys: string[] = [];
    for (let i = 0; i < 25; i++) keys.push(await report(`Quillwhole ${i}: the invoice total rounds down`));
    const elsewhere = await report("Quillelsewhere: ticked, but not of the list");
    const done = await post(admin, "/inbox/bulk", "/inbox", [
      ["keys", elsewhere],
      ["list", "/inbox?query=Quillwhole"],
      ["status", "prioritized"],
      ["back", "/inbox?query=Quillwhole"],
    ]);
    expect(done.headers.get("location")).toBe("/inbox?query=Quillwhole&bulk=25.0.");
    expect(await page(admin, done.headers.get("location")!)).toContain(
      '<p class="notice" role="status" tabindex="-1" autofocus>Applied to 25 feedbacks.</p>',
    );
    const statusOf = async (key: string) => (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body.status;
    expect(await Promise.all(keys.map(statusOf))).toEqual(Array(25).fill("prioritized"));
    expect(await statusOf(elsewhere)).toBe("triage");
  });

  test("the bulk form applied to a list of more than 100 changes its first 100, in the list's order, leaves the rest, and says how to reach them", async () => {
    for (let i = 0; i < 103; i++) await report(`Wombatlong ${i}: the sidebar badge counts twice`);
    const listed = async (cursor?: string) =>
      (await http.request("GET", `/v1/feedbacks?query=Wombatlong&limit=100${cursor ? `&cursor=${cursor}` : ""}`, { token: http.demo.tokens.reader }))
        .body;
    const first = await listed();
    const rest = (await listed(first.nextCursor)).data;
    expect([first.data.length, rest.length]).toEqual([100, 3]);
    const done = await post(admin, "/inbox/bulk", "/inbox", [
      ["list", "/inbox?query=Wombatlong"],
      ["owner", "admin@demo.test"],
    ]);
    expect(done.headers.get("location")).toBe("/inbox?bulk=100.0.&beyond=yes");
    expect(await page(admin, done.headers.get("location")!)).toContain(
      "Applied to 100 feedbacks. The list holds more than the 100 a change reaches: narrow it with a filter (a status, an owner, a tag) to reach the others.</p>",
    );
    const ownerOf = async (key: string) => (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body.owner;
    const owners = await Promise.all([...first.data, ...rest].map((f: { key: string }) => ownerOf(f.key)));
    expect(owners).toEqual([...Array(100).fill("admin@demo.test"), undefined, undefined, undefined]);
  });

  test("a Reader who posts the bulk form for a whole list is refused for the role, 403, and nothing changes", async () => {
    const keys = [await report("Readerwhole one: the search forgets accents"), await report("Readerwhole two: the search drops accents")];
    const sent = await post(reader, "/inbox/bulk", "/inbox", [
      ["list", "/inbox?query=Readerwhole"],
      ["status", "dismissed"],
    ]);
    expect(sent.status).toBe(403);
    expect(await sent.text()).toContain("<h1>Your role does not allow this.</h1>");
    for (const key of keys)
      expect((await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body.status).toBe("triage");
  });

  test("a bulk change for a list whose address is not the inbox's (another site's, another page's) changes nothing, and is refused as selecting none", async () => {
    const key = await report("Quartzlist: the export button hides behind the footer");
    for (const list of ["http://elsewhere.example/inbox?query=Quartzlist", `/inbox/${key}?query=Quartzlist`, "//elsewhere.example/inbox"]) {
      const sent = await post(admin, "/inbox/bulk", "/inbox", [
        ["list", list],
        ["status", "dismissed"],
      ]);
      expect((await landed(admin, sent)).shown).toContain("Select at least one feedback, and a change.");
    }
    expect((await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body.status).toBe("triage");
  });

  test("from a page further down a filtered list, the bulk form comes back to that page", async () => {
    for (let i = 0; i < 21; i++) {
      await http.request("POST", "/v1/reports", {
        body: { publicKey: http.demo.publicKey, kind: "idea", message: `Bulk paging idea ${i}: more colours` },
      });
    }
    const next = /href="(\/inbox\?[^"]*cursor=[^"]+)"/.exec(await page(admin, "/inbox?kind=idea"))![1]!.replaceAll("&amp;", "&");
    expect(next).toContain("kind=idea");
    expect(await page(admin, next)).toContain(`<input type="hidden" name="back" value="${next.replaceAll("&", "&amp;")}">`);
  });

  test("a bulk comment with no other change is added to each ticked feedback as a team note", async () => {
    const [a, b] = [await report("Bulk: the sidebar collapses on its own"), await report("Bulk: the sidebar forgets its width")];
    const sent = await post(admin, "/inbox/bulk", "/inbox", [
      ["keys", a],
      ["keys", b],
      ["comment", "Looking at these together"],
    ]);
    expect(sent.headers.get("location")).toBe("/inbox?bulk=2.0.&noted=yes");
    expect(await page(admin, "/inbox?bulk=2.0.&noted=yes")).toContain(
      '<p class="notice" role="status" tabindex="-1" autofocus>Note added to 2 feedbacks.</p>',
    );
    for (const key of [a, b]) {
      const read = (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body;
      expect([read.status, read.comments.map((c: { text: string; visibility: string }) => [c.text, c.visibility])]).toEqual([
        "triage",
        [["Looking at these together", "internal"]],
      ]);
    }
  });

  test("the bulk form's tags are separated by commas, as on a feedback's page; a tag the API would refuse changes nothing", async () => {
    const key = await report("Bulk: the praise page loads slowly");
    await post(admin, "/inbox/bulk", "/inbox", [
      ["keys", key],
      ["addTag", "kudos, team"],
    ]);
    expect((await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body.tags).toEqual(["kudos", "team"]);
    const refused = await post(admin, "/inbox/bulk", "/inbox", [
      ["keys", key],
      ["addTag", "x".repeat(41)],
    ]);
    expect((await landed(admin, refused)).shown).toContain(
      "Nothing was changed: at most 20 tags at once, each of at most 40 characters; a comment at most 5,000.",
    );
    expect((await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body.tags).toEqual(["kudos", "team"]);
  });

  test("a bulk change naming more tags than a feedback carries is refused with that limit, not only those of a tag's and a comment's length", async () => {
    const key = await report("Bulk: the tag cloud overflows");
    const refused = await post(admin, "/inbox/bulk", "/inbox", [
      ["keys", key],
      ["addTag", Array.from({ length: 21 }, (_, i) => `t${i}`).join(", ")],
    ]);
    expect((await landed(admin, refused)).shown).toContain(
      "Nothing was changed: at most 20 tags at once, each of at most 40 characters; a comment at most 5,000.",
    );
  });

  test("a new tag the bulk form adds that holds a text-direction character (U+202E) changes nothing, and is said beside the tag field, put back without it", async () => {
    const key = await report("Bulk: the reordered tag");
    const refused = await post(admin, "/inbox/bulk", "/inbox", [
      ["keys", key],
      ["status", "prioritized"],
      ["addTag", "urgent\u202Eelbisivni"],
    ]);
    const { shown } = await landed(admin, refused);
    expect(shown).toContain(
      "Nothing was changed: the tag added held text-direction or other control characters (such as U+202E), which would make it read as something else. They were removed: check the tag and send it again.",
    );
    expect(shown).toMatch(/name="addTag"[^>]*value="urgentelbisivni"[^>]*aria-invalid="true"/);
    const after = (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body;
    expect([after.status, after.tags ?? []]).toEqual(["triage", []]);
  });

  test("a refused bulk change comes back with the rows still ticked and what was typed", async () => {
    const key = await report("Bulk kept: the chart legend overlaps");
    const refused = await post(admin, "/inbox/bulk", "/inbox", [
      ["keys", key],
      ["status", "fixed"],
      ["comment", "Fixed in 2.4 with the new legend"],
      ["addTag", "y".repeat(41)],
    ]);
    const { shown } = await landed(admin, refused);
    expect(shown).toContain(`value="${key}" form="bulk" aria-label="Select ${key}" checked>`);
    expect(shown).toContain('<option value="fixed" selected>');
    expect(shown).toContain('name="comment" value="Fixed in 2.4 with the new legend"');
    expect(shown).toMatch(new RegExp(`name="addTag" maxlength="\\d+" value="${"y".repeat(41)}"`));
  });

  test("a refused bulk change sends the browser back to the list it came from, which says why once: a reload posts nothing again", async () => {
    const key = await report("Bulk back: the invoice list forgets its page");
    const back = "/inbox?status=all&sort=reports";
    const refused = await post(admin, "/inbox/bulk", back, [
      ["keys", key],
      ["dueAt", "2026-12-15"],
      ["noDue", "yes"],
      ["back", back],
    ]);
    const { location, shown } = await landed(admin, refused);
    expect(location).toBe(back);
    expect(shown).toContain("Nothing was changed: give a new due date, or remove it, not both.</p>");
    expect(shown).toContain(`value="${key}" form="bulk" aria-label="Select ${key}" checked>`);
    // Said once: the same list again (a reload) is the list alone.
    const again = await page(admin, back);
    expect([again.includes("not both"), again.includes(`aria-label="Select ${key}" checked>`)]).toEqual([false, false]);
  });

  test("a refused bulk change lands on the bulk form, which says why above its fields and marks the fields it names", async () => {
    const key = await report("Bulk beside: the due date picker forgets the month");
    const refused = await post(admin, "/inbox/bulk", "/inbox", [
      ["keys", key],
      ["dueAt", "2026-12-15"],
      ["noDue", "yes"],
    ]);
    const { location, shown } = await landed(admin, refused);
    expect(location).toBe("/inbox");
    const form = /<form id="bulk"[\s\S]*?<\/form>/.exec(shown)![0];
    expect(form).toContain(
      '<input type="hidden" name="back" value="/inbox"><p class="error" role="alert" id="bulk-refused">Nothing was changed: give a new due date, or remove it, not both.</p>',
    );
    expect(form).toContain('name="dueAt" type="date" value="2026-12-15" aria-invalid="true" aria-describedby="bulk-refused" autofocus>');
    expect(form).toContain('name="noDue" value="yes" checked aria-invalid="true" aria-describedby="bulk-refused" autofocus>');
    expect(shown.split("not both").length).toBe(2);
  });

  test("a refused bulk change too long for a cookie to keep is still said, the rows still ticked, its long text not kept", async () => {
    const key = await report("Bulk back: the release notes are cut off");
    const refused = await post(admin, "/inbox/bulk", "/inbox", [
      ["keys", key],
      ["status", "fixed"],
      ["comment", "é".repeat(5_001)],
    ]);
    for (const cookie of refused.headers.getSetCookie()) expect(cookie.length).toBeLessThan(4_096);
    const { shown } = await landed(admin, refused);
    expect(shown).toContain("Nothing was changed: at most 20 tags at once, each of at most 40 characters; a comment at most 5,000.");
    expect(shown).toContain(`value="${key}" form="bulk" aria-label="Select ${key}" checked>`);
    expect([shown.includes('<option value="fixed" selected>'), shown.includes('name="comment" value=""')]).toEqual([true, true]);
  });

  test("the bulk form sets a due date on each ticked feedback, or removes it, through the same bulk change as the API", async () => {
    const [a, b] = [await report("Bulk due: the weekly digest is late"), await report("Bulk due: the monthly digest is late")];
    const dueOf = async (key: string) => (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body.dueAt;
    const set = await post(admin, "/inbox/bulk", "/inbox", [
      ["keys", a],
      ["keys", b],
      ["dueAt", "2026-12-15"],
    ]);
    expect([set.status, set.headers.get("location")]).toEqual([303, "/inbox?bulk=2.0."]);
    expect([await dueOf(a), await dueOf(b)]).toEqual(["2026-12-15T00:00:00.000Z", "2026-12-15T00:00:00.000Z"]);
    await post(admin, "/inbox/bulk", "/inbox", [
      ["keys", b],
      ["noDue", "yes"],
    ]);
    expect([await dueOf(a), await dueOf(b)]).toEqual(["2026-12-15T00:00:00.000Z", undefined]);
  });

  test("a bulk due date both given and removed, or on no calendar, changes nothing and says why, what was typed kept", async () => {
    const key = await report("Bulk due: the yearly digest is late");
    const refusals = [];
    for (const [fields, said] of [
      [
        [
          ["dueAt", "2026-12-15"],
          ["noDue", "yes"],
          ["status", "fixed"],
        ],
        "Nothing was changed: give a new due date, or remove it, not both.",
      ],
      [
        [
          ["dueAt", "2026-02-30"],
          ["status", "fixed"],
        ],
        "Nothing was changed: the new due date is no day of the calendar (write it as 2026-12-15).",
      ],
      [[["dueAt", "2026-2-3"]], "Nothing was changed: the new due date is no day of the calendar (write it as 2026-12-15)."],
    ] as const) {
      const refused = await post(admin, "/inbox/bulk", "/inbox", [["keys", key], ...fields.map(([n, v]) => [n, v] as [string, string])]);
      const { shown } = await landed(admin, refused);
      const dueField = /<input id="bulk-due" name="dueAt" type="date" value="([^"]*)"/.exec(shown)?.[1];
      const removing = shown.includes('name="noDue" value="yes" checked');
      refusals.push([shown.includes(`<p class="error" role="alert" id="bulk-refused">${said.replace("'", "&#39;")}</p>`), dueField, removing]);
    }
    expect(refusals).toEqual([
      [true, "2026-12-15", true],
      [true, "2026-02-30", false],
      [true, "2026-2-3", false],
    ]);
    const read = (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body;
    expect([read.status, read.dueAt]).toEqual(["triage", undefined]);
  });

  test("a bulk comment goes with the change it comes with, an owner as well as a status", async () => {
    const key = await report("Bulk: the filters reset on reload");
    await post(admin, "/inbox/bulk", "/inbox", [
      ["keys", key],
      ["owner", "member@demo.test"],
      ["comment", "Yours, Demo member"],
    ]);
    const read = (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body;
    expect([read.owner, read.comments.map((c: { text: string }) => c.text)]).toEqual(["member@demo.test", ["Yours, Demo member"]]);
  });

  test("the inbox filters by owner (me, no one, or any member, named with their e-mail) and by tag, and keeps the filters in the address", async () => {
    const [mine, other] = [await report("Owner filter web: mine"), await report("Owner filter web: nobody's")];
    await http.request("PATCH", `/v1/feedbacks/${mine}`, { token: http.demo.tokens.admin, body: { owner: "admin@demo.test", tags: ["web-filter"] } });
    await http.request("PATCH", `/v1/feedbacks/${other}`, { token: http.demo.tokens.admin, body: { tags: ["web-filter"] } });
    const listed = async (path: string) => [...(await page(admin, path)).matchAll(/<a href="\/inbox\/(DEMO-\d+)">DEMO/g)].map((m) => m[1]);
    expect(await listed("/inbox?tag=web-filter&owner=me")).toEqual([mine]);
    expect(await listed("/inbox?tag=web-filter&owner=none")).toEqual([other]);
    // An owner the list would refuse is left out, as a kind or a status the list does not know.
    expect(await listed("/inbox?tag=web-filter&owner=bad")).toEqual([other, mine]);
    const filtered = await page(admin, "/inbox?tag=web-filter&owner=me");
    expect(filtered).toContain('<option value="me" selected>Me</option>');
    expect(filtered).toContain('<option value="web-filter" selected>web-filter</option>');
    // Another member's feedbacks, chosen from the list of members.
    const byMember = await page(admin, "/inbox?tag=web-filter");
    expect(byMember).toContain('<option value="member@demo.test">Demo member</option>');
    expect(await listed("/inbox?tag=web-filter&owner=admin%40demo.test")).toEqual([mine]);
    expect(await page(admin, "/inbox?tag=web-filter&owner=admin%40demo.test")).toContain(
      '<option value="admin@demo.test" selected>Demo admin</option>',
    );
  });

  test("an owner is offered by name, and by name and e-mail where two members share the name", async () => {
    await http.cli("user", "create", "second.member@demo.test", "--name", "Demo member", "--org", "DEMO", "--role", "member");
    const shown = await page(admin, "/inbox");
    expect(shown).toContain('<option value="member@demo.test">Demo member (member@demo.test)</option>');
    expect(shown).toContain('<option value="second.member@demo.test">Demo member (second.member@demo.test)</option>');
    expect(shown).toContain('<option value="admin@demo.test">Demo admin</option>');
  });

  test("the filters' form, sent with fields left empty and the default order, leads to the list's address with only those that filter", async () => {
    const sent = await admin.fetch("/inbox?query=&kind=problem&severity=&owner=me&tag=&sort=activity");
    expect([sent.status, sent.headers.get("location")]).toEqual([303, "/inbox?kind=problem&owner=me"]);
  });

  test("a bulk notice read from a crafted address says nothing it cannot read", async () => {
    for (const bulk of ["0.1.K%3Aconstructor", "0.1.K%3A__proto__", "lots.0."]) expect((await admin.fetch(`/inbox?bulk=${bulk}`)).status).toBe(200);
    expect(await page(admin, "/inbox?bulk=0.1.DEMO-1%3Aconstructor")).toContain("Left as they were (1): DEMO-1.");
  });

  test("a bulk notice names only feedback keys from its address: a link cannot have the notice, which takes the focus, say words of its own", async () => {
    const forged = await page(
      admin,
      `/inbox?bulk=0.1.${encodeURIComponent("DEMO-1:not_found,Session expired, sign in again at evil.example:not_found")}`,
    );
    expect(forged).toContain("Left as they were (1): DEMO-1 (Not found).</p>");
    expect(forged).not.toContain("evil.example");
  });

  test("a feedback opened from a filtered inbox leads back to that list, its filters and order kept, not its last notice; also after a save", async () => {
    const key = await report("Back: the settings page forgets the tab");
    const b = new FormBrowser(ORIGIN, {}, (r) => http.handle(r));
    await signIn(b, http.demo.users.member.email, http.demo.users.member.password, "/inbox");
    const back = `<a href="/inbox?kind=problem&amp;sort=severity#${key}">← Back to the inbox</a>`;
    // The whole notice of a bulk change: its counts, a note added, a key merged away, a list longer than it reached.
    await page(b, "/inbox?kind=problem&sort=severity&bulk=2.0.&noted=yes&merged=DEMO-1%3ADEMO-2&beyond=yes");
    expect(await page(b, `/inbox/${key}`)).toContain(back);
    expect((await b.sendForm(await page(b, `/inbox/${key}`), `/inbox/${key}/status`, { status: "prioritized" })).status).toBe(303);
    expect(await page(b, `/inbox/${key}?saved`)).toContain(back);
  });

  test("a feedback's page leads to the feedbacks before and after it in the list last shown", async () => {
    const [a, b, c] = [await report("Through: one"), await report("Through: two"), await report("Through: three")];
    const browser = new FormBrowser(ORIGIN, {}, (r) => http.handle(r));
    await signIn(browser, http.demo.users.member.email, http.demo.users.member.password, "/inbox");
    const shown = await page(browser, "/inbox?query=through");
    expect(rowKeys(shown)).toEqual([c, b, a]);
    const middle = await page(browser, `/inbox/${b}`);
    expect(middle).toContain(`<a href="/inbox/${c}" rel="prev">Previous in the list</a>`);
    expect(middle).toContain(`<a href="/inbox/${a}" rel="next">Next in the list</a>`);
    expect(middle).toContain("Keyboard: j and k go to the next and previous feedback of the list, s to the status (Escape leaves it).");
    expect(await page(browser, `/inbox/${c}`)).not.toContain('rel="prev"');
  });

  test("a status save that takes a feedback out of the list shown keeps the way to the one before and after it", async () => {
    const [a, b, c] = [await report("Place: one"), await report("Place: two"), await report("Place: three")];
    const browser = new FormBrowser(ORIGIN, {}, (r) => http.handle(r));
    await signIn(browser, http.demo.users.member.email, http.demo.users.member.password, "/inbox");
    await page(browser, "/inbox?query=place&status=triage");
    const saved = await browser.sendForm(await page(browser, `/inbox/${b}`), `/inbox/${b}/status`, { status: "prioritized" });
    expect(saved.headers.get("location")).toBe(`/inbox/${b}?saved&prev=${c}&next=${a}`);
    const after = await page(browser, saved.headers.get("location")!);
    expect(after).toContain(`<a href="/inbox/${c}" rel="prev">Previous in the list</a>`);
    expect(after).toContain(`<a href="/inbox/${a}" rel="next">Next in the list</a>`);
  });

  test("a feedback opened without a list shown first leads back to the inbox", async () => {
    const b = new FormBrowser(ORIGIN, {}, (r) => http.handle(r));
    await signIn(b, http.demo.users.reader.email, http.demo.users.reader.password, "/settings/agents");
    const key = await report("Back: no list yet");
    expect(await page(b, `/inbox/${key}`)).toContain(`<p class="list-nav"><a href="/inbox#${key}">← Back to the inbox</a>`);
  });

  test("a Reader's inbox has no checkboxes and no bulk form", async () => {
    const key = await report("Reader inbox probe");
    const inbox = await page(reader, "/inbox");
    expect(inbox).toContain(`<a href="/inbox/${key}"`);
    expect(inbox).not.toContain('form="bulk"');
    expect(inbox).not.toContain('action="/inbox/bulk"');
  });

  test("the export links download the list as filtered, as CSV", async () => {
    const key = await report("Export from the inbox probe");
    await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin, body: { tags: ["inbox-export"] } });
    const inbox = await page(reader, "/inbox?status=all");
    expect(inbox).toContain('href="/inbox/export?status=all&amp;format=csv"');
    const file = await reader.fetch("/inbox/export?status=all&format=csv");
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = await file.text();
    expect(text.startsWith("key,title,kind,status,severity,app,feature,reports,votes,owner,tags,createdAt,lastActivityAt,url\r\n")).toBe(true);
    expect(text).toContain(`${key},Export from the inbox probe`);
  });
});

describe("Settings → API keys", () => {
  test("an Admin creates a key, sees it once, then sees it listed and revokes it after confirming", async () => {
    const created = await post(admin, "/settings/api-keys", "/settings/api-keys", [
      ["name", "nightly-export"],
      ["scope.feedbacks:read", "yes"],
    ]);
    expect([created.status, created.headers.get("location")]).toEqual([303, "/settings/api-keys"]);
    const shown = await page(admin, "/settings/api-keys");
    const key = /<pre class="secret" id="secret"[^>]*>([^<]+)<\/pre>/.exec(shown)![1]!;
    expect(key).toStartWith("rtr_key_");
    expect(shown).toContain("nightly-export");
    expect(await page(admin, "/settings/api-keys")).not.toContain(key);
    expect((await http.request("GET", "/v1/feedbacks", { token: key })).status).toBe(200);
    const id = (await http.request("GET", "/v1/api-keys", { token: http.demo.tokens.admin })).body.data.find(
      (k: any) => k.name === "nightly-export",
    ).id;
    const asked = await post(admin, `/settings/api-keys/${id}/revoke`, "/settings/api-keys", []);
    expect(await asked.text()).toContain("Revoke this API key?");
    const revoked = await post(admin, `/settings/api-keys/${id}/revoke`, "/settings/api-keys", [["confirm", "yes"]]);
    expect(revoked.status).toBe(303);
    expect((await http.request("GET", "/v1/feedbacks", { token: key })).body.code).toBe("invalid_token");
  });

  test("a Reader is told only Admins manage API keys", async () => {
    expect(await page(reader, "/settings/api-keys")).toContain("Only Admins manage the organization&#39;s API keys.");
  });
});

describe("who is asking, from the hosted form", () => {
  test("a link to the form carries the company and plan as hidden fields, and the report sends them on", async () => {
    const form = await (
      await http.fetch(`${ORIGIN}/f/${http.demo.formKey}?company_id=acme&company_name=Acme%20Corp&monthly_spend=450&plan=pro`)
    ).text();
    expect(form).toContain('<input type="hidden" name="company_name" value="Acme Corp">');
    const body = new URLSearchParams({
      kind: "idea",
      message: "Please add SSO with Okta for the whole team",
      company_id: "acme",
      company_name: "Acme Corp",
      monthly_spend: "450",
      plan: "pro",
    });
    // Each post redirects to the page it leads to (the questions, then the thanks), as a browser follows it.
    const land = async (posted: Response) => (posted.status === 303 ? http.fetch(`${ORIGIN}${posted.headers.get("location")}`) : posted);
    const sent = await land(
      await http.fetch(`${ORIGIN}/f/${http.demo.formKey}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
        body,
      }),
    );
    // The assistant asks its questions; the answers record the report, with its company.
    let step = { status: sent.status, page: await sent.text() };
    for (let asked = 0; step.page.includes("/answers/") && asked < 5; asked++) {
      const answer = /action="([^"]+\/answers\/[^"]+)"/.exec(step.page)![1]!.replaceAll("&amp;", "&");
      const choice = /name="choiceIds" value="([^"]+)"/.exec(step.page)?.[1];
      const next = await land(
        await http.fetch(`${ORIGIN}${answer}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
          body: new URLSearchParams(
            choice ? { choiceIds: choice } : { text: "Sign in once, with Okta, for every tool the whole team uses each day" },
          ),
        }),
      );
      step = { status: next.status, page: await next.text() };
    }
    expect([step.status, step.page.includes("Thank you!")]).toEqual([200, true]);
    const listed = (await http.request("GET", "/v1/feedbacks?sort=revenue&limit=100", { token: http.demo.tokens.reader })).body.data;
    const mine = listed.find((f: any) => f.title.includes("SSO") || f.revenue === 450);
    expect(mine?.revenue).toBe(450);
    const read = (await http.request("GET", `/v1/feedbacks/${mine.key}`, { token: http.demo.tokens.reader })).body;
    expect(read.companies).toEqual([{ id: "acme", name: "Acme Corp", monthlySpend: 450, reports: 1 }]);
  });
});
