import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { gzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { scrollsSideways, seriousViolations } from "../support/axe.ts";
import { chromiumPresent, closeContexts, saveScreenshot, sharedChromium, signedInPage } from "../support/chromium.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { get, post } from "../support/server.ts";

const present = chromiumPresent("report context page tests");
/** The demo app allows its widget on a local development server's origin, and records replays (Enterprise plan). */
const ORIGIN = "http://localhost:5173";

let server: Served;
let browser: Browser;
let page: Page;

/** A real PNG of a cart page as a screen `width` pixels wide shows it, drawn by Chromium (in the page the feedback is read in later). */
async function cartScreenshot(width: number, color: string): Promise<string> {
  await page.setViewportSize({ width, height: 700 });
  await page.setContent(
    `<body style="margin:0;font:24px system-ui;background:${color};color:white"><h1 style="margin:24px">Cart at ${width} px</h1><button style="margin:24px;font-size:24px">Pay now</button></body>`,
  );
  return (await page.screenshot({ type: "png" })).toString("base64");
}

/** A widget report from a screen `width` pixels wide, with its screenshot, replay and page errors, qualified with the assistant. */
async function widgetReport(message: string, width: number, color: string): Promise<string> {
  const headers = { origin: ORIGIN };
  const at = Date.now();
  const body = {
    publicKey: server.demo.widgetKey,
    kind: "problem",
    message,
    qualify: true,
    context: {
      page: { url: `${ORIGIN}/cart`, title: "Cart" },
      browser: { name: width < 500 ? "Mobile Safari" : "Chrome", version: width < 500 ? "18" : "131" },
      system: { os: width < 500 ? "iOS" : "macOS", mobile: width < 500 },
      screen: { width, height: 800, pixelRatio: width < 500 ? 3 : 1, viewportWidth: width, viewportHeight: 700 },
      console: [{ level: "error", message: `TypeError at ${width} px: total is undefined`, at }],
      network: [{ method: "POST", url: `${ORIGIN}/api/pay`, status: width < 500 ? 502 : 500, durationMs: 840, at }],
    },
    attachments: [
      { kind: "screenshot", contentType: "image/png", data: await cartScreenshot(width, color) },
      {
        kind: "replay",
        contentType: "application/gzip",
        data: gzipSync(JSON.stringify([{ type: 4, data: { href: `${ORIGIN}/cart` }, timestamp: at }])).toString("base64"),
      },
    ],
  };
  let step = await post(`${server.url}/v1/widget/reports`, body, headers);
  for (let i = 0; i < 5 && step.status === 200; i++) {
    // A question with choices takes the first; any other, a sentence.
    const choice = step.body.questions?.[0]?.choices?.[0]?.id;
    const answer = {
      publicKey: server.demo.widgetKey,
      ...(choice ? { choiceIds: [choice] } : { text: `On the cart page at ${width} px, I tap Pay now and nothing happens; I expected to pay.` }),
    };
    step = await post(`${server.url}/v1/widget/reports/${step.body.id}/answers`, answer, headers);
  }
  expect([step.status, step.body]).toEqual([201, expect.anything()]);
  return step.body.ticketId;
}

describe.skipIf(!present)("each report's context on the feedback page, in Chromium", () => {
  beforeAll(async () => {
    server = await serveInProcess();
    browser = await sharedChromium();
    page = await signedInPage(browser, server.url, server.demo.users.member);
  });
  afterAll(async () => {
    await closeContexts(browser);
    await server?.stop();
  });

  test("two reports grouped into one feedback: each shows its own context and screenshot, and its own qualification conversation", async () => {
    const key = await widgetReport("The pay button does nothing on the cart", 1280, "#1d4ed8");
    const narrowKey = await widgetReport("Pay now does nothing on my phone", 390, "#b91c1c");
    const merged = await post(
      `${server.url}/v1/feedbacks/${narrowKey}/merge`,
      { into: key },
      { authorization: `Bearer ${server.demo.tokens.member}` },
    );
    expect(merged.status).toBe(200);
    const [wide, narrow] = (merged.body.reportList as Array<{ id: string }>).map((r) => r.id) as [string, string];
    expect(merged.body.fullContext.reportId).toBe(narrow);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/inbox/${key}`);
    const ofReport = (id: string) => page.locator(`li#report-${id}`);
    // The report the feedback's context comes from is not merged; the other one is merged, with its gist.
    expect(await ofReport(narrow).locator("details.captured").getAttribute("open")).toBe("");
    expect(await ofReport(wide).locator("details.captured").getAttribute("open")).toBeNull();
    expect(await ofReport(wide).locator("summary").textContent()).toContain("Chrome 131 · 1280 × 700");
    await ofReport(wide).locator("summary").click();
    for (const [id, width] of [
      [wide, 1280],
      [narrow, 390],
    ] as const) {
      const report = ofReport(id);
      expect(await report.getByText(`${width} × 700 @`).isVisible()).toBe(true);
      expect(await report.getByText(`TypeError at ${width} px: total is undefined`).isVisible()).toBe(true);
      const shot = report.getByRole("img", { name: /Screenshot sent with the report/ });
      await shot.scrollIntoViewIfNeeded();
      await page.waitForFunction((img) => (img as HTMLImageElement).complete, await shot.elementHandle());
      expect(await shot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(width);
      expect(await report.getByRole("link", { name: "Play the replay" }).getAttribute("href")).toBe(`/inbox/${key}/reports/${id}/replay`);
    }
    // One qualification conversation per report, each headed by its report.
    const conversations = page.locator("section.conversation");
    expect(await conversations.count()).toBe(2);
    expect(await conversations.nth(0).locator("h3 a").getAttribute("href")).toBe(`#report-${wide}`);
    expect(await conversations.nth(0).textContent()).toContain("at 1280 px");
    expect(await conversations.nth(1).locator("h3 a").getAttribute("href")).toBe(`#report-${narrow}`);
    expect(await conversations.nth(1).textContent()).toContain("at 390 px");

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      expect([width, await seriousViolations(page)]).toEqual([width, []]);
      expect([width, await scrollsSideways(page)]).toEqual([width, false]);
      await saveScreenshot(page, `feedback-report-contexts-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    const replay = await page.context().request.get(`${server.url}/inbox/${key}/reports/${wide}/replay`);
    expect([replay.status(), (await replay.text()).includes(`/attachments/`)]).toEqual([200, true]);
    const own = (await get(`${server.url}/v1/feedbacks/${key}/reports/${wide}`, server.demo.tokens.reader)).body;
    expect((await replay.text()).includes(new URL(own.context.replay.url).pathname)).toBe(true);
  }, 60_000);
});
