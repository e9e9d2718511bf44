import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { chromiumPresent, closeContexts, saveScreenshot, sharedChromium, signedInPage } from "../support/chromium.ts";
import { scrollsSideways, seriousViolations } from "../support/axe.ts";
import { setGroupingMode } from "../../core/apps/set-grouping-mode.ts";
import { operatorGrant } from "../../core/authorization.ts";
import { listSuggestions } from "../../core/merges/list-suggestions.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { eventually, Receiver } from "../support/receiver.ts";
import { get, patch, post } from "../support/server.ts";
import { waitFor } from "../support/wait.ts";

const present = chromiumPresent("grouping review tests");

let server: Served;
let browser: Browser;
let page: Page;
const receiver = new Receiver();

const report = async (message: string, email?: string) =>
  (await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "problem", message, ...(email && { user: { email } }) })).body
    .ticketId as string;
const read = async (key: string) => (await get(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin)).body;
/** The addresses the feedback page lists under Followers. */
const followersOf = async (key: string) => {
  // Read with the browser's session, outside the browser: nothing of it is drawn.
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const thread = await (await fetch(`${server.url}/inbox/${key}`, { headers: { cookie } })).text();
  const list = /<h2 id="followers">Followers<\/h2>\s*(<ul>[\s\S]*?<\/ul>)?/.exec(thread)?.[1] ?? "";
  return list.match(/[\w.+-]+@example\.com/g)?.sort() ?? [];
};
/** What the action just taken says in the address it returned to: what was done, or the error code. */
const outcome = async () => {
  await page.waitForURL(/[?&](done|error)=/);
  const params = new URL(page.url()).searchParams;
  return params.get("done") ?? `error: ${params.get("error")}`;
};
/** What the merges of these tests sent: [type, feedback, other feedback], as the subscribed webhook received them. */
const expected: Array<[string, string, string]> = [];
/** What each page of grouping showed when looked at, at each width: axe's serious violations and sideways scrolling. */
const looked: Array<{ page: string; width: number; violations: unknown[]; sideways: boolean }> = [];
/** The page as it is now at 1280 and 390 px, once each: its screenshot saved to look at (when named), and what is wrong with it. */
const look = async (as: string, name?: string) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    if (name) await saveScreenshot(page, `${name}-${width}`);
    looked.push({ page: as, width, violations: await seriousViolations(page), sideways: await scrollsSideways(page) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

describe.skipIf(!present)("grouping reviewed and trends read in the browser, in Chromium", () => {
  beforeAll(async () => {
    receiver.start();
    server = await serveInProcess({ env: { WEBHOOKS_ALLOW_PRIVATE: "true" } });
    const hook = await post(
      `${server.url}/v1/webhooks`,
      { url: receiver.url, events: ["feedback.merged", "feedback.unmerged"] },
      { authorization: `Bearer ${server.demo.tokens.admin}` },
    );
    receiver.secrets = [hook.body.secret];
    // Review mode, as an Admin sets it in the settings (that form: test/adapters/http/grouping-pages.test.ts).
    expect(await setGroupingMode(server.services, operatorGrant(server.demo.orgId), server.demo.appId, "review")).toMatchObject({ ok: true });
    browser = await sharedChromium();
    page = await signedInPage(browser, server.url, server.demo.users.admin);
  });
  afterEach(() => closeContexts(browser, page));
  afterAll(async () => {
    await closeContexts(browser);
    await server?.stop();
    receiver.stop();
  });

  test("likely duplicates wait in Possible duplicates; one is accepted (merged), another dismissed, and neither comes back", async () => {
    const older = await report("The loyalty card barcode does nothing when I scan it", "older@example.com");
    const newer = await report("I scan the loyalty card barcode and nothing happens", "newer@example.com");
    const kept = await report("The parcel locker code is refused at the terminal");
    const other = await report("At the terminal the parcel locker code is refused");
    // Grouping runs in the background: both pairs wait in the queue once it has run.
    await waitFor(
      "both pairs in the queue",
      async () => {
        const queue = await listSuggestions(server.services, operatorGrant(server.demo.orgId), null);
        return queue.ok ? queue.value.pairs.length : queue.code;
      },
      (n) => typeof n === "number" && n >= 2,
      20_000,
    );
    await page.goto(`${server.url}/duplicates`);
    expect(await page.locator("ul.pairs > li").count()).toBe(2);
    await look("possible duplicates", "possible-duplicates");
    await page.getByRole("button", { name: `Merge ${newer} into ${older}` }).click();
    expect(await outcome()).toBe("merged");
    expect(await page.getByRole("status").textContent()).toBe(`Merged ${newer} into ${older}. Undo`);
    // Merged by mistake: Undo, on the notice, takes that merge back and leaves the pair waiting on the queue again.
    await page.getByRole("status").getByRole("button", { name: "Undo" }).click();
    expect(await outcome()).toBe("restored");
    expect(new URL(page.url()).pathname).toBe("/duplicates");
    expect(await page.getByRole("status").textContent()).toBe(`Undone: ${newer} and ${older} are back for review.`);
    expect(await page.locator("ul.pairs > li").count()).toBe(2);
    await look("a merge undone from its notice", "possible-duplicates-merge-undone");
    expected.push(["feedback.unmerged", newer, older]);
    await page.getByRole("button", { name: `Merge ${newer} into ${older}` }).click();
    expect(await outcome()).toBe("merged");
    const pair = page.locator("ul.pairs > li", { hasText: other });
    expect(await page.getByText("1 pair waits for review.").isVisible()).toBe(true);
    await pair.getByRole("button", { name: "Not duplicates" }).click();
    expect(await outcome()).toBe("dismissed");
    expect(await page.getByRole("status").textContent()).toContain("will not be suggested together again");
    expect(await page.locator("ul.pairs > li").count()).toBe(0);
    await look("a dismissal's notice, with Undo", "possible-duplicates-dismissed");
    // Dismissed by mistake: Undo, on the notice, brings the pair back.
    await page.getByRole("status").getByRole("button", { name: "Undo" }).click();
    expect(await outcome()).toBe("restored");
    expect(await page.getByRole("status").textContent()).toBe(`Undone: ${other} and ${kept} are back for review.`);
    expect(await page.locator("ul.pairs > li").count()).toBe(1);
    await page.locator("ul.pairs > li", { hasText: other }).getByRole("button", { name: "Not duplicates" }).click();
    expect(await outcome()).toBe("dismissed");
    expect(await page.locator("ul.pairs > li").count()).toBe(0);
    expect(await read(newer)).toMatchObject({ key: older, reports: 2 });
    expected.push(["feedback.merged", older, newer]);
    expect((await read(other)).key).toBe(other);
    expect((await read(kept)).key).toBe(kept);
  }, 60_000);

  test("merging by hand, then unmerging, gives back every report, follower and the status; the timeline records each step", async () => {
    const target = await report("Dark mode resets after every restart of the desktop app", "target@example.com");
    const source = await report("Shipping labels print upside down on the Zebra printer", "source@example.com");
    await patch(`${server.url}/v1/feedbacks/${source}`, server.demo.tokens.admin, { status: "prioritized", comment: "Next sprint" });
    const before = { feedback: await read(source), followers: await followersOf(source) };

    await page.goto(`${server.url}/inbox/${source}`);
    await page.getByLabel("Merge this feedback into").fill(target);
    await page.getByRole("button", { name: "Merge", exact: true }).click();
    await page.waitForURL(new RegExp(`/inbox/${target}\\?done=merged&feedback=${source}&target=${target}&merge=[^&]+$`));
    expected.push(["feedback.merged", target, source]);
    expect(await page.locator(".timeline").textContent()).toContain(`${source}`);
    expect(await page.locator(".timeline").textContent()).toContain("merged into this feedback · Demo admin");
    expect(await followersOf(target)).toEqual(["source@example.com", "target@example.com"]);
    await look("a merged feedback", "feedback-merged");

    await page.locator("li", { hasText: source }).getByRole("button", { name: "Unmerge" }).click();
    await page.waitForURL(new RegExp(`/inbox/${source}\\?done=unmerged$`));
    expected.push(["feedback.unmerged", source, target]);
    const after = await read(source);
    expect(after.reportList).toEqual(before.feedback.reportList);
    expect([after.status, after.reports, after.comments]).toEqual([before.feedback.status, before.feedback.reports, before.feedback.comments]);
    expect(await followersOf(source)).toEqual(before.followers);
    expect(await followersOf(target)).toEqual(["target@example.com"]);
    const timeline = await page.locator(".timeline").textContent();
    expect(timeline).toContain(`Merged into ${target}`);
    expect(timeline).toContain(`Taken back out of ${target}`);
  }, 60_000);

  test("the merges and the unmerge arrive at the subscribed webhook, signed", async () => {
    const seen = (r: (typeof receiver.received)[number]) => [
      r.body.type,
      r.body.data.feedback.key,
      (r.body.data.merged ?? r.body.data.unmergedFrom)?.key,
    ];
    const got = await eventually(
      () => receiver.received,
      (r) => expected.every((e) => r.some((x) => Bun.deepEquals(seen(x), e))),
    );
    for (const r of got) expect(r.validFor).toEqual(receiver.secrets);
    expect(expected).toHaveLength(4);
  });

  test("the pages of grouping have no serious accessibility violation and no sideways scroll on a phone", () => {
    // Each was looked at in the state the tests above left it in: the queue with its pairs, a feedback holding two. The apps
    // settings, checked here before, are among every settings page of test/e2e/web-accessibility.test.ts.
    const pages = ["possible duplicates", "a merge undone from its notice", "a dismissal's notice, with Undo", "a merged feedback"];
    expect(looked).toEqual(pages.flatMap((page) => [1280, 390].map((width) => ({ page, width, violations: [], sideways: false }))));
  });
  test("the trends page draws reports per day by kind and by feature as SVG with text alternatives, at 1280 and 390 px", async () => {
    await page.goto(`${server.url}/trends`);
    expect(await page.getByRole("heading", { name: "Trends", level: 1 }).isVisible()).toBe(true);
    const chart = page.getByRole("img", { name: /Reports per day/ });
    expect(await chart.isVisible()).toBe(true);
    expect(await page.locator("figure.chart svg g title").first().textContent()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}: Problem \d+/);
    await page.getByText("Figures per day").click();
    expect(await page.locator("details table tbody tr").count()).toBe(30);
    await page.getByLabel("Period").selectOption("90");
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await page.waitForURL(/days=90/);
    expect(await page.locator("details table tbody tr").count()).toBe(90);
    await look("trends", "trends");
    expect(looked.filter((l) => l.page === "trends")).toEqual(
      [1280, 390].map((width) => ({ page: "trends", width, violations: [], sideways: false })),
    );
  }, 60_000);

  test("with a second app, Trends shows all apps together by default, and one app when chosen", async () => {
    const appId = /^app (\S+)/m.exec(await server.cli("app", "create", "DEMO", "Kiosk"))![1]!;
    const publicKey = (await server.cli("channel", "create", "DEMO", appId, "--kind", "api")).trim();
    await post(`${server.url}/v1/reports`, { publicKey, kind: "problem", message: "The kiosk screen freezes after a payment" });
    await page.goto(`${server.url}/trends`);
    expect(await page.getByLabel("App", { exact: true }).inputValue()).toBe("");
    expect(await page.getByRole("img", { name: /Reports per day · All apps/ }).isVisible()).toBe(true);
    await look("trends of all apps", "trends-all-apps");
    await page.getByLabel("App", { exact: true }).selectOption({ label: "Kiosk" });
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await page.waitForURL(new RegExp(`appId=${appId}`));
    expect(await page.getByRole("img", { name: /Reports per day · Kiosk/ }).isVisible()).toBe(true);
    expect(looked.filter((l) => l.page === "trends of all apps")).toEqual(
      [1280, 390].map((width) => ({ page: "trends of all apps", width, violations: [], sideways: false })),
    );
  }, 60_000);

  test("keyboard triage works on arrival: / goes to the search field and Escape leaves it; j and k move through the inbox, Enter opens the feedback, s goes to its status and Escape leaves it for j", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/inbox?status=all`);
    const keys = await page.locator("table.cards tbody tr td:first-child a").allTextContents();
    expect(keys.length).toBeGreaterThan(3);
    // No field has the focus on arrival: the keys act at once.
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await page.keyboard.press("k");
    expect(await page.locator("tr.current td:first-child a").textContent()).toBe(keys[1]!);
    await page.keyboard.press("/");
    expect(await page.evaluate(() => [document.activeElement?.id, (document.getElementById("query") as HTMLInputElement).value])).toEqual([
      "query",
      "",
    ]);
    await page.keyboard.press("Escape");
    await page.keyboard.press("j");
    expect(await page.locator("tr.current td:first-child a").textContent()).toBe(keys[2]!);
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`/inbox/${keys[2]}$`));
    await page.keyboard.press("s");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("new-status");
    await page.keyboard.press("Escape");
    expect(await page.evaluate(() => document.activeElement?.id)).not.toBe("new-status");
    await page.keyboard.press("j");
    await page.waitForURL(new RegExp(`/inbox/${keys[3]}$`));
  });

  test("on a feedback opened from the inbox, j and k go to the next and previous feedback of the list", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/inbox?status=all`);
    const keys = await page.locator("table.cards tbody tr td:first-child a").allTextContents();
    await page.keyboard.press("j");
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`/inbox/${keys[0]}$`));
    await page.keyboard.press("j");
    await page.waitForURL(new RegExp(`/inbox/${keys[1]}$`));
    await page.keyboard.press("k");
    await page.waitForURL(new RegExp(`/inbox/${keys[0]}$`));
  });

  test("back in the inbox from a feedback, its row is marked and j goes on from it", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/inbox?status=all`);
    const keys = await page.locator("table.cards tbody tr td:first-child a").allTextContents();
    await page.getByRole("link", { name: keys[1]!, exact: true }).click();
    await page.waitForURL(new RegExp(`/inbox/${keys[1]}$`));
    await page.getByRole("link", { name: "← Back to the inbox" }).click();
    await page.waitForURL(new RegExp(`/inbox\\?status=all#${keys[1]}$`));
    expect(await page.locator("tr.current td:first-child a").textContent()).toBe(keys[1]!);
    await page.keyboard.press("j");
    expect(await page.locator("tr.current td:first-child a").textContent()).toBe(keys[2]!);
  });

  test("j goes on from a row ticked with the mouse, and x ticks the row reached for the bulk form", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/inbox?status=all`);
    const keys = await page.locator("table.cards tbody tr td:first-child a").allTextContents();
    // Ticked with the mouse, the checkbox holds the focus: j goes on from its row.
    await page.getByRole("checkbox", { name: `Select ${keys[0]}` }).click();
    await page.keyboard.press("j");
    expect(await page.locator("tr.current td:first-child a").textContent()).toBe(keys[1]!);
    await page.keyboard.press("x");
    expect(await page.getByRole("checkbox", { name: `Select ${keys[1]}` }).isChecked()).toBe(true);
    // The bulk form's title says how many are ticked.
    expect(await page.locator("#bulk-title .bulk-count").textContent()).toBe("(2 ticked)");
  });

  test("on the inbox, s on the row reached opens that feedback at its status; Escape leaves the search field keeping what was typed", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/inbox?status=all`);
    const keys = await page.locator("table.cards tbody tr td:first-child a").allTextContents();
    await page.keyboard.press("/");
    await page.keyboard.type("barcode");
    await page.keyboard.press("Escape");
    expect(
      await page.evaluate(() => [document.activeElement === document.body, (document.getElementById("query") as HTMLInputElement).value]),
    ).toEqual([true, "barcode"]);
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await page.keyboard.press("s");
    await page.waitForURL(new RegExp(`/inbox/${keys[1]}#new-status$`));
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("new-status");
    // The field's label comes into view with it, not scrolled out of sight above (fails on timeout).
    await page.waitForFunction(
      () => {
        const box = (document.getElementById("new-status") as HTMLSelectElement).labels![0]!.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      },
      undefined,
      { timeout: 5_000 },
    );
  });
});
