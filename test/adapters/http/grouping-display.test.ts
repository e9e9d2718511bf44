import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { setGroupingMode } from "../../../core/apps/set-grouping-mode.ts";
import { operatorGrant } from "../../../core/authorization.ts";
import { listSuggestions } from "../../../core/merges/list-suggestions.ts";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let http: InProcess;
let browser: FormBrowser;
/** Two likely duplicates waiting for review: the older feedback, and the newer one. */
let older: string;
let newer: string;

const report = async (message: string): Promise<string> =>
  (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message } })).body.ticketId;

beforeAll(async () => {
  http = await inProcess();
  await setGroupingMode(http.services, operatorGrant(http.demo.orgId), http.demo.appId, "review");
  older = await report("Signing in with Google shows a blank page after the consent screen");
  newer = await report("After the Google consent screen, signing in shows a blank page");
  await http.runJobs();
  browser = new FormBrowser("http://localhost:3000", {}, (r) => http.handle(r));
  await signIn(browser, http.demo.users.admin.email, http.demo.users.admin.password, "/inbox");
});
afterAll(() => http.close());

/** The merge buttons of a page: [source, into] of each. */
const mergeButtons = (page: string) =>
  [...page.matchAll(/action="\/duplicates\/merge"[^>]*>[\s\S]*?name="source" value="([^"]+)"[\s\S]*?name="into" value="([^"]+)"/g)].map((m) => [
    m[1],
    m[2],
  ]);

describe("matched words are shown as the reports wrote them", () => {
  test("GET …/similar and the review queue say « Google », never the stem « googl »", async () => {
    const alike = (await http.request("GET", `/v1/feedbacks/${newer}/similar`, { token: http.demo.tokens.reader })).body.data;
    expect(alike[0].feedback.key).toBe(older);
    expect(alike[0].matched).toContain("Google");
    expect(alike[0].matched).not.toContain("googl");
    const queue = await listSuggestions(http.services, operatorGrant(http.demo.orgId), http.demo.appId);
    if (!queue.ok) throw new Error(queue.code);
    expect(queue.value.pairs[0]!.matched).toContain("Google");
    const page = await (await browser.fetch("/duplicates")).text();
    expect(page).toContain('<span class="chip">Google</span>');
    expect(page).not.toContain(">googl<");
  });
});

describe("both pages offer one direction of merge: newer into older, as grouping folds", () => {
  test("Possible duplicates merges the newer into the older", async () => {
    expect(mergeButtons(await (await browser.fetch("/duplicates")).text())).toEqual([[newer, older]]);
  });

  test("the newer feedback's page offers to merge this one into the older", async () => {
    const page = await (await browser.fetch(`/inbox/${newer}`)).text();
    expect(mergeButtons(page)[0]).toEqual([newer, older]);
    expect(page).toContain(`Merge this one into <span class="nowrap">${older}</span></button>`);
  });

  test("the older feedback's page offers to merge the newer into this one", async () => {
    const page = await (await browser.fetch(`/inbox/${older}`)).text();
    expect(mergeButtons(page)[0]).toEqual([newer, older]);
    expect(page).toContain(`Merge <span class="nowrap">${newer}</span> into this one</button>`);
  });
});

describe("a long queue of possible duplicates", () => {
  test("a pair grouping found one subject says so, its Merge standing out; a pair only alike has a quieter Merge", async () => {
    const [a, b] = [await report("Printer settings reset every morning"), await report("The label printer skips every other label")];
    const found = async (key: string) => (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin })).body.id as string;
    const [aId, bId] = [await found(a), await found(b)];
    await http.services.store.saveSuggestions([
      { orgId: http.demo.orgId, appId: http.demo.appId, feedbackId: bId, similarId: aId, score: 0.16, sure: false, matched: ["printer"], at: 1 },
    ]);
    const page = await (await browser.fetch("/duplicates")).text();
    const items = page.split('<li class="pair">').slice(1);
    const sure = items.find((item) => item.includes(`value="${newer}"`))!;
    const alike = items.find((item) => item.includes(`value="${b}"`))!;
    expect(sure).toContain("<strong>sure duplicate</strong>");
    expect(sure).toMatch(/<button type="submit">Merge /);
    expect(alike).not.toContain("sure duplicate");
    expect(alike).toMatch(/<button type="submit" class="secondary">Merge /);
    // Both pairs are each of their feedbacks' closest: said of every pair, it would tell nothing.
    expect(page).not.toContain("closest to each other");
  });

  test("pairs whose feedbacks are each the other's closest come first, and say so; a feedback alike to many does not fill the top", async () => {
    const keys = await Promise.all(["Hub", "Alike one", "Alike two", "Other one", "Other two"].map((t) => report(`${t}: the scanner beeps twice`)));
    const [hub, one, two, otherOne, otherTwo] = await Promise.all(
      keys.map(async (key) => (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body.id as string),
    );
    const pair = (feedbackId: string, similarId: string, score: number) => ({
      orgId: http.demo.orgId,
      appId: http.demo.appId,
      feedbackId,
      similarId,
      score,
      sure: false,
      matched: ["scanner"],
      at: 1,
    });
    await http.services.store.saveSuggestions([pair(hub!, one!, 0.7), pair(hub!, two!, 0.69), pair(otherTwo!, otherOne!, 0.3)]);
    const page = await (await browser.fetch("/duplicates")).text();
    const at = (source: string, into: string) => mergeButtons(page).findIndex(([s, i]) => s === source && i === into);
    // Merged newer into older: the hub, reported first, is the older of its pairs.
    const [first, second, third] = [at(keys[1]!, keys[0]!), at(keys[4]!, keys[3]!), at(keys[2]!, keys[0]!)];
    expect(first).toBeLessThan(second);
    expect(second).toBeLessThan(third);
    const items = page.split('<li class="pair">').slice(1);
    const item = (key: string, other: string) => items.find((i) => i.includes(`value="${key}"`) && i.includes(`value="${other}"`))!;
    expect(item(keys[4]!, keys[3]!)).toContain("score 0.30 · closest to each other · Matched words");
    expect(item(keys[0]!, keys[2]!)).not.toContain("closest to each other");
  });

  test("offers to filter by app, and names each pair's app, only once the organization has a second app", async () => {
    const filter = 'aria-label="Filters"';
    const before = await (await browser.fetch("/duplicates")).text();
    expect([before.includes(filter), before.includes('class="muted pair-app"')]).toEqual([false, false]);
    await http.cli("app", "create", "DEMO", "Second app");
    const after = await (await browser.fetch("/duplicates")).text();
    expect(after).toContain(filter);
    expect(after).toContain('<li class="pair"><p class="muted pair-app">Demo app</p>');
    expect(await (await browser.fetch(`/duplicates?appId=${http.demo.appId}`)).text()).not.toContain('class="muted pair-app"');
  });

  test("says how many pairs wait, shows the first 50, and says that more wait behind them", async () => {
    expect(await (await browser.fetch("/duplicates")).text()).not.toContain("to see the next");
    const ids: string[] = [];
    for (let i = 0; i < 52; i++) {
      const key = await report(`Queue probe ${i}: the printer tray ${i} jams`);
      ids.push((await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body.id);
    }
    const pair = (id: string, i: number) => ({
      orgId: http.demo.orgId,
      appId: http.demo.appId,
      feedbackId: id,
      similarId: ids[i]!,
      score: 0.5,
      sure: false,
      matched: ["printer"],
      at: i,
    });
    await http.services.store.saveSuggestions(ids.slice(1).map(pair));
    const page = await (await browser.fetch("/duplicates")).text();
    expect(mergeButtons(page)).toHaveLength(50);
    // The pair of the first test, the printer pair, the three scanner pairs, and these 51.
    expect(page).toContain("<p><strong>56 pairs wait for review.</strong></p>");
    expect(page).toContain("These are the first 50; merge or dismiss them to see the next.");
  });
});
