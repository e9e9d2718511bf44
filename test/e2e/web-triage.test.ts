import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { scrollsSideways, seriousViolations } from "../support/axe.ts";
import { chromiumPresent, closeContexts, saveScreenshot, sharedChromium, signedInPage, focusReaches } from "../support/chromium.ts";
import { operatorGrant } from "../../core/authorization.ts";
import { setTagColor } from "../../core/triage/set-tag-color.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { get, patch, post } from "../support/server.ts";
import { waitFor } from "../support/wait.ts";

const present = chromiumPresent("triage browser tests");

let server: Served;
let browser: Browser;
let page: Page;

const WIDTHS = [1280, 390] as const;

/** The page as it is now, at a width: its screenshot saved to look at, and what is wrong with it (axe's serious violations, sideways scrolling). */
async function look(on: Page, name: string, width: number) {
  await on.setViewportSize({ width, height: 900 });
  await saveScreenshot(on, `${name}-${width}`);
  return { name, width, violations: await seriousViolations(on), sideways: await scrollsSideways(on) };
}
const fine = (name: string, width: number) => ({ name, width, violations: [], sideways: false });

/** A new feedback, by its key. */
const report = async (message: string): Promise<string> =>
  (await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "problem", message })).body.ticketId;
const feedback = async (key: string) => (await get(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.member)).body;
/** The inbox's row of a feedback. */
const row = (key: string) => page.locator("table.cards tbody tr", { has: page.locator(`a[href="/inbox/${key}"]`) });

describe.skipIf(!present)("triage in the inbox and on the feedback page, in Chromium at 1280 and 390 px", () => {
  beforeAll(async () => {
    server = await serveInProcess();
    browser = await sharedChromium();
    page = await signedInPage(browser, server.url, server.demo.users.member);
  });
  afterEach(() => closeContexts(browser, page));
  afterAll(async () => {
    await closeContexts(browser);
    await server?.stop();
  });

  for (const width of WIDTHS) {
    test(`at ${width} px: by keyboard, tick two rows, choose a status, apply; each shows its new status`, async () => {
      const a = await report(`Keyboard ${width}: the invoice total ignores the discount code`);
      const b = await report(`Keyboard ${width}: password reset e-mail never arrives`);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/inbox`);
      // The list's export is at hand at this width too (what it downloads: test/adapters/http/inbox-export-link.test.ts).
      expect(await page.getByRole("link", { name: "Export CSV" }).isVisible()).toBe(true);
      for (const key of [a, b]) {
        await page.getByRole("checkbox", { name: `Select ${key}` }).focus();
        await page.keyboard.press("Space");
        expect(await page.getByRole("checkbox", { name: `Select ${key}` }).isChecked()).toBe(true);
      }
      await page.getByLabel("New status", { exact: true }).focus();
      await page.keyboard.type("Prioritized");
      expect(await page.getByLabel("New status", { exact: true }).inputValue()).toBe("prioritized");
      await page.getByRole("button", { name: "Apply to the selected" }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(/bulk=/);
      expect(await page.getByRole("status").textContent()).toBe("Applied to 2 feedbacks.");
      for (const key of [a, b]) {
        expect(await row(key).locator(".badge").filter({ hasText: "Prioritized" }).count()).toBe(1);
        expect((await feedback(key)).status).toBe("prioritized");
      }
      expect(await look(page, "triage-bulk-keyboard", width)).toEqual(fine("triage-bulk-keyboard", width));
    });

    test(`at ${width} px: by mouse, tick two rows, choose an owner and a tag, apply; each shows its owner and its tag`, async () => {
      const a = await report(`Mouse ${width}: the calendar export has the wrong time zone`);
      const b = await report(`Mouse ${width}: uploading a logo crops it badly`);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/inbox`);
      await page.getByRole("checkbox", { name: `Select ${a}` }).check();
      await page.getByRole("checkbox", { name: `Select ${b}` }).check();
      await page.getByLabel("New owner").selectOption("member@demo.test");
      await page.getByLabel("Add tags (commas between)").fill(`mouse-${width}`);
      await page.getByRole("button", { name: "Apply to the selected" }).click();
      await page.waitForURL(/bulk=/);
      expect(await page.getByRole("status").textContent()).toBe("Applied to 2 feedbacks.");
      for (const key of [a, b]) {
        expect(await row(key).locator(".chip").allTextContents()).toEqual([`mouse-${width}`]);
        expect(await feedback(key)).toMatchObject({ owner: "member@demo.test", tags: [`mouse-${width}`] });
      }
      // The inbox with owners and tag chips in its rows, looked at as it is now (screenshot, axe, sideways).
      expect(await look(page, "triage-bulk-mouse", width)).toEqual(fine("triage-bulk-mouse", width));
    });

    test(`at ${width} px: a bulk change refused (a due date both given and removed) says why in a row of its own above the fields, which keep their places`, async () => {
      const key = await report(`Refused ${width}: the receipt shows yesterday's date`);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/inbox`);
      const status = page.getByLabel("New status", { exact: true });
      const before = await status.boundingBox();
      await page.getByRole("checkbox", { name: `Select ${key}` }).check();
      await page.getByLabel("New due date").fill("2026-12-24");
      await page.getByLabel("Remove the due date").check();
      await page.getByRole("button", { name: "Apply to the selected" }).click();
      const refusal = page.locator("#bulk-refused");
      await refusal.waitFor();
      // The field it names has the focus, and the refusal, its description, is read with it.
      await focusReaches(page, '[aria-describedby~="bulk-refused"]');
      const [box, form, after] = await Promise.all([refusal.boundingBox(), page.locator("#bulk").boundingBox(), status.boundingBox()]);
      expect(box!.width).toBeCloseTo(form!.width, 0);
      expect(after!.y).toBeGreaterThan(box!.y + box!.height);
      expect([after!.x, after!.width]).toEqual([before!.x, before!.width]);
      expect(await look(page, "triage-bulk-refused", width)).toEqual(fine("triage-bulk-refused", width));
    });
  }

  test("on a phone, on the feedback page, the owner, severity and tags are edited in place; the tags show as coloured chips, and the page it leads to is right at 1280 and 390 px", async () => {
    // Edited on a phone, where the form is hardest to reach; the page it leads to is looked at at both widths.
    const width = 390;
    // A tag the organization has, coloured in Settings → Tags (the colour form itself: test/adapters/http/web-tag-colors.test.ts).
    const holder = await report("Tagged: the search field is hidden on phones");
    await patch(`${server.url}/v1/feedbacks/${holder}`, server.demo.tokens.member, { tags: ["mobile"] });
    expect(await setTagColor(server.services, operatorGrant(server.demo.orgId), { name: "mobile", color: "purple" })).toEqual({
      ok: true,
      value: null,
    });
    const key = await report("In place: the mobile menu hides the search field");
    // The page is opened once the assistant has triaged the report: a field it set after the page
    // was shown would hold the save back (the conflict itself: test/adapters/http/web-triage.test.ts).
    await waitFor(
      "the assistant's triage",
      () => feedback(key),
      (f) => f.severity !== undefined,
    );
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${server.url}/inbox/${key}`);
    await page.getByLabel("Owner", { exact: true }).selectOption("member@demo.test");
    await page.getByLabel("Severity", { exact: true }).selectOption("P1");
    await page.getByLabel("Tags", { exact: true }).fill("mobile, search");
    await page.getByRole("button", { name: "Update the triage" }).click();
    await page.waitForURL(/\?triaged(&.*)?$/);
    // The notice has the focus, so it is read first (an address's #fragment would hold back its autofocus).
    await focusReaches(page, "[role=status]");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Triage saved.");
    expect(await feedback(key)).toMatchObject({ owner: "member@demo.test", severity: "P1", tags: ["mobile", "search"] });
    const chip = page.locator("p.tags .chip").filter({ hasText: "mobile" });
    expect(await chip.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(76, 29, 149)");
    for (const at of WIDTHS) expect(await look(page, "triage-in-place", at)).toEqual(fine("triage-in-place", at));

    await page.goto(`${server.url}/settings/tags`);
    expect(await page.getByLabel("Colour — mobile").inputValue()).toBe("purple");
    for (const at of WIDTHS) expect(await look(page, "settings-tags", at)).toEqual(fine("settings-tags", at));
    // In French, on a phone, each row's buttons stay within its card, however long their words.
    await page.goto(`${server.url}/language?to=fr&next=/settings/tags`);
    await page.setViewportSize({ width: 390, height: 900 });
    const overflowing = await page.$$eval("table.tags tr", (rows) =>
      rows.flatMap((row) => {
        const card = row.getBoundingClientRect();
        return [...row.querySelectorAll("button, select, input:not([type=hidden])")]
          .filter((control) => control.getBoundingClientRect().right > card.right + 0.5)
          .map((control) => control.textContent || control.getAttribute("name"));
      }),
    );
    expect(await look(page, "settings-tags-fr", 390)).toEqual(fine("settings-tags-fr", 390));
    await page.goto(`${server.url}/language?to=en&next=/settings/tags`);
    expect(overflowing).toEqual([]);
  });
  test("on a phone, Settings → Tags renames a tag, merging it into one the organization has; a refused name is said under its field; both pages right at 1280 and 390 px", async () => {
    // The page's refusals and merges themselves: test/adapters/http/web-tag-rename.test.ts.
    const both = await report("Renamed: the checkout refuses a saved card");
    await patch(`${server.url}/v1/feedbacks/${both}`, server.demo.tokens.member, { tags: ["checkout", "Payments"] });
    const one = await report("Renamed: a refund shows as a payment");
    await patch(`${server.url}/v1/feedbacks/${one}`, server.demo.tokens.member, { tags: ["payment"] });
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`${server.url}/settings/tags`);
    const field = page.getByLabel("New name — payment", { exact: true });
    const button = page.getByRole("row").filter({ has: field }).getByRole("button", { name: "Rename" });
    await field.fill("payments, refunds");
    await button.click();
    await page.waitForLoadState();
    const refused = page.getByLabel("New name — payment", { exact: true });
    expect(await refused.inputValue()).toBe("payments, refunds");
    expect(await refused.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByRole("alert").textContent()).toBe("New name: expected a non-empty text of at most 40 characters without a comma.");
    for (const at of WIDTHS) expect(await look(page, "settings-tags-refused", at)).toEqual(fine("settings-tags-refused", at));
    await page.setViewportSize({ width: 390, height: 900 });
    await refused.fill("payments");
    await page.getByRole("row").filter({ has: refused }).getByRole("button", { name: "Rename" }).click();
    await page.waitForURL(/\/settings\/tags$/);
    expect(await page.getByRole("status").textContent()).toBe("“payment” is merged into “Payments”, on 1 feedback.");
    // What was done is read first: the notice has the focus on arrival (its ring in the screenshots below).
    await focusReaches(page, "[role=status]");
    expect([(await feedback(both)).tags, (await feedback(one)).tags]).toEqual([["checkout", "Payments"], ["Payments"]]);
    for (const at of WIDTHS) expect(await look(page, "settings-tags-renamed", at)).toEqual(fine("settings-tags-renamed", at));
  });
});
