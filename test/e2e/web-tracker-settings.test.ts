import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { scrollsSideways, seriousViolations } from "../support/axe.ts";
import { chromiumPresent, closeContexts, saveScreenshot, sharedChromium, signedInPage } from "../support/chromium.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";

/** An app's Issue tracker tab, as an Admin connects GitHub there, in Chromium at 1280 and 390 px. */
const present = chromiumPresent("tracker settings tests");

let server: Served;
let browser: Browser;
let page: Page;

describe.skipIf(!present)("the Issue tracker tab in Chromium", () => {
  beforeAll(async () => {
    server = await serveInProcess({ env: { TRACKERS_ALLOW_PRIVATE: "true" } });
    browser = await sharedChromium();
    page = await signedInPage(browser, server.url, server.demo.users.admin);
  });
  afterAll(async () => {
    await closeContexts(browser);
    await server?.stop();
  });

  test("at 1280 and 390 px: saved while GitHub cannot be reached, the warning is boxed as a warning under the saved notice, the connection's error muted inside it", async () => {
    await page.goto(`${server.url}/settings/apps/${server.demo.appId}/tracker`);
    await page.getByLabel("Project").fill("acme/shop");
    await page.getByLabel("Token").fill("ghp_unchecked");
    await page.getByLabel("API address (optional)").fill("http://127.0.0.1:9");
    await page.getByRole("button", { name: "Check the token and save" }).click();
    const warning = page.locator('main .error[role="note"]');
    await warning.waitFor();
    // The page saved once, looked at at each width.
    for (const width of [1280, 390] as const) {
      await page.setViewportSize({ width, height: 900 });
      const [box, notice] = await Promise.all([warning.boundingBox(), page.locator("main .notice").boundingBox()]);
      expect(box!.y).toBeGreaterThan(notice!.y + notice!.height);
      expect(await warning.evaluate((e) => getComputedStyle(e).borderTopStyle)).toBe("solid");
      const detail = warning.locator(".detail");
      expect(await detail.evaluate((e) => getComputedStyle(e).color)).not.toBe(await warning.evaluate((e) => getComputedStyle(e).color));
      await saveScreenshot(page, `tracker-unchecked-${width}`);
      expect([width, await seriousViolations(page), await scrollsSideways(page)]).toEqual([width, [], false]);
    }
  });
});
