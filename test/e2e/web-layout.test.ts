import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { chromiumPresent, closeContexts, launchChromium, SCREENSHOTS, signedInPage } from "../support/chromium.ts";
import { get, patch, post, startServer, type TestServer } from "../support/server.ts";
import { waitFor } from "../support/wait.ts";

const present = chromiumPresent("web layout tests");

let server: TestServer;
let browser: Browser;
let page: Page;
/** A feedback whose title and report hold a 10,000-character word (its comment, one of 5,000); one whose context holds long addresses and a stack trace. */
let longWord: string;
let longContext: string;

const WORD = "a".repeat(9_900);
const LONG_URL = `http://localhost:5173/checkout/${"step-".repeat(150)}pay`;
const STACK = `TypeError: total is undefined\n    at pay (${LONG_URL}.js:12:1)`;

const WIDTHS = [1280, 390] as const;
const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });

/** What scrolls sideways: the page itself, or a scroll box inside it (a table too wide for its place). */
const sideways = (on: Page) =>
  on.evaluate(() => {
    const root = document.documentElement;
    const boxes = [...document.querySelectorAll("main *")].filter(
      (e) => ["auto", "scroll"].includes(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth + 1,
    );
    return [
      ...(root.scrollWidth > root.clientWidth + 1 ? [`the page: ${root.scrollWidth} > ${root.clientWidth}`] : []),
      ...boxes.map((e) => `${e.tagName.toLowerCase()}.${e.className}: ${e.scrollWidth} > ${e.clientWidth}`),
    ];
  });

/** Checkboxes and radio buttons whose label text is not right beside them, on the same line. */
const apartFromLabels = (on: Page) =>
  on.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>("input[type=checkbox], input[type=radio]")]
      .filter((input) => input.offsetParent !== null)
      .flatMap((input) => {
        const label = input.closest("label");
        const text = [...(label?.childNodes ?? [])].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
        if (!text) return [`${input.name}: no label text`];
        const range = document.createRange();
        range.selectNodeContents(text);
        const words = range.getClientRects()[0]!;
        const box = input.getBoundingClientRect();
        const gap = words.left - box.right;
        const sameLine = words.top < box.bottom && words.bottom > box.top;
        return sameLine && gap >= 0 && gap <= 16 ? [] : [`${input.name}: gap ${Math.round(gap)} px, same line ${sameLine}`];
      }),
  );

/** Where the application's bar sits beside the page, how its navigation's links stack, and whether anything in it is cut. */
const sideBar = (on: Page) =>
  on.evaluate(() => {
    const bar = document.querySelector("header.app-bar")!.getBoundingClientRect();
    const main = document.querySelector("main")!.getBoundingClientRect();
    const links = [...document.querySelectorAll("header nav a")];
    const cut = [...document.querySelectorAll("header.app-bar *")].filter(
      (e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === "visible",
    );
    return {
      left: Math.round(bar.left),
      beside: bar.right <= main.left,
      links: links.length,
      rows: new Set(links.map((a) => Math.round(a.getBoundingClientRect().top))).size,
      cut: cut.map((e) => e.tagName),
    };
  });

describe.skipIf(!present)("the web application's layout, in Chromium at 1280 and 390 px", () => {
  beforeAll(async () => {
    server = await startServer();
    await server.cli("org", "create", "Atelier Dubois-Lefèvre et associés", "--prefix", "ATELIER");
    await server.cli("member", "add", "ATELIER", server.demo.users.admin.email, "admin");
    const plain = await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "problem", message: `${WORD} breaks the page` });
    longWord = plain.body.ticketId;
    const commented = await patch(`${server.url}/v1/feedbacks/${longWord}`, server.demo.tokens.admin, {
      status: "prioritized",
      comment: `Seen: ${WORD.slice(0, 4_900)}`,
    });
    const captured = await post(
      `${server.url}/v1/widget/reports`,
      {
        publicKey: server.demo.widgetKey,
        kind: "problem",
        message: "Paying fails with an error in the console",
        context: {
          page: { url: LONG_URL, title: "Checkout" },
          console: [{ level: "error", message: STACK, at: Date.now() }],
          network: [{ method: "POST", url: LONG_URL, status: 500, durationMs: 120, at: Date.now() }],
        },
      },
      { origin: "http://localhost:5173" },
    );
    longContext = captured.body.ticketId;
    expect([plain.status, commented.status, captured.status]).toEqual([201, 200, 201]);
    browser = await launchChromium();
    page = await signedInPage(browser, server.url, server.demo.users.admin);
    await page.goto(`${server.url}/inbox?org=${server.demo.orgId}`);
  });
  afterEach(() => closeContexts(browser, page));
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("checkboxes and radio buttons sit right beside their labels: settings, token scopes, webhook events, the hosted form", async () => {
    const found: unknown[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of [
        `/settings/apps/${server.demo.appId}/widget`,
        `/settings/apps/${server.demo.appId}/features`,
        "/settings/tokens",
        "/settings/webhooks",
        `/f/${server.demo.formKey}`,
      ]) {
        await page.goto(`${server.url}${path}`);
        const apart = await apartFromLabels(page);
        if (apart.length > 0) found.push({ path, width, apart });
      }
      await page.goto(`${server.url}/settings/apps`);
      await shot(`layout-settings-apps-${width}`);
      await page.goto(`${server.url}/settings/apps/${server.demo.appId}/features`);
      await shot(`layout-settings-features-${width}`);
    }
    expect(found).toEqual([]);
  });

  test("a 10,000-character word, long addresses and stack traces wrap: no page scrolls sideways", async () => {
    const found: unknown[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, name] of [
        ["/inbox", "inbox"],
        [`/inbox/${longWord}`, "long-word"],
        [`/inbox/${longContext}`, "long-context"],
      ] as const) {
        await page.goto(`${server.url}${path}`);
        const scrolls = await sideways(page);
        if (scrolls.length > 0) found.push({ path, width, scrolls });
        await shot(`layout-${name}-${width}`);
      }
    }
    expect(found).toEqual([]);
  });

  test("no settings page scrolls sideways on a phone, its tables included", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const found: unknown[] = [];
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
    ]) {
      await page.goto(`${server.url}${path}`);
      const scrolls = await sideways(page);
      if (scrolls.length > 0) found.push({ path, scrolls });
    }
    await page.goto(`${server.url}/settings/tokens`);
    await shot("layout-settings-tokens-390");
    expect(found).toEqual([]);
  });

  test("/trends in French at 390 px scrolls sideways nowhere, the features growing this week included", async () => {
    for (const message of ["Search finds nothing for umbrellas", "The search box finds no results in French", "Searching by name finds nothing"]) {
      expect((await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "problem", message })).status).toBe(201);
    }
    await waitFor(
      "a feature growing this week",
      async () => (await get(`${server.url}/v1/apps/${server.demo.appId}/trends`, server.demo.tokens.admin)).body.growing?.length ?? 0,
      (n) => n > 0,
      20_000,
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/language?to=fr&next=%2Ftrends`);
    await page.getByRole("heading", { name: "En hausse cette semaine" }).waitFor();
    const scrolls = await sideways(page);
    await shot("layout-trends-fr-390");
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot("layout-trends-fr-1280");
    await page.goto(`${server.url}/language?to=en&next=%2Ftrends`);
    expect(scrolls).toEqual([]);
  }, 60_000);

  test("the Events and Scopes headings stand apart from the field above them; the app filter of Possible duplicates keeps a field's width", async () => {
    const gaps: Record<string, number> = {};
    for (const [path, field] of [
      ["/settings/webhooks", "#webhook-url"],
      ["/settings/tokens", "#token-label"],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      gaps[path] = await page.evaluate(
        (selector) =>
          Math.round(
            document.querySelector("main legend")!.getBoundingClientRect().top - document.querySelector(selector)!.getBoundingClientRect().bottom,
          ),
        field,
      );
    }
    await page.goto(`${server.url}/settings/tokens`);
    await shot("layout-settings-tokens-1280");
    await page.goto(`${server.url}/duplicates`);
    const filter = await page.getByLabel("App").evaluate((select) => Math.round(select.getBoundingClientRect().width));
    await shot("layout-duplicates-1280");
    expect(gaps["/settings/webhooks"]).toBeGreaterThanOrEqual(12);
    expect(gaps["/settings/tokens"]).toBeGreaterThanOrEqual(12);
    expect(filter).toBeLessThanOrEqual(400);
  });

  test("at 1280 px the navigation is a side bar beside the page, one link under the other, with the organization switcher, in English and in French; the French sort is not cut", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/inbox`);
    expect(await page.getByLabel("Organization").isVisible()).toBe(true);
    await shot("layout-header-1280");
    const english = await sideBar(page);
    expect(english).toEqual({ left: 0, beside: true, links: english.links, rows: english.links, cut: [] });
    await page.getByRole("link", { name: "Français" }).click();
    await page.getByRole("heading", { name: "Boîte de réception" }).waitFor();
    await shot("layout-header-fr-1280");
    const french = await sideBar(page);
    const sort = await page.getByLabel("Trier par").evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = style.font;
      const text = context.measureText(select.selectedOptions[0]!.text).width;
      // The room for the text: the box less its padding and the arrow's width.
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      return { text: select.selectedOptions[0]!.text, fits: text <= room };
    });
    await page.getByRole("link", { name: "English" }).click();
    await page.getByRole("heading", { name: "Inbox" }).waitFor();
    expect([french, sort]).toEqual([
      { ...english, cut: [] },
      { text: "Dernier signalement", fits: true },
    ]);
  });
});
