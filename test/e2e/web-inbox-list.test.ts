import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { operatorGrant } from "../../core/authorization.ts";
import { changeStatus } from "../../core/feedback/change-status.ts";
import { updateFeedback } from "../../core/triage/update-feedback.ts";
import { scrollsSideways, seriousViolations } from "../support/axe.ts";
import { chromiumPresent, closeContexts, focusReaches, saveScreenshot, sharedChromium, signedInPage } from "../support/chromium.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { post } from "../support/server.ts";

const present = chromiumPresent("inbox list browser tests");

let server: Served;
let browser: Browser;
let page: Page;

const WIDTHS = [1280, 390] as const;
/** What a team writes about, in French: long words, as the French inbox shows them. */
const SUBJECTS = [
  "Le paiement par carte échoue sur Safari",
  "La recherche ne trouve rien pour les parapluies",
  "Exporter les factures en PDF donne une page blanche",
  "Le mot de passe oublié n'envoie aucun courriel",
  "Ajouter un thème sombre au tableau de bord",
  "L'application plante au démarrage sur Android",
  "Synchroniser les réservations avec Google Agenda",
  "Le bouton de connexion est caché par le clavier",
  "Les notifications arrivent en double le matin",
  "Le fuseau horaire des exports de calendrier est faux",
  "Téléverser un logo le rogne mal",
  "Impossible de changer la langue de l'interface",
  "La carte ne charge pas en mode hors ligne",
  "Les filtres de la liste se réinitialisent au retour",
  "Proposer un export des contacts au format vCard",
  "Le total de la facture ignore le code promotionnel",
  "La vidéo de présentation ne se lance pas sur iPhone",
  "Le menu mobile cache le champ de recherche",
  "Pouvoir épingler des projets en haut de la liste",
  "Le graphique des ventes affiche des valeurs négatives",
  "La page de paiement met vingt secondes à charger",
  "Les pièces jointes de plus de dix mégaoctets sont refusées",
];

/** The page as it is now, at a width: its screenshot saved to look at, and what is wrong with it (axe's serious violations, sideways scrolling). */
async function look(on: Page, name: string, width: number) {
  await on.setViewportSize({ width, height: 900 });
  await saveScreenshot(on, `${name}-${width}`);
  return { name, width, violations: await seriousViolations(on), sideways: await scrollsSideways(on) };
}
const fine = (name: string, width: number) => ({ name, width, violations: [], sideways: false });
/** The row checkboxes of the page, ticked or not. */
const ticked = (on: Page) => on.locator("input[name=keys]").evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).checked));
const selectAll = (on: Page) => on.getByRole("checkbox", { name: "Select all on this page" });

describe.skipIf(!present)("the inbox's list in Chromium at 1280 and 390 px: select all, and the table in French with several apps", () => {
  beforeAll(async () => {
    server = await serveInProcess();
    const { demo } = server;
    // Two more apps, of long French names: the app is named in each row.
    const made = await server.cli("app", "create", "DEMO", "Application mobile Android");
    const mobile = /app (\S+)/.exec(made)![1]!;
    const mobileKey = (await server.cli("channel", "create", "DEMO", mobile, "--kind", "api")).trim();
    await server.cli("app", "create", "DEMO", "Tableau de bord administrateur");
    // A member of the longest name a person may give (100 characters): one of the owner filter's choices.
    await server.cli(
      "user",
      "create",
      "long.name@demo.test",
      "--name",
      "Marie-Dominique ".repeat(7).slice(0, 100),
      "--org",
      "DEMO",
      "--role",
      "member",
    );
    const keys: string[] = [];
    for (const [i, subject] of SUBJECTS.entries()) {
      const report = await post(`${server.url}/v1/reports`, {
        publicKey: i % 2 ? mobileKey : demo.publicKey,
        kind: i % 3 ? "problem" : "idea",
        message: subject,
      });
      expect(report.status).toBe(201);
      keys.push(report.body.ticketId);
    }
    // The widest row there is: in development, tagged, of a feature, owned, overdue.
    const grant = operatorGrant(demo.orgId);
    const widest = keys.at(-1)!;
    expect((await changeStatus(server.services, grant, widest, { status: "in_development" })).ok).toBe(true);
    const triage = { owner: "member@demo.test", dueAt: "2026-01-02", tags: ["paiement", "mobile"], featureId: demo.featureId };
    expect((await updateFeedback(server.services, grant, keys.at(-2)!, triage)).ok).toBe(true);
    browser = await sharedChromium();
    page = await signedInPage(browser, server.url, demo.users.member);
  });
  afterEach(() => closeContexts(browser, page));
  afterAll(async () => {
    await closeContexts(browser);
    await server?.stop();
  });

  test("in French with several apps, the list fits the page at 1280 px, its table scrolling sideways nowhere, and stays cards that fit at 390 px", async () => {
    // A page of its own, as the French it is switched to stays with the person.
    const french = await signedInPage(browser, server.url, server.demo.users.member);
    await french.getByRole("link", { name: "Français" }).click();
    await french.getByRole("heading", { name: "Boîte de réception" }).waitFor();
    const seen = [];
    for (const width of WIDTHS) {
      const looked = await look(french, "inbox-several-apps-fr", width);
      const table = await french.locator(".scroll").evaluate((box) => ({ fits: box.scrollWidth <= box.clientWidth }));
      seen.push({ ...looked, table });
    }
    expect(seen).toEqual(WIDTHS.map((width) => ({ ...fine("inbox-several-apps-fr", width), table: { fits: true } })));
    // And the titles, what a row is about, keep room to be read at 1280 px: at least 14rem, where they had 11.
    await french.setViewportSize({ width: 1280, height: 900 });
    const title = await french
      .locator("table.cards thead th")
      .nth(1)
      .evaluate((th) => th.getBoundingClientRect().width / 16);
    expect(title).toBeGreaterThanOrEqual(14);
    // The owner filter keeps its place among the others however long a member's name: on a row it shares.
    const rowOf = (label: string) =>
      french.locator(".filters > div, details.more-filters > div", { has: french.getByLabel(label, { exact: true }) }).evaluate((div) => {
        const box = div.getBoundingClientRect();
        return { top: Math.round(box.top), width: Math.round(box.width) };
      });
    const [owner, due] = [await rowOf("Responsable"), await rowOf("Échéance")];
    expect(owner.top).toBe(due.top);
    expect(owner.width).toBeLessThan(1280 / 3);
  });

  for (const width of WIDTHS) {
    test(`at ${width} px, by keyboard: select all ticks every row of the page and says how many; one row unticked leaves it mixed; again, none; j still moves through the rows`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/inbox`);
      const rows = await page.locator("input[name=keys]").count();
      expect(rows).toBe(20);
      await selectAll(page).focus();
      await page.keyboard.press("Space");
      expect(await ticked(page)).toEqual(Array(rows).fill(true));
      expect(await page.locator("#bulk-title .bulk-count").textContent()).toBe(`(${rows} ticked)`);
      await page.locator("input[name=keys]").nth(3).click();
      expect(await selectAll(page).evaluate((box: HTMLInputElement) => [box.checked, box.indeterminate])).toEqual([false, true]);
      await selectAll(page).focus();
      await page.keyboard.press("Space");
      expect(await ticked(page)).toEqual(Array(rows).fill(true));
      expect(await look(page, "inbox-select-all", width)).toEqual(fine("inbox-select-all", width));
      await selectAll(page).focus();
      await page.keyboard.press("Space");
      expect(await ticked(page)).toEqual(Array(rows).fill(false));
      expect(await page.locator("#bulk-title .bulk-count").textContent()).toBe("");
      // The keys of the list work from the head's checkbox: j goes to the first row.
      await page.keyboard.press("j");
      expect(await page.evaluate(() => document.activeElement?.closest("tr")?.classList.contains("current"))).toBe(true);
    });
  }

  test("rows ticked, the link above the list to the bulk form says how many, as the form's title does", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/inbox`);
    await page.locator("input[name=keys]").nth(0).check();
    await page.locator("input[name=keys]").nth(2).check();
    expect(await page.locator(".bulk-jump a").textContent()).toBe("Change the selected feedbacks (2 ticked) ↓");
  });

  /**
   * The element with the focus: its id, its outline as drawn (none when the style shows no focus), and
   * whether the outline's top edge (3 px, 2 px off the element) is in the window, not scrolled past.
   */
  const focused = (on: Page) =>
    on.evaluate(() => {
      const at = document.activeElement!;
      const style = getComputedStyle(at);
      const outline = style.outlineStyle === "none" ? "none" : `${style.outlineStyle} ${style.outlineWidth}`;
      return { id: at.id, outline, topInView: at.getBoundingClientRect().top >= 5 };
    });

  for (const width of WIDTHS) {
    test(`at ${width} px, Enter on the link above the list to the bulk form leaves the focus, outlined, on the form's title, whence Tab reaches New status; a click outlines nothing`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/inbox`);
      await page.locator(".bulk-jump a").focus();
      await page.keyboard.press("Enter");
      await focusReaches(page, "#bulk-title");
      expect(await focused(page)).toEqual({ id: "bulk-title", outline: "solid 3px", topInView: true });
      await saveScreenshot(page, `inbox-jump-to-bulk-form-${width}`, { fullPage: false });
      await page.keyboard.press("Tab");
      await focusReaches(page, "#bulk-status");
      await page.goto(`${server.url}/inbox`);
      await page.locator(".bulk-jump a").click();
      await focusReaches(page, "#bulk-title");
      expect(await focused(page)).toEqual({ id: "bulk-title", outline: "none", topInView: true });
    });
  }

  test("on a phone, Enter on the link past the views, tabs and filters leaves the focus, outlined, on the list, whence Tab reaches the list's first link (to the bulk form); a tap outlines nothing", async () => {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`${server.url}/inbox`);
    await page.locator(".to-actions a").focus();
    await page.keyboard.press("Enter");
    await focusReaches(page, "#list");
    expect(await focused(page)).toEqual({ id: "list", outline: "solid 3px", topInView: true });
    await saveScreenshot(page, "inbox-jump-to-list-390", { fullPage: false });
    await page.keyboard.press("Tab");
    await focusReaches(page, "#list .bulk-jump a");
    await page.goto(`${server.url}/inbox`);
    await page.locator(".to-actions a").click();
    await focusReaches(page, "#list");
    expect(await focused(page)).toEqual({ id: "list", outline: "none", topInView: true });
  });

  test("select all, then a change applied: every feedback of the page changes, those of the next page do not; the whole list ticked, they do too", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/inbox`);
    await selectAll(page).check();
    await page.getByLabel("New owner").selectOption("admin@demo.test");
    await page.getByRole("button", { name: "Apply to the selected" }).click();
    await page.waitForURL(/bulk=/);
    expect(await page.getByRole("status").textContent()).toBe("Applied to 20 feedbacks.");
    await page.goto(`${server.url}/inbox?owner=admin%40demo.test`);
    expect(await page.locator("input[name=keys]").count()).toBe(20);
    // The page all ticked, the line above the list offers the whole list, which the bulk form then applies to.
    await page.goto(`${server.url}/inbox`);
    await selectAll(page).check();
    const offer = page.getByRole("button", { name: /^Tick all \d+ of this list$/ });
    const total = Number(/\d+/.exec((await offer.textContent())!)![0]);
    expect(total).toBeGreaterThan(20);
    for (const width of WIDTHS) expect(await look(page, "inbox-whole-list", width)).toEqual(fine("inbox-whole-list", width));
    await offer.click();
    expect(await page.locator(".list-scope-note").textContent()).toBe(`Applies to ${total} feedbacks of this list`);
    // The count beside the bulk form's title says the same number as the note, not the page's 20.
    expect(await page.locator("#bulk-title .bulk-count").textContent()).toBe(`(${total} ticked)`);
    await page.getByLabel("Add tags (commas between)").fill("whole-list");
    await page.getByRole("button", { name: "Apply to the selected" }).click();
    await page.waitForURL(/bulk=/);
    expect(await page.getByRole("status").textContent()).toBe(`Applied to ${total} feedbacks.`);
    await page.goto(`${server.url}/inbox?tag=whole-list`);
    expect(await page.getByRole("link", { name: `Open (${total})` }).count()).toBe(1);
  });

  test("in French, the line offering the whole list; a row unticked, the bulk form is back to the rows ticked", async () => {
    const french = await signedInPage(browser, server.url, server.demo.users.member);
    await french.getByRole("link", { name: "Français" }).click();
    await french.getByRole("heading", { name: "Boîte de réception" }).waitFor();
    await french.getByRole("checkbox", { name: "Tout sélectionner sur cette page" }).check();
    await french.getByRole("button", { name: /^Cocher les \d+ de cette liste$/ }).click();
    // Looked at where French is likeliest not to fit; the English walk above looks at both widths.
    expect(await look(french, "inbox-whole-list-fr", 390)).toEqual(fine("inbox-whole-list-fr", 390));
    const scope = () => french.locator("#bulk input[name=list]").evaluate((field: HTMLInputElement) => field.disabled);
    expect(await scope()).toBe(false);
    await french.locator("input[name=keys]").first().uncheck();
    expect([await scope(), await french.locator(".list-scope").isVisible()]).toEqual([true, false]);
  });

  test("without JavaScript there is no select all (it could tick nothing); each row keeps its own checkbox, under the Key column's head", async () => {
    // Signed in as the walk's page is. A row ticked by hand, changed by the bulk form as such a page posts it: test/adapters/http/web-triage.test.ts.
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    await context.addCookies(await page.context().cookies());
    const bare = await context.newPage();
    await bare.goto(`${server.url}/inbox`);
    expect(await selectAll(bare).isVisible()).toBe(false);
    expect(await bare.getByRole("columnheader", { name: "Key", exact: true }).isVisible()).toBe(true);
    expect(await bare.locator("input[name=keys]").first().isVisible()).toBe(true);
    // axe-core needs the page's JavaScript: the page with it is checked above.
    await saveScreenshot(bare, "inbox-no-script-1280");
  });
});
