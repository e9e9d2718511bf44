import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { createHmac } from "node:crypto";
import { FakeGitHub } from "../../support/fake-github.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";
import { storeCalls } from "../../support/store-calls.ts";

let http: InProcess;
let admin: FormBrowser;
beforeAll(async () => {
  http = await inProcess();
  admin = new FormBrowser("http://localhost:3000", {}, (r) => http.handle(r));
  await signIn(admin, http.demo.users.admin.email, http.demo.users.admin.password, "/inbox");
});
afterAll(() => http.close());

const page = async (path: string, language = "en") => (await admin.fetch(path, { headers: { "accept-language": language } })).text();
const send = async (kind: string, message: string): Promise<string> =>
  (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind, message } })).body.ticketId;
/** The activity's report entries of a page, as HTML. */
const reportEntries = (html: string) => [...html.matchAll(/<li class="report"[\s\S]*?<\/li>/g)].map((m) => m[0]);

describe("a long report is folded on the feedback page", () => {
  /** About 10,000 characters of plain words. */
  const long = Array.from({ length: 1_200 }, (_, i) => `step${i}`).join(" ");

  test("its first 1,200 characters or so are shown, and the whole text is behind « Show the whole report »", async () => {
    const key = await send("problem", long);
    const [entry] = reportEntries(await page(`/inbox/${key}`));
    const [shown, folded] = entry!.split('<details class="whole-report">');
    expect(folded).toStartWith(`<summary>Show the whole report</summary><p class="message">${long}</p></details>`);
    const visible = /<p class="message">(step0 [^<]*)…<\/p>/.exec(shown!)?.[1] ?? "";
    expect(long.startsWith(visible)).toBe(true);
    expect(visible.length).toBeGreaterThan(1_000);
    expect(visible.length).toBeLessThanOrEqual(1_200);
    expect(await page(`/inbox/${key}`, "fr")).toContain("<summary>Afficher tout le signalement</summary>");
  });

  test("a report keeps its line breaks: what the assistant added sits on a line of its own", async () => {
    const key = await send("problem", "Search is broken\n\nWhere: Search");
    const [entry] = reportEntries(await page(`/inbox/${key}`));
    expect(entry).toContain('<p class="message">Search is broken\n\nWhere: Search</p>');
    expect(await page(`/inbox/${key}`)).toMatch(/\.message\{white-space:pre-wrap/);
  });

  test("a short report is shown whole, with nothing folded", async () => {
    const key = await send("problem", "The export button does nothing");
    const [entry] = reportEntries(await page(`/inbox/${key}`));
    expect(entry).toContain('<p class="message">The export button does nothing</p>');
    expect(entry).not.toContain("<details");
  });
});

test("two reports alike in source, author and minute have headings that differ by their position: 1 of 2, 2 of 2", async () => {
  const first = await send("problem", "The invoice PDF is blank when downloaded");
  const second = await send("problem", "Calendar sync drops events created on mobile");
  const merged = await http.request("POST", `/v1/feedbacks/${second}/merge`, { body: { into: first }, token: http.demo.tokens.admin });
  expect(merged.status).toBe(200);
  const headings = reportEntries(await page(`/inbox/${first}`)).map((entry) => /<p>([\s\S]*?)<\/p>/.exec(entry)![1]!);
  expect(headings).toHaveLength(2);
  expect(headings[0]).toEndWith("· 1 of 2");
  expect(headings[1]).toEndWith("· 2 of 2");
  expect(reportEntries(await page(`/inbox/${first}`, "fr"))[1]).toContain("· 2 sur 2</p>");
});

test("a report that says, spaces and case aside, what an earlier report of the feedback said shows a link to that one in place of its text", async () => {
  const first = await send("problem", "The export button does nothing on the invoices page");
  const other = await send("problem", "Calendar sync drops events created on mobile");
  const again = await send("problem", "  the export button does nothing\non the invoices page ");
  for (const key of [other, again])
    expect((await http.request("POST", `/v1/feedbacks/${key}/merge`, { body: { into: first }, token: http.demo.tokens.admin })).status).toBe(200);
  const entries = reportEntries(await page(`/inbox/${first}`));
  const firstId = /id="report-([^"]+)"/.exec(entries[0]!)![1];
  expect(entries.map((entry) => /<\/p>(<p[^>]*>[\s\S]*?<\/p>)/.exec(entry)![1])).toEqual([
    '<p class="message">The export button does nothing on the invoices page</p>',
    '<p class="message">Calendar sync drops events created on mobile</p>',
    `<p class="muted"><a href="#report-${firstId}">The same words as report 1</a></p>`,
  ]);
  expect(reportEntries(await page(`/inbox/${first}`, "fr"))[2]).toContain(">Les mêmes mots que le signalement 1</a>");
});

test("a feedback with no severity says « No severity » beside its status and in the inbox, never a lone dash", async () => {
  const key = await send("idea", "Let us pin a favourite dashboard");
  const feedback = await page(`/inbox/${key}`);
  expect(feedback).toContain('<span class="badge status-triage">Triage</span> <span class="muted">No severity</span>');
  expect(await page(`/inbox/${key}`, "fr")).toContain('<span class="muted">Sans gravité</span>');
  const row = new RegExp(`<tr[^>]*>(?:(?!</tr>)[\\s\\S])*?<a href="/inbox/${key}">[\\s\\S]*?</tr>`).exec(await page("/inbox"))![0];
  expect(row).toContain('data-label="Severity"><span class="muted">No severity</span></td>');
  expect(row).not.toContain("—");
});

describe("a status change the linked issue made", () => {
  const github = new FakeGitHub();
  beforeAll(() => github.start());
  afterAll(() => github.stop());

  test("is named in the activity as coming from the tracker's issue, in English and French", async () => {
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
      "--webhook-secret",
      "s",
      "--api-url",
      github.url,
    );
    const key = await send("problem", "Coupons are applied twice at checkout");
    const linked = await http.request("POST", `/v1/feedbacks/${key}/tracker`, { body: {}, token: http.demo.tokens.admin });
    const number = Number(/#(\d+)$/.exec(linked.body.trackerIssue.key)![1]);
    const raw = JSON.stringify({
      action: "closed",
      repository: { full_name: "acme/shop" },
      issue: { number, state: "closed", state_reason: "completed" },
    });
    const signature = `sha256=${createHmac("sha256", "s").update(raw).digest("hex")}`;
    const closed = await http.request("POST", "/integrations/github/webhook", {
      raw,
      headers: { "x-github-event": "issues", "x-hub-signature-256": signature },
    });
    expect(closed.body).toEqual({ moved: 1 });
    const change = (html: string) => /<li class="change">[\s\S]*?<\/li>/.exec(html)?.[0] ?? "";
    expect(change(await page(`/inbox/${key}`))).toContain("· the linked GitHub issue ·");
    expect(change(await page(`/inbox/${key}`, "fr"))).toContain("· le ticket GitHub lié ·");
  });
});

describe("a feedback whose reporter answered from their tracking page reads its reports once", () => {
  /** A feedback of one report (words no other feedback has, so that none is similar) that its reporter answered. */
  async function answered(message: string): Promise<string> {
    const sent = await http.request("POST", "/v1/reports", {
      body: { publicKey: http.demo.publicKey, kind: "problem", message, user: { email: "ann@example.com", name: "Ann" } },
    });
    const reporter = new FormBrowser(http.url, {}, http.handle);
    const tracking = await (await reporter.fetch(sent.body.statusUrl)).text();
    expect((await reporter.submit(tracking, { text: "Still happening today." })).status).toBe(303);
    return sent.body.ticketId;
  }

  test("its page, which names the reporter beside their answer", async () => {
    const key = await answered("Quokka stickers vanish from the zeppelin gallery");
    const calls = await storeCalls(http.services.store, async () =>
      expect(await page(`/inbox/${key}`)).toContain("Ann (the reporter, from their tracking page) · "),
    );
    expect(calls.of.listReports).toBe(1);
  });

  test("GET /v1/feedbacks/{key}, whose comment names the reporter", async () => {
    const key = await answered("Marzipan badges flicker on the harpsichord screen");
    const read = () => http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin });
    const calls = await storeCalls(http.services.store, async () => expect((await read()).body.comments.at(-1).author).toBe("Ann"));
    expect(calls.of.listReports).toBe(1);
  });
});

test("GET /v1/feedbacks/{key} asked by the key of a feedback merged into another reads that other's reports once, to show them and to tell which moved since", async () => {
  const [kept, merged] = [
    await send("problem", "Gherkin icons wobble in the tuba menu"),
    await send("problem", "Gherkin icons wobble on the tuba screen"),
  ];
  expect((await http.request("POST", `/v1/feedbacks/${merged}/merge`, { body: { into: kept }, token: http.demo.tokens.admin })).status).toBe(200);
  const brought = (await http.request("GET", `/v1/feedbacks/${kept}`, { token: http.demo.tokens.admin })).body.reportList.at(-1).id;
  const split = await http.request("POST", `/v1/feedbacks/${kept}/reports/${brought}/split`, { token: http.demo.tokens.admin });
  expect(split.status).toBe(201);
  const calls = await storeCalls(http.services.store, async () => {
    const read = await http.request("GET", `/v1/feedbacks/${merged}`, { token: http.demo.tokens.admin });
    expect([read.body.mergedInto, read.body.reportsMovedTo]).toEqual([kept, [split.body.key]]);
  });
  expect(calls.of.listReports).toBe(1);
});
