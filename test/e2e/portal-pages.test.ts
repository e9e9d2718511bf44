import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { chromiumPresent, closeContexts, saveScreenshot, sharedChromium } from "../support/chromium.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { portalLook } from "../support/portal-look.ts";
import { patch, post } from "../support/server.ts";

const present = chromiumPresent("portal page tests");

let server: Served;
let browser: Browser;
let dark: string;
/** The delivered idea, shipped by a published changelog entry. */
let shipped: string;
/** The tracking page of the first idea's report (path and token), the portal's links in its header. */
let tracking: string;
/** One tab for the tests that need no fresh one, each going to its own page: at 390 px in light, whatever the test before it left. */
let phone: Page | undefined;
async function onPhone(): Promise<Page> {
  phone ??= await (await browser.newContext()).newPage();
  await phone.setViewportSize({ width: 390, height: 900 });
  await phone.emulateMedia({ colorScheme: "light" });
  return phone;
}

const IDEAS: ReadonlyArray<{ title: string; kind: string; description?: string; status?: string; comment?: string }> = [
  {
    title: "Dark mode for the whole app",
    kind: "idea",
    description: "A darker theme for people who work at night, with the same contrast as the light one.",
    comment: "We are looking at it for the spring release.",
  },
  {
    title: "Export invoices to PDF gives a blank page on Safari",
    kind: "problem",
    description: "The PDF export comes out blank on Safari 17 and later.",
    status: "in_development",
  },
  {
    title: "Calendar sync with Google and Outlook",
    kind: "idea",
    description: "Two-way sync of due dates, so that a change in the calendar shows here.",
    status: "prioritized",
  },
  { title: "Keyboard shortcuts for the list", kind: "idea", status: "prioritized" },
  { title: "Faster sign-in with a magic link", kind: "idea", description: "Sign in from an e-mail link, without a password.", status: "delivered" },
  { title: "Search finds words inside attachments", kind: "idea", status: "fixed" },
  { title: "The new dashboard is a pleasure to use", kind: "praise" },
];

describe.skipIf(!present)("the portal's pages in Chromium, with axe-core", () => {
  beforeAll(async () => {
    server = await serveInProcess();
    const token = server.demo.tokens.admin;
    expect(
      (
        await fetch(`${server.url}/v1/portal`, {
          method: "PUT",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ enabled: true, title: "Acme Books feedback" }),
        })
      ).status,
    ).toBe(200);
    for (const idea of IDEAS) {
      const created = await post(`${server.url}/v1/reports`, {
        publicKey: server.demo.publicKey,
        kind: idea.kind,
        title: idea.title,
        message: `${idea.title}, as Ann Lee <ann@example.com> wrote it`,
      });
      const key = created.body.ticketId as string;
      dark ??= key;
      tracking ??= new URL(created.body.statusUrl).pathname + new URL(created.body.statusUrl).search;
      if (idea.status === "delivered") shipped = key;
      await post(`${server.url}/v1/feedbacks/${key}/publish`, idea.description ? { description: idea.description } : {}, {
        authorization: `Bearer ${token}`,
      });
      if (idea.status) await patch(`${server.url}/v1/feedbacks/${key}`, token, { status: idea.status });
      if (idea.comment)
        await post(`${server.url}/v1/feedbacks/${key}/comments`, { text: idea.comment, visibility: "public" }, { authorization: `Bearer ${token}` });
    }
    const entry = await post(
      `${server.url}/v1/changelog`,
      { title: "Sign in from your inbox", body: "A link by e-mail, **no password**.", feedbacks: [shipped] },
      { authorization: `Bearer ${token}` },
    );
    await post(`${server.url}/v1/changelog/${entry.body.id}/publish`, {}, { authorization: `Bearer ${token}` });
    browser = await sharedChromium();
  });
  afterAll(async () => {
    await closeContexts(browser);
    await server?.stop();
  });

  test("the board, a feedback and the roadmap: no serious violation, nothing sideways, at 1280 and 390 px, light and dark", async () => {
    const page = await onPhone();
    const found = [];
    // A shipped feedback's page in light alone: its dark colours are the other feedback page's.
    for (const [path, name, schemes] of [
      ["/p/demo", "board", ["light", "dark"]],
      [`/p/demo/${dark}`, "feedback", ["light", "dark"]],
      ["/p/demo/roadmap", "roadmap", ["light", "dark"]],
      [`/p/demo/${shipped}`, "feedback-shipped", ["light"]],
    ] as const) {
      expect((await page.goto(`${server.url}${path}`))?.status()).toBe(200);
      found.push(...(await portalLook(page, name, schemes)).map((flaw) => ({ path, ...flaw })));
    }
    expect(found).toEqual([]);
  }, 120_000);

  test("on a phone, in French, the portal's tabs wrap: none is cut at the edge of the screen", async () => {
    const page = await onPhone();
    await page.goto(`${server.url}/p/demo?lang=fr`);
    await saveScreenshot(page, "portal-board-fr-390", { fullPage: false });
    const tabs = await page
      .locator("nav .tabs a")
      .evaluateAll((links) =>
        links.map((a) => ({ text: a.textContent, right: Math.round(a.getBoundingClientRect().right), cut: a.scrollWidth > a.clientWidth + 1 })),
      );
    expect(tabs.map((t) => t.text)).toContain("Nouveautés");
    expect(tabs.filter((t) => t.right > 390 || t.cut)).toEqual([]);
  });

  test("on a phone, in French, the board's filters show their choice whole: « Toutes les applications » is not cut", async () => {
    await server.cli("app", "create", "DEMO", "Acme Books for iPhone", "--kind", "ios");
    // A tab of its own: the shared one keeps the board in French as it was before this app, for 30 s (its public caching).
    const page = await (await browser.newContext({ viewport: { width: 390, height: 900 } })).newPage();
    await page.goto(`${server.url}/p/demo?lang=fr`);
    await saveScreenshot(page, "portal-board-filters-fr-390", { fullPage: false });
    // The chosen option's text against the room its select gives it, its arrow's included.
    const cut = await page.locator(".filters select").evaluateAll((selects) =>
      selects
        .map((select) => {
          const s = select as HTMLSelectElement;
          const style = getComputedStyle(s);
          const context = document.createElement("canvas").getContext("2d")!;
          context.font = style.font;
          const room = s.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight) - 20;
          return { text: s.selectedOptions[0]!.text, width: Math.ceil(context.measureText(s.selectedOptions[0]!.text).width), room };
        })
        .filter((s) => s.width > s.room),
    );
    expect(await page.locator("#f-app option").first().textContent()).toBe("Toutes les applications");
    expect(cut).toEqual([]);
  });

  test("on a phone, the links that stand alone (Sign in, Clear filters, the way back to the board, the language switch) are targets at least 24 px tall", async () => {
    // A tab of its own: the shared one keeps the pages of the tests before for 30 s, from before Sign in was offered.
    const page = await (await browser.newContext({ viewport: { width: 390, height: 900 } })).newPage();
    // Sign in shows where someone can sign in: here, with the organization's own sign-in page.
    const admin = { authorization: `Bearer ${server.demo.tokens.admin}` };
    await post(`${server.url}/v1/portal/sso-secret`, {}, admin);
    expect(
      (
        await fetch(`${server.url}/v1/portal`, {
          method: "PUT",
          headers: { ...admin, "content-type": "application/json" },
          body: JSON.stringify({ signInUrl: "http://localhost/sign-in" }),
        })
      ).status,
    ).toBe(200);
    const small: string[] = [];
    // Counted on both pages, so that a link the selectors no longer find fails rather than goes unmeasured.
    let measured = 0;
    for (const path of ["/p/demo?kind=idea", `/p/demo/${dark}`]) {
      await page.goto(`${server.url}${path}`);
      for (const link of await page.locator(".account > a, .back, .filters .clear, footer nav a").all()) {
        const box = (await link.boundingBox())!;
        measured++;
        small.push(
          ...(box.height < 24 || box.width < 24 ? [`${path} ${await link.textContent()}: ${Math.round(box.width)}×${Math.round(box.height)}`] : []),
        );
      }
    }
    await fetch(`${server.url}/v1/portal`, {
      method: "PUT",
      headers: { ...admin, "content-type": "application/json" },
      body: JSON.stringify({ signInUrl: null }),
    });
    expect([measured, small]).toEqual([6, []]);
  });

  test("on a phone, the other links that stand alone (the changelog's feed, the sign-in page's way back, the form's thanks, the tracking page's header) are targets at least 24 px tall", async () => {
    const page = await onPhone();
    const links: ReadonlyArray<readonly [string, string, (page: Page) => ReturnType<Page["locator"]>]> = [
      ["/p/demo/changelog", "changelog", (p) => p.getByRole("link", { name: "Follow with a feed reader (Atom)" })],
      ["/p/demo/sign-in", "sign-in", (p) => p.getByRole("link", { name: "Back to the board" })],
      [`/f/${server.demo.formKey}/sent?track=${encodeURIComponent(tracking)}`, "form-thanks", (p) => p.locator("main a")],
      [tracking, "tracking", (p) => p.locator("header.banner a")],
    ];
    const small: string[] = [];
    let measured = 0;
    for (const [path, name, find] of links) {
      await page.goto(`${server.url}${path}`);
      for (const link of await find(page).all()) {
        const box = (await link.boundingBox())!;
        measured++;
        small.push(...(box.height < 24 ? [`${name} ${await link.textContent()}: ${Math.round(box.width)}×${Math.round(box.height)}`] : []));
      }
      await saveScreenshot(page, `standalone-links-${name}-390`, { fullPage: false });
      await page.setViewportSize({ width: 1280, height: 900 });
      await saveScreenshot(page, `standalone-links-${name}-1280`, { fullPage: false });
      await page.setViewportSize({ width: 390, height: 900 });
    }
    // The feed, the way back, Follow its progress and Send another, and the portal, the post there and the language switch.
    expect([measured, small]).toEqual([7, []]);
  });

  test("on a phone, Tab from the skip link reaches the board's filters before its first feedback, as the page shows them", async () => {
    const page = await onPhone();
    await page.goto(`${server.url}/p/demo`);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("skip");
    await page.keyboard.press("Enter");
    // Tab on until the focus is in the filters or in the list, whichever comes first; the board has fewer stops than this.
    let reached: string | undefined;
    for (let stops = 0; stops < 30 && !reached; stops++) {
      await page.keyboard.press("Tab");
      reached = await page.evaluate(() => document.activeElement?.closest(".filters, ul.posts")?.className);
    }
    expect(reached).toBe("filters");
  });

  test("on a phone, the roadmap names each column with its count above the carousel, and a name brings its column into view", async () => {
    const page = await onPhone();
    await page.goto(`${server.url}/p/demo/roadmap`);
    const jumps = page.locator("nav.jump a");
    expect(await jumps.allTextContents()).toEqual(
      await page
        .locator(".column h2")
        .evaluateAll((titles) => titles.map((h) => `${h.querySelector(".status")!.textContent} ${h.parentElement!.querySelectorAll("li").length}`)),
    );
    const last = page.locator(".column").last();
    expect((await last.boundingBox())!.x).toBeGreaterThan(390);
    await jumps.last().click();
    await page.waitForFunction(() => {
      const box = [...document.querySelectorAll(".column")].at(-1)!.getBoundingClientRect();
      return box.left >= 0 && box.left < 100;
    });
    await saveScreenshot(page, "portal-roadmap-jump-390", { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await page.locator("nav.jump").isVisible()).toBe(false);
  });
});
