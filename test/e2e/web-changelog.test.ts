import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { scrollsSideways, seriousViolations } from "../support/axe.ts";
import { chromiumPresent, closeContexts, saveScreenshot, sharedChromium, signedInPage } from "../support/chromium.ts";
import { unsubscribeUrl } from "../../core/notify/unsubscribe-link.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { get, post } from "../support/server.ts";

const present = chromiumPresent("changelog and tracking page browser tests");

let server: Served;
let browser: Browser;
let page: Page;
let key: string;

const WIDTHS = [1280, 390] as const;
/** The flows run on a phone, where their controls are hardest to reach; each state they pass through is looked at at both widths. */
const PHONE = 390;

/**
 * The page as it is now, at each width once: its screenshot saved to look at, and what is wrong with it (axe's serious
 * violations, sideways scrolling). The page is left at the phone's width.
 */
async function look(on: Page, name: string) {
  const seen = [];
  for (const width of WIDTHS) {
    await on.setViewportSize({ width, height: 900 });
    await saveScreenshot(on, `${name}-${width}`);
    seen.push({ name, width, violations: await seriousViolations(on), sideways: await scrollsSideways(on) });
  }
  await on.setViewportSize({ width: PHONE, height: 900 });
  return seen;
}
const fine = (name: string) => WIDTHS.map((width) => ({ name, width, violations: [], sideways: false }));

describe.skipIf(!present)("the changelog editor and the tracking page's answer, in Chromium at 1280 and 390 px", () => {
  beforeAll(async () => {
    server = await serveInProcess();
    // The public changelog is a page of the portal: on here.
    await server.cli("portal", "enable", "DEMO");
    const created = await post(`${server.url}/v1/reports`, {
      publicKey: server.demo.publicKey,
      kind: "problem",
      message: "The checkout button does nothing on the payment page",
      user: { email: "ann@example.com", name: "Ann" },
    });
    key = created.body.ticketId;
    // Published on the portal: the public changelog names it under the entry that ships it.
    await post(`${server.url}/v1/feedbacks/${key}/publish`, { title: "Pay with one tap" }, { authorization: `Bearer ${server.demo.tokens.member}` });
    browser = await sharedChromium();
    page = await signedInPage(browser, server.url, server.demo.users.member);
  });
  afterEach(() => closeContexts(browser, page));
  afterAll(async () => {
    await closeContexts(browser);
    await server?.stop();
  });

  {
    const width = PHONE;
    test("on a phone, write an entry, preview it, find and link a feedback, publish it; each step looked at at 1280 and 390 px", async () => {
      // At 1280 px the Changelog link is in the side bar.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${server.url}/inbox`);
      await page.getByRole("link", { name: "Changelog" }).click();
      await page.waitForURL(/\/changelog$/);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/inbox`);
      await page.getByRole("link", { name: "Changelog" }).click();
      await page.getByRole("link", { name: "New entry" }).click();
      await page.getByLabel("Title").fill(`Checkout works again (${width})`);
      await page.getByLabel("Text").fill(
        // A line of code longer than any screen scrolls within its block, never the page.
        `The **Pay** button answers at once.\n\n- faster\n- [details](https://example.com/notes)\n\n<script>alert(1)</script>\n\n\`\`\`\ncurl -X POST https://pay.example/v2/charges?${"amount=100&".repeat(40)}\n\`\`\``,
      );
      await page.getByRole("button", { name: "Preview" }).click();
      expect(await page.locator(".preview strong").textContent()).toBe("Pay");
      expect(await page.locator(".preview").textContent()).toContain("<script>alert(1)</script>");
      expect(await look(page, "changelog-editor-preview")).toEqual(fine("changelog-editor-preview"));

      // Enter in the search field searches, as its button does; it saves nothing.
      await page.getByLabel("Find feedbacks").fill("checkout button");
      await page.getByLabel("Find feedbacks").press("Enter");
      await page.getByRole("button", { name: `Link ${key}` }).click();
      expect(await page.getByRole("status").textContent()).toBe("Draft saved.");
      await page.getByRole("button", { name: `Unlink ${key}` }).waitFor();
      expect(await look(page, "changelog-editor-draft")).toEqual(fine("changelog-editor-draft"));

      await page.getByRole("button", { name: "Publish", exact: true }).click();
      // Publishing cannot be undone: asked once more, with the entry as it will read.
      await page.getByRole("heading", { level: 1, name: /^Publish “.+”\?$/ }).waitFor();
      expect(await look(page, "changelog-publish-question")).toEqual(fine("changelog-publish-question"));
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      // Its feedback's reporter follows it; this server sends no e-mail, and says so, and where to see what would have gone.
      expect(await page.getByRole("status").textContent()).toBe(
        "Published. This service sends no e-mail (SMTP_URL is not set), so the one person who follows its feedbacks is not told: the server's log has a line for each e-mail instead.",
      );
      expect(await look(page, "changelog-published")).toEqual(fine("changelog-published"));

      await page.goto(`${server.url}/changelog`);
      expect(await look(page, "changelog-list")).toEqual(fine("changelog-list"));
      await page.getByRole("link", { name: "Public changelog" }).click();
      // The public page may be fresh in the browser's cache for 30 s (public, max-age=30): asked again, it is revalidated.
      await page.reload();
      await page.getByRole("heading", { level: 2, name: `Checkout works again (${width})` }).waitFor();
      expect(await page.locator(".shipped a").allTextContents()).toEqual(["Pay with one tap"]);
      expect(await look(page, "changelog-public")).toEqual(fine("changelog-public"));
      expect((await get(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.member)).body.status).toBe("delivered");
    });
  }

  {
    const width = PHONE;
    test("on a phone, the reporter finds the portal, the update that shipped their report and the team's signed reply on their tracking page, answers, and unsubscribes then undoes it; each page looked at at 1280 and 390 px", async () => {
      // A report of its own, published, answered by the team in public and shipped by a published entry.
      const member = { authorization: `Bearer ${server.demo.tokens.member}` };
      const sent = await post(`${server.url}/v1/reports`, {
        publicKey: server.demo.publicKey,
        kind: "idea",
        message: "Let me pay for an order in three instalments",
        user: { email: "bea@example.com", name: "Bea" },
      });
      const ideaKey = sent.body.ticketId as string;
      await post(`${server.url}/v1/feedbacks/${ideaKey}/publish`, { title: "Pay in three instalments" }, member);
      await post(`${server.url}/v1/feedbacks/${ideaKey}/comments`, { text: "Planned for the spring release.", visibility: "public" }, member);
      const entry = await post(`${server.url}/v1/changelog`, { title: "Instalments are here", body: "Pay in three.", feedbacks: [ideaKey] }, member);
      expect((await post(`${server.url}/v1/changelog/${entry.body.id}/publish`, {}, member)).status).toBe(200);

      const reporter = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
      // The page before any answer is looked at with every main page (test/e2e/web-accessibility.test.ts, the tracking page).
      await reporter.goto(sent.body.statusUrl);
      expect(await reporter.locator("header.banner a").allTextContents()).toEqual(["Demo", "See it on the portal", "Français"]);
      expect(await reporter.locator("ul.messages li p.muted").first().textContent()).toMatch(/^Demo member Team — /);
      await reporter.getByLabel("Add a message for the team").fill(`It also happens on my phone (${width}).\nSafari 18.`);
      await reporter.getByRole("button", { name: "Send" }).click();
      expect(await reporter.getByRole("status").textContent()).toBe("Sent: the team will read your message.");
      expect(await reporter.locator(".message").last().textContent()).toBe(`It also happens on my phone (${width}).\nSafari 18.`);
      expect(await look(reporter, "tracking-answer-sent")).toEqual(fine("tracking-answer-sent"));
      // The update that shipped it, on the portal's changelog; back, the page in French.
      await reporter.getByRole("link", { name: "Instalments are here" }).click();
      await reporter.getByRole("heading", { level: 2, name: "Instalments are here" }).waitFor();
      await reporter.goBack();
      await reporter.getByRole("link", { name: "Français" }).click();
      await reporter.getByText("Livré avec la mise à jour\u202f:").waitFor();
      expect(await reporter.locator("header.banner a").allTextContents()).toEqual(["Demo", "Voir sur le portail", "English"]);
      expect(await look(reporter, "tracking-french")).toEqual(fine("tracking-french"));

      // Her e-mails' unsubscribe link: the page leads back to her report, and undoes what it stopped.
      const feedbackId = (await get(`${server.url}/v1/feedbacks/${ideaKey}`, server.demo.tokens.member)).body.id as string;
      await reporter.goto(
        await unsubscribeUrl(server.services.baseUrl, await server.services.store.serviceSecret(), feedbackId, "bea@example.com", "en"),
      );
      await reporter.getByRole("button", { name: "Unsubscribe" }).click();
      await reporter.getByRole("button", { name: "Subscribe again" }).waitFor();
      expect(await look(reporter, "unsubscribed")).toEqual(fine("unsubscribed"));
      await reporter.getByRole("button", { name: "Subscribe again" }).click();
      await reporter.getByText("Done: you will receive news again about:").waitFor();
      await reporter.getByRole("link", { name: "See your report" }).click();
      await reporter.getByRole("heading", { level: 1, name: "Pay in three instalments" }).waitFor();
    });
  }
});
