import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { setGroupingMode } from "../../../core/apps/set-grouping-mode.ts";
import { operatorGrant } from "../../../core/authorization.ts";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let http: InProcess;
let browser: FormBrowser;
/** Keys of a pair sharing only the product's name, of one sharing only a bug template's words, and of a strong pair. */
let acme: [string, string];
let template: [string, string];
let strong: [string, string];

const report = async (message: string): Promise<string> =>
  (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message } })).body.ticketId;
const idOf = async (key: string): Promise<string> => (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin })).body.id;

beforeAll(async () => {
  http = await inProcess();
  await setGroupingMode(http.services, operatorGrant(http.demo.orgId), http.demo.appId, "review");
  // An app whose feedbacks all name the product: "Acme" is common in it, as a product name is.
  const subjects = ["camera", "invoice", "calendar", "search", "avatar", "checkout", "map", "password", "upload", "dashboard", "export", "language"];
  const keys = [];
  for (const subject of subjects) keys.push(await report(`Acme: the ${subject} crashes`));
  acme = [keys[0]!, keys[1]!];
  template = [
    await report("Steps to reproduce: open the ledger. Expected: totals. Actual: zeros. Version: 3"),
    await report("Steps to reproduce: print a receipt. Expected: the logo. Actual: blank margin. Version: 3"),
  ];
  strong = [await report("CSV export is missing the date column"), await report("CSV download doesn't include the date column anymore")];
  await http.runJobs();
  const [a, b, t1, t2, s1, s2] = await Promise.all([...acme, ...template, ...strong].map(idOf));
  const pair = (feedbackId: string, similarId: string, score: number, matched: string[]) => ({
    orgId: http.demo.orgId,
    appId: http.demo.appId,
    feedbackId,
    similarId,
    score,
    sure: false,
    matched,
    at: 1,
  });
  // The weak pairs score higher than the strong one: the queue would show them first.
  await http.services.store.saveSuggestions([
    pair(b!, a!, 0.9, ["acme", "crash"]),
    pair(t2!, t1!, 0.8, ["step", "reproduc", "expect", "actual", "version"]),
    pair(s2!, s1!, 0.3, ["csv", "column", "date"]),
  ]);
  browser = new FormBrowser("http://localhost:3000", {}, (r) => http.handle(r));
  await signIn(browser, http.demo.users.admin.email, http.demo.users.admin.password, "/inbox");
});
afterAll(() => http.close());

const page = async (path: string, language: string) => (await browser.fetch(path, { headers: { "accept-language": language } })).text();
/** The pairs of Possible duplicates, each as its list item. */
const pairs = (html: string) => html.split('<li class="pair">').slice(1);
const pairOf = (html: string, key: string) => pairs(html).find((item) => item.includes(`>${key}<`))!;

describe("Possible duplicates says when a pair's match is weak, and why", () => {
  test("a pair sharing only the product's name: « Weak match: they share only “Acme” »", async () => {
    expect(pairOf(await page("/duplicates", "en"), acme[1])).toContain(
      '<p class="weak-match"><strong>Weak match:</strong> they share only “Acme”, which many feedbacks of this app name.</p>',
    );
  });

  test("a pair sharing only a bug template's words: only words of a report form", async () => {
    expect(pairOf(await page("/duplicates", "en"), template[1])).toContain(
      "<strong>Weak match:</strong> they share only words of a report form, and name nothing else in common.",
    );
  });

  test("in French, with a narrow no-break space before the colon and inside the quotes", async () => {
    const fr = await page("/duplicates", "fr");
    expect(pairOf(fr, acme[1])).toContain(
      "<strong>Rapprochement faible\u202f:</strong> ils n’ont en commun que «\u202fAcme\u202f», que nomment beaucoup de retours de cette application.",
    );
    expect(pairOf(fr, template[1])).toContain("ils n’ont en commun que des mots d’un formulaire de signalement");
  });

  test("a strong pair says nothing of the kind, and comes before the weak ones however alike they are", async () => {
    const en = await page("/duplicates", "en");
    expect(pairOf(en, strong[1])).not.toContain("weak-match");
    const at = (key: string) => pairs(en).findIndex((item) => item.includes(`>${key}<`));
    expect(at(strong[1])).toBe(0);
    expect(at(acme[1])).toBeGreaterThan(0);
    expect(at(template[1])).toBeGreaterThan(0);
  });
});

describe("a feedback's similar feedbacks say it too", () => {
  test("the feedback's page, in English and French", async () => {
    expect(await page(`/inbox/${acme[1]}`, "en")).toContain("<strong>Weak match:</strong> they share only “Acme”");
    expect(await page(`/inbox/${template[0]}`, "fr")).toContain(
      "<strong>Rapprochement faible\u202f:</strong> ils n’ont en commun que des mots d’un formulaire",
    );
  });

  test("GET …/similar gives the reason and its words; a strong pair has no `weak`", async () => {
    const similar = async (key: string) =>
      (await http.request("GET", `/v1/feedbacks/${key}/similar`, { token: http.demo.tokens.reader })).body.data as {
        feedback: { key: string };
        weak?: unknown;
      }[];
    const of = (data: Awaited<ReturnType<typeof similar>>, key: string) => data.find((s) => s.feedback.key === key);
    expect(of(await similar(acme[1]), acme[0])?.weak).toEqual({ reason: "common_names", words: ["Acme"] });
    expect(of(await similar(template[1]), template[0])?.weak).toEqual({
      reason: "form_words",
      words: ["Steps", "reproduce", "Expected", "Actual", "Version"],
    });
    expect(of(await similar(strong[1]), strong[0])).not.toHaveProperty("weak");
  });
});
