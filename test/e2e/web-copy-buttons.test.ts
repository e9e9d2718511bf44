import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { embedSnippet } from "../../adapters/http/web/embed-snippet.ts";
import { scrollsSideways, seriousViolations } from "../support/axe.ts";
import { chromiumPresent, closeContexts, saveScreenshot, sharedChromium, signedInPage } from "../support/chromium.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";

/**
 * The Copy buttons of values people copy, as an Admin meets them in Chromium: the widget's snippet
 * and an API key shown once, copied to the clipboard (read back), the live region saying so; where
 * the clipboard is missing (plain http on a LAN), the value selected instead. Looked at, and the
 * snippet measured, at 1280 and 390 px.
 */
const present = chromiumPresent("copy button tests");

let server: Served;
let browser: Browser;
let page: Page;

const widgetTab = () => `${server.url}/settings/apps/${server.demo.appId}/widget`;

/** Clicks the Copy button after `value` (the element holding it) and waits for its live region to speak. */
async function copy(value: string, name = "Copy"): Promise<string> {
  const row = page.locator(`main ${value} + .copy-row`);
  await row.getByRole("button", { name, exact: true }).click({ timeout: 5_000 });
  const said = row.getByRole("status");
  await said.filter({ hasText: /./ }).waitFor({ timeout: 5_000 });
  return (await said.textContent()) ?? "";
}

const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

/** Screenshots at 1280 then 390 px, with what axe finds serious and whether the page scrolls sideways, at each. */
async function look(name: string): Promise<{ violations: string[]; sideways: boolean }[]> {
  const found = [];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreenshot(page, `copy-${name}-${width}`);
    found.push({ violations: (await seriousViolations(page)).map((v) => v.id), sideways: await scrollsSideways(page) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  return found;
}

describe.skipIf(!present)("Copy buttons in Chromium", () => {
  beforeAll(async () => {
    server = await serveInProcess();
    browser = await sharedChromium();
    page = await signedInPage(browser, server.url, server.demo.users.admin);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  });
  afterAll(async () => {
    await closeContexts(browser);
    await server?.stop();
  });

  test("Copy beside the widget's snippet puts the snippet on the clipboard, and the live region says Copied", async () => {
    await page.goto(widgetTab());
    expect(await copy("pre.snippet")).toBe("Copied");
    expect(await clipboard()).toBe(embedSnippet(server.url, server.demo.widgetKey));
    expect(await look("widget-snippet")).toEqual([
      { violations: [], sideways: false },
      { violations: [], sideways: false },
    ]);
  });

  test("at 390 px the snippet's widget key stays whole on one line", async () => {
    await page.goto(widgetTab());
    await page.setViewportSize({ width: 390, height: 900 });
    const lines = await page.locator("main pre.snippet code").evaluate(
      (code, key) => {
        const texts = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
        let text = texts.nextNode();
        while (text && !text.textContent!.includes(key)) text = texts.nextNode();
        if (!text) throw new Error("the key is not in one piece of text");
        const range = document.createRange();
        const start = text.textContent!.indexOf(key);
        range.setStart(text, start);
        range.setEnd(text, start + key.length);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      },
      server.demo.widgetKey,
      { timeout: 5_000 },
    );
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(lines).toBe(1);
  });

  test("Copy beside an API key shown once puts the key on the clipboard", async () => {
    await page.goto(`${server.url}/settings/api-keys`);
    await page.getByLabel("Name", { exact: true }).fill("ci-script");
    await Promise.all([page.waitForURL(/\/settings\/api-keys$/), page.getByRole("button", { name: "Create", exact: true }).click()]);
    const key = (await page.locator("main pre#secret").textContent({ timeout: 5_000 })) ?? "";
    expect(key).not.toBe("");
    expect(await copy("pre#secret")).toBe("Copied");
    expect(await clipboard()).toBe(key);
    expect(await look("api-key")).toEqual([
      { violations: [], sideways: false },
      { violations: [], sideways: false },
    ]);
  });

  test("on the Slack settings, each Copy button names the value it copies, and Enter copies it", async () => {
    await page.goto(`${server.url}/settings/slack`);
    const names = await page.locator("main button.copy").evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label")));
    expect(names).toEqual([
      "Copy: The Slack app's manifest",
      "Copy: Slash command /retour",
      "Copy: Interactivity (the Send to Retour shortcut)",
      "Copy: Events",
    ]);
    const events = page.getByRole("button", { name: "Copy: Events", exact: true });
    await events.focus();
    await page.keyboard.press("Enter");
    await page.locator("main .copy-row").last().getByRole("status").filter({ hasText: "Copied" }).waitFor({ timeout: 5_000 });
    expect(await clipboard()).toBe((await page.locator("main pre").last().textContent()) ?? "");
    expect(await clipboard()).toContain("/integrations/slack/events");
    await saveScreenshot(page, "copy-slack-focus-1280", { fullPage: false });
  });

  test("where the clipboard is missing (plain http), Copy selects the value and says to press Ctrl+C, in French too", async () => {
    const bare = await (
      await browser.newContext({ viewport: { width: 390, height: 900 }, storageState: await page.context().storageState() })
    ).newPage();
    // As on a page served over plain http from another machine, which is not a secure context.
    await bare.addInitScript(() => Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined }));
    await bare.goto(`${server.url}/language?to=fr&next=${encodeURIComponent(`/settings/apps/${server.demo.appId}/widget`)}`);
    const row = bare.locator("main pre.snippet + .copy-row");
    await row.getByRole("button", { name: "Copier", exact: true }).click({ timeout: 5_000 });
    await row.getByRole("status").filter({ hasText: /./ }).waitFor({ timeout: 5_000 });
    expect(await row.getByRole("status").textContent()).toBe("Appuyez sur Ctrl+C (⌘C sur Mac) pour copier");
    // The selection as Ctrl+C copies it: the snippet but its last line's end.
    expect(await bare.evaluate(() => getSelection()?.toString())).toBe(embedSnippet(server.url, server.demo.widgetKey).trimEnd());
    await saveScreenshot(bare, "copy-by-hand-fr-390");
    await bare.context().close();
  });
});
