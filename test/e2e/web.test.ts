import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { chromiumPresent, closeContexts, saveScreenshot, sharedChromium } from "../support/chromium.ts";
import { distinctText } from "../support/distinct.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { eventually, Receiver } from "../support/receiver.ts";
import { get, post } from "../support/server.ts";

/**
 * One walk through the team's application in a real browser: signing in through the form, the
 * inbox's filters and search, a status changed on the feedback page reaching the API and the
 * webhooks. What the pages say without a browser is in test/adapters/http/web-team-pages.test.ts;
 * every page's look, layout and accessibility in web-accessibility.test.ts.
 */
const present = chromiumPresent("web application tests");

let server: Served;
let browser: Browser;
let walk: Page | undefined;
const receiver = new Receiver();
const reports: Record<"problem" | "idea", { ticketId: string; statusUrl: string }> = {} as never;

async function report(kind: "problem" | "idea", message: string) {
  const res = await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind, message });
  expect(res.status).toBe(201);
  return res.body as { ticketId: string; statusUrl: string };
}

/** The walk's page, signed in as a Member through the real sign-in form the first time, on the inbox. */
async function onInbox(): Promise<Page> {
  if (walk) {
    await walk.goto(`${server.url}/inbox`);
    return walk;
  }
  walk = await (await browser.newContext({ viewport: { width: 1100, height: 900 } })).newPage();
  await walk.goto(`${server.url}/inbox`);
  await walk.getByLabel("E-mail").fill(server.demo.users.member.email);
  await walk.getByLabel("Password").fill(server.demo.users.member.password);
  await walk.getByRole("button", { name: "Sign in" }).click();
  await walk.waitForURL(/\/inbox$/);
  return walk;
}

describe.skipIf(!present)("the web application, in Chromium", () => {
  beforeAll(async () => {
    receiver.start();
    server = await serveInProcess({ env: { WEBHOOKS_ALLOW_PRIVATE: "true" } });
    browser = await sharedChromium();
    reports.problem = await report("problem", `${distinctText(1)} The export button crashes the whole app.`);
    reports.idea = await report("idea", `${distinctText(2)} Please add a dark theme for night work.`);
    await report("problem", `${distinctText(3)} Le bouton de paiement ne fonctionne pas sur mon téléphone et je ne peux pas payer.`);
  });
  afterAll(async () => {
    await closeContexts(browser);
    await server?.stop();
    receiver.stop();
  });

  test("signing in leads to the inbox, which lists the organization's feedbacks with counts per status", async () => {
    const page = await onInbox();
    expect(await page.getByRole("heading", { name: "Inbox" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: reports.problem.ticketId, exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Triage (3)" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Closed (0)" }).isVisible()).toBe(true);
  });

  test("filtering the inbox by kind keeps the filter in the address, so the view can be shared", async () => {
    const page = await onInbox();
    await page.getByLabel("Kind").selectOption("idea");
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await page.waitForURL(/kind=idea/);
    expect(await page.getByRole("link", { name: reports.idea.ticketId, exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: reports.problem.ticketId, exact: true }).count()).toBe(0);
    // A teammate opening that address signs in and sees the same filter: test/adapters/http/web-team-pages.test.ts.
    expect(await page.getByLabel("Kind").inputValue()).toBe("idea");
  });

  test("a feedback opened from a filtered inbox leads back to that list, its filter kept", async () => {
    const page = await onInbox();
    await page.getByLabel("Kind").selectOption("idea");
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await page.waitForURL(/kind=idea/);
    await page.getByRole("link", { name: reports.idea.ticketId, exact: true }).click();
    await page.waitForURL(new RegExp(`/inbox/${reports.idea.ticketId}$`));
    await page.getByRole("link", { name: "← Back to the inbox" }).click();
    // At the row of the feedback it came from, which the list marks.
    await page.waitForURL(new RegExp(`/inbox\\?kind=idea#${reports.idea.ticketId}$`));
    expect(await page.locator(`tr[id="${reports.idea.ticketId}"]`).evaluate((row) => getComputedStyle(row).outlineStyle)).toBe("solid");
    expect(await page.getByLabel("Kind").inputValue()).toBe("idea");
  });

  test("text search finds a feedback by the words of its report", async () => {
    const page = await onInbox();
    await page.getByLabel("Search").fill("dark theme");
    await page.getByLabel("Search").press("Enter");
    await page.waitForURL(/query=dark/);
    expect(await page.getByRole("link", { name: reports.idea.ticketId, exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: reports.problem.ticketId, exact: true }).count()).toBe(0);
  });

  test("changing a status with a comment on the feedback page reaches the API and the webhooks", async () => {
    const hook = await post(
      `${server.url}/v1/webhooks`,
      { url: receiver.url, events: ["feedback.status_changed"] },
      { authorization: `Bearer ${server.demo.tokens.admin}` },
    );
    receiver.secrets.push(hook.body.secret);
    const page = await onInbox();
    await page.getByRole("link", { name: reports.problem.ticketId, exact: true }).click();
    await page.waitForURL(new RegExp(`/inbox/${reports.problem.ticketId}$`));
    expect(await page.getByText("The export button crashes the whole app.").first().isVisible()).toBe(true);
    await page.getByLabel("Status", { exact: true }).selectOption("prioritized");
    await page.getByLabel(/^Note for the team/).fill("Planned for the next release.");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Status saved.").waitFor();
    expect(await page.getByText("Planned for the next release.").isVisible()).toBe(true);
    await saveScreenshot(page, "feedback");

    const api = await get(`${server.url}/v1/feedbacks/${reports.problem.ticketId}`, server.demo.tokens.admin);
    expect(api.body.status).toBe("prioritized");
    const delivered = await eventually(
      () => receiver.of("feedback.status_changed"),
      (list) => list.length > 0,
    );
    expect(delivered[0]!.body.data.feedback).toMatchObject({ key: reports.problem.ticketId, status: "prioritized" });
    expect(delivered[0]!.validFor).toEqual([hook.body.secret]);
  });
});
