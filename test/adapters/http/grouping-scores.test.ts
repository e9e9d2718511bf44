import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { FormBrowser } from "../../support/browser.ts";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";

let http: InProcess;
let browser: FormBrowser;

const report = async (message: string, kind = "problem"): Promise<string> =>
  (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind, message } })).body.ticketId;
const idOf = async (key: string): Promise<string> => (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body.id;
/** Saves a suggestion of `newer` alike to `older` (keys) as grouping would, whatever comparing them finds. */
async function suggest(newer: string, older: string, score: number, matched: string[]): Promise<void> {
  const [feedbackId, similarId] = [await idOf(newer), await idOf(older)];
  await http.services.store.saveSuggestions([
    { orgId: http.demo.orgId, appId: http.demo.appId, feedbackId, similarId, score, sure: false, matched, at: 1 },
  ]);
}

/** What GET …/similar of `key` says of `other`: its score, verdict and words. */
async function similarOf(key: string, other: string) {
  const listed = (await http.request("GET", `/v1/feedbacks/${key}/similar`, { token: http.demo.tokens.reader })).body.data;
  const { score, sure, matched } = listed.find((s: { feedback: { key: string } }) => s.feedback.key === other) ?? {};
  return { score, sure, matched };
}

/** The likeness line (score, verdict, matched words) of the item naming `key` in a list of pairs or similar feedbacks, as its HTML. */
function likenessLine(list: string, item: string, key: string): string | undefined {
  const items = list.split(item).slice(1);
  return items.find((i) => i.includes(`href="/inbox/${key}"`))?.match(/<p class="muted">score [\s\S]*?<\/p>/)?.[0];
}
const queueLine = async (key: string) => likenessLine(await (await browser.fetch("/duplicates")).text(), '<li class="pair">', key);
/** On the page of `key`, in its similar feedbacks. */
async function pageLine(key: string, other: string): Promise<string | undefined> {
  const page = await (await browser.fetch(`/inbox/${key}`)).text();
  return likenessLine(page.slice(page.indexOf("<h2>Similar feedbacks</h2>")), "<li>", other);
}

beforeAll(async () => {
  http = await inProcess();
  browser = await signedInAs(http, "admin");
});
afterAll(() => http.close());

describe("a pair waiting in Possible duplicates has one score wherever it is shown", () => {
  test("the queue, both feedbacks' pages and GET …/similar of each give it the same score, verdict and words, after a further report merged into one of them", async () => {
    const older = await report("Export to CSV button does nothing on the reports page");
    const newer = await report("The reports page freezes when I export a big CSV file");
    await http.runJobs();
    const waiting = await queueLine(newer);
    expect(waiting).toContain("score 0.47");
    // A sure duplicate of the older, merged into it by grouping: the older one's text grows.
    const further = await report("Exporting the reports page to CSV: the button does nothing");
    await http.runJobs();
    expect((await http.request("GET", `/v1/feedbacks/${further}`, { token: http.demo.tokens.reader })).body.key).toBe(older);
    expect(await pageLine(newer, older)).toBe(waiting!);
    expect(await pageLine(older, newer)).toBe(waiting!);
    expect(await queueLine(newer)).toBe(waiting!);
    const fromOlder = await similarOf(older, newer);
    expect(fromOlder.score).toBe(0.47);
    expect(await similarOf(newer, older)).toEqual(fromOlder);
  });

  test("a word the two write differently reads the same way round on the queue and on both pages, the newer's first", async () => {
    const [older, newer] = [await report("The card payment is broken on the basket"), await report("Card payment declined on the basket")];
    await suggest(newer, older, 0.3, ["fail", "card"]);
    const waiting = await queueLine(newer);
    expect(waiting).toContain('<span class="chip">declined / broken</span>');
    expect([await pageLine(older, newer), await pageLine(newer, older)]).toEqual([waiting, waiting]);
  });
});

describe("a feedback's similar feedbacks", () => {
  test("name each of its pairs waiting in Possible duplicates, with the score it waits with, though compared now the two would not meet", async () => {
    const [a, b] = [await report("Printer settings reset every morning"), await report("The label printer skips every other label")];
    await http.runJobs();
    expect((await similarOf(b, a)).score).toBeUndefined();
    await suggest(b, a, 0.16, ["printer"]);
    const waiting = { score: 0.16, sure: false, matched: ["printer"] };
    expect([await similarOf(a, b), await similarOf(b, a)]).toEqual([waiting, waiting]);
    expect(await queueLine(b)).toContain("score 0.16");
    expect(await pageLine(a, b)).toBe((await queueLine(b))!);
  });

  test("name, of its pairs waiting there, only open feedbacks, not merged, of a kind that may be one subject with it", async () => {
    const feedback = await report("Scanner beeps twice and stops");
    const [open, closed, merged, praise] = [
      await report("The scanner beeps twice"),
      await report("Scanner beeping twice"),
      await report("Two beeps from the scanner"),
      await report("Love the scanner's new beep", "praise"),
    ];
    for (const other of [open, closed, merged, praise]) await suggest(other, feedback, 0.3, ["scanner"]);
    const admin = http.demo.tokens.admin;
    expect((await http.request("PATCH", `/v1/feedbacks/${closed}`, { token: admin, body: { status: "delivered" } })).status).toBe(200);
    expect((await http.request("POST", `/v1/feedbacks/${merged}/merge`, { token: admin, body: { into: open } })).status).toBe(200);
    const listed = (await http.request("GET", `/v1/feedbacks/${feedback}/similar`, { token: http.demo.tokens.reader })).body.data;
    expect(listed.map((s: { feedback: { key: string } }) => s.feedback.key)).toEqual([open]);
  });

  test("list its waiting pairs and the feedbacks it compares alike with now together, most alike first", async () => {
    const found = await report("Print to PDF button does nothing on the invoices page");
    await http.runJobs();
    // Reported after the others were grouped: its own grouping has not run, it compares with them now.
    const feedback = await report("The invoices page freezes when I print a big PDF file");
    const waiting = await report("Printing invoices hangs the browser tab");
    expect(await similarOf(feedback, found)).toMatchObject({ score: expect.any(Number), sure: false });
    await suggest(waiting, feedback, 0.9, ["invoice"]);
    const listed: { feedback: { key: string }; score: number; sure: boolean }[] = (
      await http.request("GET", `/v1/feedbacks/${feedback}/similar`, { token: http.demo.tokens.reader })
    ).body.data;
    expect(listed.map((s) => s.feedback.key).filter((key) => key === waiting || key === found)).toEqual([waiting, found]);
    expect(listed).toEqual(listed.toSorted((a, b) => Number(b.sure) - Number(a.sure) || b.score - a.score));
  });
});

describe("a merged feedback's pairs waiting in Possible duplicates", () => {
  /** The pairs of these feedbacks (keys) the queue shows, each as its two keys in key order. */
  async function queued(...keys: string[]): Promise<string[][]> {
    const page = await (await browser.fetch("/duplicates")).text();
    const named = (item: string) => [...new Set([...item.matchAll(/href="\/inbox\/([^"]+)"/g)].map((m) => m[1]!))].sort();
    return page
      .split('<li class="pair">')
      .slice(1)
      .map(named)
      .filter((pair) => pair.some((key) => keys.includes(key)));
  }

  test("wait as the pairs of the feedback it went into, with their score, on the queue and its page; unmerged, it has them back", async () => {
    const [a, b, c] = [
      await report("Calendar sync drops recurring meetings"),
      await report("Dark mode turns itself off after logout"),
      await report("The theme goes back to light when I sign out"),
    ];
    await http.runJobs();
    expect(await queued(a, b, c)).toEqual([]);
    await suggest(c, b, 0.42, ["logout"]);
    const merged = await http.request("POST", `/v1/feedbacks/${b}/merge`, { token: http.demo.tokens.member, body: { into: a } });
    expect(merged.status).toBe(200);
    // B alike to C still stands: C may duplicate A, which holds B's report now.
    expect(await queued(a, b, c)).toEqual([[a, c].sort()]);
    expect(await queueLine(c)).toContain("score 0.42");
    expect(await pageLine(a, c)).toContain("score 0.42");
    expect((await http.request("POST", `/v1/feedbacks/${b}/unmerge`, { token: http.demo.tokens.member })).status).toBe(200);
    expect(await queued(a, b, c)).toEqual([[b, c].sort()]);
    expect(await queueLine(c)).toContain("score 0.42");
  });
});
