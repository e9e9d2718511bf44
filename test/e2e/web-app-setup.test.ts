import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { scrollsSideways, seriousViolations } from "../support/axe.ts";
import { chromiumPresent, closeContexts, saveScreenshot, sharedChromium, signedInPage } from "../support/chromium.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";

/**
 * A new app's first set-up, as an Admin meets it in Chromium: its Channels tab with the ways
 * feedback arrives, a channel made in one click, then the Apps page with several apps (with one,
 * web-accessibility.test.ts looks at it). Each state is looked at once per width (1280 and 390
 * px): a screenshot, axe-core, nothing scrolling sideways, and its layout.
 */
const present = chromiumPresent("app set-up tests");

let server: Served;
let browser: Browser;
let page: Page;

interface Look {
  readonly violations: string[];
  readonly sideways: boolean;
  readonly layout: unknown;
}
type Width = 1280 | 390;
/** What each state showed, by name, then width. */
const seen = new Map<string, Record<Width, Look>>();

/** The page as it is now at both widths, 1280 px first: screenshot, axe, sideways scroll, and what `layout` measures. */
async function look(name: string, layout: (width: number) => Promise<unknown> = async () => null) {
  const found = {} as Record<Width, Look>;
  for (const width of [1280, 390] as const) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreenshot(page, `app-setup-${name}-${width}`);
    found[width] = {
      violations: (await seriousViolations(page)).map((v) => v.id),
      sideways: await scrollsSideways(page),
      layout: await layout(width),
    };
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  seen.set(name, found);
}

/** The tops and widths of what `selector` finds in `main`, to tell a row from a column. */
interface Box {
  readonly top: number;
  readonly bottom: number;
  readonly middle: number;
  readonly width: number;
}
const boxes = (selector: string): Promise<Box[]> =>
  page.locator(`main ${selector}`).evaluateAll((found) =>
    found.map((e) => {
      const box = e.getBoundingClientRect();
      return {
        top: Math.round(box.top),
        bottom: Math.round(box.bottom),
        middle: Math.round((box.top + box.bottom) / 2),
        width: Math.round(box.width),
      };
    }),
  );

/** Creates an app with the Apps page's form, which leads to its Channels tab. */
async function createApp(name: string, words: { name: string; create: string }) {
  await page.goto(`${server.url}/settings/apps`);
  await page.getByLabel(words.name, { exact: true }).fill(name);
  await Promise.all([page.waitForURL(/\/channels$/), page.getByRole("button", { name: words.create, exact: true }).click()]);
}

/** Clicks a way's button; its page, the same address, is back once it has a channel to list. */
async function oneClick(button: string) {
  await page.getByRole("button", { name: button }).click();
  await page.locator("main table.channels").waitFor();
}

describe.skipIf(!present)("an app's first set-up in Chromium, at 1280 and 390 px", () => {
  beforeAll(async () => {
    server = await serveInProcess();
    browser = await sharedChromium();
    page = await signedInPage(browser, server.url, server.demo.users.admin);

    await createApp("Shop", { name: "Name", create: "Create" });
    await look("created", async () => ({ ways: await boxes(".ways li"), lines: await boxes(".ways p"), buttons: await boxes(".ways button") }));

    await oneClick("Create an API key");
    await look("api-key", async () => ({ select: await boxes(".add-row select"), button: await boxes(".add-row button") }));

    await page.getByRole("link", { name: "Français" }).click();
    // In French, the new app's ways are those above in other words (test/adapters/http/settings-app-setup.test.ts reads them).
    await createApp("Boutique", { name: "Nom", create: "Créer" });
    await oneClick("Créer un lien de formulaire");
    await look("form-fr");
    await page.goto(`${server.url}/settings/apps`);
    await look("apps-several-fr");
  }, 60_000);
  afterAll(async () => {
    await closeContexts(browser);
    await server?.stop();
  });

  test("each state is accessible and nothing scrolls sideways, at either width", () => {
    const faults = [...seen].flatMap(([name, at]) =>
      Object.entries(at).flatMap(([width, { violations, sideways }]) =>
        violations.length > 0 || sideways ? [{ name, width, violations, sideways }] : [],
      ),
    );
    expect([...seen.keys()]).toEqual(["created", "api-key", "form-fr", "apps-several-fr"]);
    expect(faults).toEqual([]);
  });

  test("the ways of a new app each hold their Create button: beside their line on a wide screen, under it on a phone", () => {
    const at = (width: Width) => seen.get("created")![width].layout as { ways: Box[]; lines: Box[]; buttons: Box[] };
    for (const width of [1280, 390] as const) {
      const { ways, buttons } = at(width);
      expect(ways).toHaveLength(3);
      expect(buttons.every((b, i) => b.top >= ways[i]!.top && b.bottom <= ways[i]!.bottom)).toBe(true);
    }
    const { lines: wideLines, buttons: wideButtons } = at(1280);
    expect(wideButtons.every((b, i) => b.top < wideLines[i]!.bottom)).toBe(true);
    // Beside, each the width of the widest: they line up.
    expect(new Set(wideButtons.map((b) => b.width)).size).toBe(1);
    const { lines: phoneLines, buttons: phoneButtons } = at(390);
    expect(phoneButtons.every((b, i) => b.top >= phoneLines[i]!.bottom)).toBe(true);
  });

  test("with a channel, Add a channel is one row: its select sized to its options, its button beside it", () => {
    for (const width of [1280, 390] as const) {
      const { select, button } = seen.get("api-key")![width].layout as { select: Box[]; button: Box[] };
      expect(select[0]!.middle, `${width}`).toBe(button[0]!.middle);
      expect(select[0]!.width, `${width}`).toBeLessThan(320);
    }
  });
});
