import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { chromiumPresent, closeContexts, launchChromium, SCREENSHOTS, signedInPage } from "../support/chromium.ts";
import { scrollsSideways, seriousViolations } from "../support/axe.ts";
import { post } from "../support/server.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";

const present = chromiumPresent("accessibility tests");

let server: Served;
let browser: Browser;
let page: Page;
let tracking: string;
let key: string;

/**
 * Every main page at both widths: no serious or critical axe-core violation, and nothing scrolls
 * sideways on a phone. Each is saved as a screenshot to look at.
 */
async function check(
  path: string,
  on: Page = page,
  name = path
    .replace(/^https?:\/\/[^/]+/, "")
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/^-|-$/g, "") || "home",
) {
  const found: unknown[] = [];
  for (const width of [1280, 390]) {
    await on.setViewportSize({ width, height: 900 });
    await on.goto(path.startsWith("http") ? path : `${server.url}${path}`);
    await on.screenshot({ path: join(SCREENSHOTS, `page-${name}-${width}.png`), fullPage: true });
    const violations = await seriousViolations(on);
    const sideways = await scrollsSideways(on);
    if (violations.length > 0 || sideways) found.push({ path, width, violations, sideways });
  }
  return found;
}

describe.skipIf(!present)("accessibility of every main page, in Chromium with axe-core", () => {
  beforeAll(async () => {
    server = await serveInProcess();
    // The apps settings then show the issue tracker's status mapping form too.
    await server.cli(
      "tracker",
      "set",
      "DEMO",
      server.demo.appId,
      "jira",
      "--site",
      "acme",
      "--project",
      "SHOP",
      "--email",
      "ops@acme.test",
      "--token",
      "t",
    );
    const created = await post(`${server.url}/v1/reports`, {
      publicKey: server.demo.publicKey,
      kind: "problem",
      message: "The checkout button does nothing on the payment page",
      user: { email: "ann@example.com", name: "Ann" },
    });
    key = created.body.ticketId;
    tracking = created.body.statusUrl;
    browser = await launchChromium();
    const visitor = await (await browser.newContext()).newPage();
    expect(await check(`${server.url}/login?next=/inbox`, visitor, "sign-in")).toEqual([]);
    page = await signedInPage(browser, server.url, server.demo.users.admin);
  });
  afterEach(() => closeContexts(browser, page));
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("the check itself finds what it looks for: a control page with an unlabelled button and image fails it", async () => {
    const control = await (await browser.newContext()).newPage();
    await control.setContent(
      '<html lang="en"><head><title>Control</title></head><body><main><img src="x.png"><button></button></main></body></html>',
    );
    expect((await seriousViolations(control)).map((v) => v.id).sort()).toEqual(["button-name", "image-alt"]);
  });

  test("the inbox, a feedback, possible duplicates and trends", async () => {
    const found = [];
    for (const path of ["/inbox", "/duplicates", "/trends"]) found.push(...(await check(path)));
    found.push(...(await check(`/inbox/${key}`, page, "feedback")));
    expect(found).toEqual([]);
  }, 60_000);

  test("each settings page", async () => {
    const found = [];
    const app = `/settings/apps/${server.demo.appId}`;
    for (const path of [
      "/settings",
      "/settings/apps",
      `${app}/channels`,
      `${app}/widget`,
      `${app}/features`,
      "/settings/members",
      "/settings/webhooks",
      "/settings/tokens",
      "/settings/agents",
      "/settings/slack",
      "/settings/portal",
    ]) {
      found.push(
        ...(await check(
          path,
          page,
          path
            .replace(app, "/settings/app")
            .replace(/[^a-z0-9]+/gi, "-")
            .slice(1),
        )),
      );
    }
    expect(found).toEqual([]);
  }, 60_000);

  test("the team's own pages: the account page, forgot password, an invitation link, a link that no longer works", async () => {
    const invited = await fetch(`${server.url}/v1/invitations`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.demo.tokens.admin}`, "content-type": "application/json" },
      body: JSON.stringify({ email: "new.person@example.com", role: "member" }),
    });
    const { url } = (await invited.json()) as { url: string };
    const found = [...(await check("/account"))];
    const visitor = await (await browser.newContext()).newPage();
    found.push(...(await check("/forgot-password", visitor)));
    found.push(...(await check(url, visitor, "invitation")));
    found.push(...(await check("/reset-password?t=used", visitor, "reset-link-gone")));
    expect(found).toEqual([]);
  }, 60_000);

  test("the reporter's tracking page", async () => {
    const visitor = await (await browser.newContext()).newPage();
    expect(await check(tracking, visitor, "tracking")).toEqual([]);
  }, 60_000);
});
