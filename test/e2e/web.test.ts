import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { chromiumPresent, closeContexts, launchChromium, SCREENSHOTS } from "../support/chromium.ts";
import { distinctText } from "../support/distinct.ts";
import { connectAgent } from "../support/mcp-client.ts";
import { eventually, Receiver } from "../support/receiver.ts";
import { get, post, startServer, type TestServer } from "../support/server.ts";

const present = chromiumPresent("web application tests");

let server: TestServer;
let browser: Browser;
const receiver = new Receiver();
const reports: Record<"problem" | "idea" | "french", { ticketId: string; statusUrl: string }> = {} as never;

async function report(kind: "problem" | "idea", message: string) {
  const res = await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind, message });
  expect(res.status).toBe(201);
  return res.body as { ticketId: string; statusUrl: string };
}

type Role = "admin" | "member" | "reader";
/** Each role signs in once through the real sign-in form; later pages reuse its session cookie. */
const sessions = new Map<Role, Awaited<ReturnType<BrowserContext["storageState"]>>>();

/** A fresh browser context, signed in as the role. */
async function signedIn(role: Role): Promise<Page> {
  const known = sessions.get(role);
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, ...(known && { storageState: known }) });
  const page = await context.newPage();
  await page.goto(`${server.url}/inbox`);
  if (known) return page;
  await page.getByLabel("E-mail").fill(server.demo.users[role].email);
  await page.getByLabel("Password").fill(server.demo.users[role].password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/inbox$/);
  sessions.set(role, await context.storageState());
  return page;
}

const screenshot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });

describe.skipIf(!present)("the web application, in Chromium", () => {
  beforeAll(async () => {
    receiver.start();
    server = await startServer({ WEBHOOKS_ALLOW_PRIVATE: "true" });
    browser = await launchChromium();
    reports.problem = await report("problem", `${distinctText(1)} The export button crashes the whole app.`);
    reports.idea = await report("idea", `${distinctText(2)} Please add a dark theme for night work.`);
    reports.french = await report("problem", `${distinctText(3)} Le bouton de paiement ne fonctionne pas sur mon téléphone et je ne peux pas payer.`);
  });
  afterEach(() => closeContexts(browser));
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    receiver.stop();
  });

  test("signing in leads to the inbox, which lists the organization's feedbacks with counts per status", async () => {
    const page = await signedIn("admin");
    expect(await page.getByRole("heading", { name: "Inbox" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: reports.problem.ticketId, exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Triage (3)" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Closed (0)" }).isVisible()).toBe(true);
    await screenshot(page, "inbox");
  });

  test("the inbox is a table at 1280 px, each key and date on one line, and cards on a phone", async () => {
    const page = await signedIn("admin");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    const key = page.getByRole("link", { name: reports.problem.ticketId, exact: true });
    const line = await key.evaluate((a) => parseFloat(getComputedStyle(a).lineHeight) || 24);
    expect((await key.boundingBox())!.height).toBeLessThan(line * 1.5);
    await screenshot(page, "inbox-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.locator("table.cards thead").isVisible()).toBe(false);
    const card = page.locator("table.cards tbody tr").first();
    expect(await card.evaluate((tr) => getComputedStyle(tr).display)).toBe("block");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, "inbox-390");
  });

  test("filtering the inbox by kind keeps the filter in the address, so the view can be shared", async () => {
    const page = await signedIn("member");
    await page.getByLabel("Kind").selectOption("idea");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/kind=idea/);
    expect(await page.getByRole("link", { name: reports.idea.ticketId, exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: reports.problem.ticketId, exact: true }).count()).toBe(0);
    const shared = await (await browser.newContext()).newPage();
    const again = await signedInAt(shared, page.url());
    expect(await again.getByLabel("Kind").inputValue()).toBe("idea");
  });

  test("text search finds a feedback by the words of its report", async () => {
    const page = await signedIn("member");
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
    const page = await signedIn("member");
    await page.getByRole("link", { name: reports.problem.ticketId, exact: true }).click();
    await page.waitForURL(new RegExp(`/inbox/${reports.problem.ticketId}$`));
    expect(await page.getByText("The export button crashes the whole app.").first().isVisible()).toBe(true);
    await page.getByLabel("Status", { exact: true }).selectOption("prioritized");
    await page.getByLabel(/^Comment/).fill("Planned for the next release.");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Status saved.").waitFor();
    expect(await page.getByText("Planned for the next release.").isVisible()).toBe(true);
    await screenshot(page, "feedback");

    const api = await get(`${server.url}/v1/feedbacks/${reports.problem.ticketId}`, server.demo.tokens.admin);
    expect(api.body.status).toBe("prioritized");
    const delivered = await eventually(
      () => receiver.of("feedback.status_changed"),
      (list) => list.length > 0,
    );
    expect(delivered[0]!.body.data.feedback).toMatchObject({ key: reports.problem.ticketId, status: "prioritized" });
    expect(delivered[0]!.validFor).toEqual([hook.body.secret]);
  });

  test("following a feedback adds the person to its followers, and unfollowing removes them", async () => {
    const page = await signedIn("member");
    await page.goto(`${server.url}/inbox/${reports.idea.ticketId}`);
    await page.getByRole("button", { name: "Follow" }).click();
    // The form posts and the page comes back: wait for it before looking (isVisible does not wait).
    await page.getByRole("button", { name: "Unfollow" }).waitFor();
    expect(await page.getByRole("listitem").filter({ hasText: server.demo.users.member.email }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Unfollow" }).click();
    await page.getByText("Nobody follows this feedback.").waitFor();
  });

  test("a Reader sees the feedback page but no way to change it", async () => {
    const page = await signedIn("reader");
    await page.goto(`${server.url}/inbox/${reports.idea.ticketId}`);
    expect(await page.getByText("As a Reader you can read everything here and change nothing.").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Save" }).count()).toBe(0);
  });

  test("creating a webhook shows its signing secret once", async () => {
    const page = await signedIn("admin");
    await page.getByRole("link", { name: "Settings" }).click();
    await page.getByRole("link", { name: "Webhooks" }).click();
    await page.getByLabel("URL").fill(`${receiver.url}?from=web`);
    await page.getByRole("button", { name: "Create" }).click();
    const secret = (await page.locator("#secret").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_|^\S{32,}$/);
    await screenshot(page, "webhooks");
    await page.getByRole("button", { name: "Send a test" }).last().click();
    await page.getByText(`${receiver.url}?from=web: 200`).waitFor();
    await page.reload();
    expect(await page.locator("#secret").count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
  });

  test("rotating a webhook's secret shows the new one once, on a page whose reload rotates nothing", async () => {
    const page = await signedIn("admin");
    await page.goto(`${server.url}/settings/webhooks`);
    await page.getByRole("button", { name: "Rotate the secret" }).first().click();
    const rotated = (await page.locator("#secret").textContent()) ?? "";
    expect(rotated.length).toBeGreaterThan(20);
    expect(new URL(page.url()).pathname).toBe("/settings/webhooks");
    const response = await page.reload();
    expect(response?.request().method()).toBe("GET");
    expect(await page.locator("#secret").count()).toBe(0);
  });

  test("a webhook test that does not arrive is shown as a failure, in words people read", async () => {
    const page = await signedIn("admin");
    await page.goto(`${server.url}/settings/webhooks`);
    await page.getByLabel("URL").fill("http://127.0.0.1:9/nothing-listens-here");
    await page.getByRole("button", { name: "Create" }).click();
    await page
      .getByRole("row", { name: /nothing-listens-here/ })
      .getByRole("button", { name: "Send a test" })
      .click();
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      "The test was not accepted — http://127.0.0.1:9/nothing-listens-here: no answer (the address could not be reached, or did not answer in time)",
    );
    expect(await page.locator(".notice").count()).toBe(0);
  });

  test("removing an agent in the Agents page cuts it off", async () => {
    const agent = await connectAgent(server.url, server.demo.users.member);
    expect((await agent.client!.listTools()).tools.length).toBeGreaterThan(0);
    const page = await signedIn("member");
    await page.getByRole("link", { name: "Agents" }).first().click();
    await page
      .getByRole("row", { name: /test-agent|Rule Tester|agent/i })
      .getByRole("button", { name: "Remove" })
      .first()
      .click();
    await page.getByRole("heading", { name: "Remove this agent? It is cut off at once." }).waitFor();
    await page.getByRole("button", { name: "Remove" }).click();
    await page.getByText("No agent is connected.").waitFor();
    await expect(agent.client!.listTools()).rejects.toThrow();
  });

  test("the tracking page shows the title and status in the reporter's language; a wrong token is a 404", async () => {
    const page = await (await browser.newContext()).newPage();
    const response = await page.goto(reports.french.statusUrl);
    expect(response!.status()).toBe(200);
    expect(await page.getByText("Statut\u202f:").isVisible()).toBe(true);
    await screenshot(page, "tracking");
    const wrong = await page.goto(reports.french.statusUrl.replace(/t=.*/, "t=wrong"));
    expect(wrong!.status()).toBe(404);
    expect(await page.content()).not.toContain("paiement");
  });

  test("the pages switch to French, forbid framing and carry a strict Content-Security-Policy", async () => {
    const page = await signedIn("member");
    await page.getByRole("link", { name: "Français" }).click();
    await page.getByRole("heading", { name: "Boîte de réception" }).waitFor();
    const response = await page.goto(`${server.url}/settings`);
    expect(response!.headers()["x-frame-options"]).toBe("DENY");
    expect(response!.headers()["content-security-policy"]).toContain("default-src 'none'");
    expect(response!.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/inbox`);
    await screenshot(page, "inbox-phone-fr");
  });
});

async function signedInAt(page: Page, url: string): Promise<Page> {
  await page.goto(url);
  await page.getByLabel("E-mail").fill(server.demo.users.member.email);
  await page.getByLabel("Password").fill(server.demo.users.member.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(url);
  return page;
}
