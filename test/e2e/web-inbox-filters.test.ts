import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { importFeatures } from "../../core/apps/import-features.ts";
import { operatorGrant } from "../../core/authorization.ts";
import { updateFeedback } from "../../core/triage/update-feedback.ts";
import { scrollsSideways, seriousViolations } from "../support/axe.ts";
import { chromiumPresent, closeContexts, saveScreenshot, sharedChromium, signedInPage } from "../support/chromium.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { post } from "../support/server.ts";

const present = chromiumPresent("inbox filters browser tests");

let server: Served;
let browser: Browser;
const WIDTHS = [1280, 390] as const;
/** The feedback whose row carries the tags, and the one beside it. */
let tagged: string;
let mobileLogin: string;

/** The page as it is now, at a width: its screenshot saved to look at, and what is wrong with it (axe's serious violations, sideways scrolling). */
async function look(on: Page, name: string, width: number) {
  await on.setViewportSize({ width, height: 900 });
  await saveScreenshot(on, `${name}-${width}`);
  return { name, width, violations: await seriousViolations(on), sideways: await scrollsSideways(on) };
}
const fine = (name: string, width: number) => ({ name, width, violations: [], sideways: false });
/** The filters, folded on a phone until one is in use (in the row on a wider screen), unfolded to be seen. */
async function unfold(on: Page): Promise<void> {
  const summary = on.locator("details.more-filters > summary");
  if (await summary.isVisible()) await summary.click();
}

describe.skipIf(!present)("the inbox's Feature filter and tag links in Chromium at 1280 and 390 px", () => {
  beforeAll(async () => {
    server = await serveInProcess();
    const { demo } = server;
    const grant = operatorGrant(demo.orgId);
    const mobile = /app (\S+)/.exec(await server.cli("app", "create", "DEMO", "Application mobile Android"))![1]!;
    const mobileKey = (await server.cli("channel", "create", "DEMO", mobile, "--kind", "api")).trim();
    const map = [
      { id: "m-login", name: "Connexion", path: "compte/connexion" },
      { id: "m-settings", name: "Réglages", path: "compte/reglages" },
      { id: "m-settings-app", name: "Réglages", path: "application/reglages" },
    ];
    expect((await importFeatures(server.services, grant, mobile, map)).ok).toBe(true);
    const send = async (publicKey: string, message: string) =>
      (await post(`${server.url}/v1/reports`, { publicKey, kind: "problem", message })).body.ticketId;
    for (let i = 0; i < 4; i++) await send(demo.publicKey, `Le tableau de bord numéro ${i} charge lentement`);
    mobileLogin = await send(mobileKey, "Le bouton de connexion est caché par le clavier");
    expect((await updateFeedback(server.services, grant, mobileLogin, { featureId: "m-login" })).ok).toBe(true);
    tagged = await send(demo.publicKey, "Le total de la facture ignore le code promotionnel");
    const triage = {
      tags: ["facturation", "paiement-mobile", "priorité-client"],
      featureId: demo.featureId,
      owner: "member@demo.test",
      dueAt: "2026-01-02",
    };
    expect((await updateFeedback(server.services, grant, tagged, triage)).ok).toBe(true);
    browser = await sharedChromium();
  });
  afterEach(() => closeContexts(browser));
  afterAll(async () => {
    await closeContexts(browser);
    await server?.stop();
  });

  test("the Feature filter, unfolded, in English and in French: fits, scrolls sideways nowhere, no serious violation; a feature chosen with no app filters the list", async () => {
    const seen = [];
    for (const language of ["en", "fr"] as const) {
      const page = await signedInPage(browser, server.url, server.demo.users.member);
      if (language === "fr") {
        await page.getByRole("link", { name: "Français" }).click();
        await page.getByRole("heading", { name: "Boîte de réception" }).waitFor();
      }
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await unfold(page);
        seen.push(await look(page, `inbox-feature-filter-${language}`, width));
      }
    }
    expect(seen).toEqual(["en", "fr"].flatMap((language) => WIDTHS.map((width) => fine(`inbox-feature-filter-${language}`, width))));
    const page = await signedInPage(browser, server.url, server.demo.users.member);
    // At 1280 px the Feature filter joins the first row of filters, not a row of its own: the form keeps its two rows.
    const tops = await page.locator("form[role=search] label").evaluateAll((labels) => labels.map((l) => Math.round(l.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(2);
    await page.getByLabel("Feature").selectOption({ label: "Connexion" });
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await page.waitForURL(/featureId=m-login/);
    expect(await page.locator("table.cards tbody tr td.key a").allTextContents()).toEqual([mobileLogin]);
  });

  test("on a phone, with tag chips as links in a row: j reaches the row's key, x ticks it, Enter opens the feedback; a chip leads to the list with its tag; both looked at at 390 and 1280 px", async () => {
    const page = await signedInPage(browser, server.url, server.demo.users.member);
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`${server.url}/inbox?kind=problem`);
    // The tagged feedback is the most recent: the first row.
    await page.keyboard.press("j");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(tagged);
    await page.keyboard.press("x");
    expect(await page.locator("input[name=keys]").first().isChecked()).toBe(true);
    // A chip as a link reads as the chip it was, not in the bold of the title's link: in a card, the card title's weight; in the table, regular.
    const chip = page.getByRole("link", { name: "facturation" }).first();
    expect(await chip.evaluate((a) => getComputedStyle(a).fontWeight)).toBe("600");
    for (const width of WIDTHS) expect(await look(page, "inbox-tag-links", width)).toEqual(fine("inbox-tag-links", width));
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await chip.evaluate((a) => getComputedStyle(a).fontWeight)).toBe("400");
    await page.setViewportSize({ width: 390, height: 900 });
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`/inbox/${tagged}$`));
    await page.goBack();
    await page.getByRole("link", { name: "paiement-mobile" }).first().click();
    await page.waitForURL(/tag=paiement-mobile/);
    expect(new URL(page.url()).search).toBe("?kind=problem&tag=paiement-mobile");
    expect(await page.locator("table.cards tbody tr td.key a").allTextContents()).toEqual([tagged]);
    for (const width of WIDTHS) expect(await look(page, "inbox-tag-filtered", width)).toEqual(fine("inbox-tag-filtered", width));
  });
});
