import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { seriousViolations } from "../support/axe.ts";
import { chromiumPresent, closeContexts, saveScreenshot, sharedChromium, focusReaches } from "../support/chromium.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { get, patch, post } from "../support/server.ts";
import { waitFor } from "../support/wait.ts";

/**
 * Every main page of the web application, in Chromium at 1280 and 390 px. Each page state is
 * visited once and looked at there at both widths (one shared check): axe-core's serious and
 * critical violations, what scrolls sideways, checkboxes beside their labels, the page's own
 * layout questions, and a full-page screenshot to look at. The tests below then read what the
 * visit saw, each its own rule.
 */
const present = chromiumPresent("accessibility and layout tests");

const WIDTHS = [1280, 390] as const;
type Width = (typeof WIDTHS)[number];

/** A feedback whose title and report hold a 10,000-character word (its comment, one of 5,000); one whose context holds long addresses and a stack trace. */
const WORD = "a".repeat(9_900);
const LONG_URL = `http://localhost:5173/checkout/${"step-".repeat(150)}pay`;
const STACK = `TypeError: total is undefined\n    at pay (${LONG_URL}.js:12:1)`;

interface Seen {
  /** Serious and critical axe-core violations; null where the state is not an axe one. */
  readonly violations: unknown[] | null;
  /** What scrolls sideways: the page itself, or a scroll box inside it (a table too wide for its place). */
  readonly scrolls: string[];
  /** Checkboxes and radio buttons apart from their label text; null where not asked. */
  readonly apart: string[] | null;
  /** What the state's own probe measured at this width. */
  readonly probe: any;
}

/** What a state asks for besides scrolling: axe (the main pages), the labels' check, a screenshot, a probe of its own at each width. */
interface Asked {
  readonly axe?: boolean;
  readonly labels?: boolean;
  readonly shot?: boolean;
  readonly probe?: (page: Page, width: Width) => Promise<unknown>;
}

/** What the pages' visit saw, by state name, then width. */
const seen = new Map<string, Record<Width, Seen>>();

let server: Served;
let browser: Browser;
let key: string;
let tracking: string;
let longWord: string;
let longContext: string;
let invitation: string;

const scrollsOf = (on: Page) =>
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

/** How far the first legend of the page stands below the field `selector`, in px. */
const legendGap = (on: Page, selector: string) =>
  on.evaluate(
    (field) =>
      Math.round(document.querySelector("main legend")!.getBoundingClientRect().top - document.querySelector(field)!.getBoundingClientRect().bottom),
    selector,
  );

/**
 * The one check of every page state: the page as it is now (reached once), at both widths, the
 * width it is at first. `on` is left at the other width.
 */
async function look(on: Page, name: string, asked: Asked = {}) {
  const { axe = false, labels = false, shot = true, probe } = asked;
  const current = on.viewportSize()?.width === 390 ? 390 : 1280;
  const found = {} as Record<Width, Seen>;
  for (const width of current === 1280 ? WIDTHS : ([...WIDTHS].reverse() as Width[])) {
    if (on.viewportSize()?.width !== width) await on.setViewportSize({ width, height: 900 });
    if (shot) await saveScreenshot(on, `page-${name}-${width}`);
    found[width] = {
      violations: axe ? await seriousViolations(on) : null,
      scrolls: await scrollsOf(on),
      apart: labels ? await apartFromLabels(on) : null,
      probe: probe ? await probe(on, width) : undefined,
    };
  }
  seen.set(name, found);
}

/** Goes to `path` of the service (or an absolute address) and looks at it. */
async function visit(on: Page, path: string, name: string, asked: Asked = {}) {
  await on.goto(path.startsWith("http") ? path : `${server.url}${path}`);
  await look(on, name, asked);
}

/** The settings pages, by name, at their addresses (`APP` is the demo app's settings). */
const SETTINGS: Record<string, string> = {
  settings: "/settings",
  "settings-apps": "/settings/apps",
  "settings-app-channels": "APP/channels",
  "settings-app-widget": "APP/widget",
  "settings-app-features": "APP/features",
  "settings-members": "/settings/members",
  "settings-webhooks": "/settings/webhooks",
  "settings-tokens": "/settings/tokens",
  "settings-agents": "/settings/agents",
  "settings-slack": "/settings/slack",
  "settings-portal": "/settings/portal",
};
/** The settings pages with checkboxes or radio buttons, and the probes of some at 1280 px. */
const WITH_CHOICES = ["settings-app-widget", "settings-app-features", "settings-tokens", "settings-webhooks"];
const PROBES: Record<string, Asked["probe"]> = {
  "settings-webhooks": async (page, width) => (width === 1280 ? legendGap(page, "#webhook-url") : null),
  "settings-tokens": async (page, width) => (width === 1280 ? legendGap(page, "#token-label") : null),
  "settings-members": roleControls,
};

/**
 * A feedback's tracker panel, its app's tracker being Jira: whether Create issue in Jira shows, and
 * whether the link field and its button sit side by side, the field wide enough to read an address,
 * inside the panel's column.
 */
const trackerPanel: Asked["probe"] = (on) =>
  on.evaluate(() => {
    const column = document.getElementById("tracker")!.parentElement!.getBoundingClientRect();
    const field = document.getElementById("tracker-issue")!.getBoundingClientRect();
    const link = document.querySelector("#tracker-issue + button")!.getBoundingClientRect();
    const create = [...document.querySelectorAll<HTMLButtonElement>("main button")].find((b) => b.textContent === "Create issue in Jira");
    return {
      create: create !== undefined && create.offsetParent !== null,
      sideBySide: Math.abs(link.top - field.top) < 4 && link.left >= field.right,
      fieldWidth: field.width >= 120,
      inside: field.left >= column.left - 1 && link.right <= column.right + 1,
    };
  });

/**
 * The role control on each member's row: whether its select and button stay inside the row's cell
 * (beside each other or wrapped), and whether the select shows its role whole.
 */
function roleControls(on: Page) {
  return on.evaluate(() =>
    [...document.querySelectorAll<HTMLFormElement>('table.members form[action="/settings/members/role"]')].map((form) => {
      const cell = form.closest("td")!.getBoundingClientRect();
      const select = form.querySelector("select")!;
      const button = form.querySelector("button")!.getBoundingClientRect();
      const style = getComputedStyle(select);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = style.font;
      // The room for the text: the box less its padding and the arrow's width.
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      const box = select.getBoundingClientRect();
      return {
        inside: box.left >= cell.left - 1 && Math.max(box.right, button.right) <= cell.right + 1,
        textFits: context.measureText(select.selectedOptions[0]!.text).width <= room,
      };
    }),
  );
}

/** The inbox's look at each width: a table at 1280 px, its switcher and side bar; cards on a phone. */
const inboxProbe: Asked["probe"] = async (on, width) => {
  if (width === 1280) {
    const link = on.getByRole("link", { name: longContext, exact: true });
    const line = await link.evaluate((a) => parseFloat(getComputedStyle(a).lineHeight) || 24);
    return {
      keyHeight: (await link.boundingBox())!.height,
      line,
      switcher: await on.getByLabel("Organization").isVisible(),
      // The organizations' names get the side bar's whole width, its button under them: beside it, "Alpha Foods" was cut.
      switcherRoom: await on.getByLabel("Organization").evaluate((select) => {
        const bar = select.closest(".org-line")!.getBoundingClientRect().width;
        return select.getBoundingClientRect().width >= bar - 1;
      }),
      bar: await sideBar(on),
      // The table's own scroll box: a feature path (checkout/payment) once widened it past the page and cut the last column.
      tableFits: await on
        .locator(".scroll")
        .first()
        .evaluate((box) => box.scrollWidth <= box.clientWidth),
    };
  }
  const account = on.locator('header a[href="/account"]');
  const box = await account.boundingBox();
  return {
    // The signed-in person's account (and its way out, beside it) stays in the bar, inside the screen.
    account: (await account.isVisible()) && box !== null && box.x >= 0 && box.x + box.width <= width,
    // The cards' head holds only the checkbox that ticks them all, with its words.
    head: {
      selectAll: await on.locator("table.cards thead").getByRole("checkbox", { name: "Select all on this page" }).isVisible(),
      columns: await on.locator("table.cards thead th:visible").count(),
    },
    card: await on
      .locator("table.cards tbody tr")
      .first()
      .evaluate((tr) => getComputedStyle(tr).display),
    width: await on.evaluate(() => document.documentElement.scrollWidth),
    // A card's last report follows its label as its numbers do, not across a column's width.
    lastReportGap: await on
      .locator("table.cards tbody tr td.when")
      .first()
      .evaluate((td) => {
        const label = getComputedStyle(td, "::before");
        const pen = document.createElement("canvas").getContext("2d")!;
        pen.font = `${label.fontSize} ${label.fontFamily}`;
        const labelEnd =
          td.getBoundingClientRect().left +
          parseFloat(getComputedStyle(td).paddingLeft) +
          parseFloat(label.marginLeft) +
          pen.measureText(label.content.slice(1, -1)).width;
        const value = document.createRange();
        value.selectNodeContents(td);
        return Math.round(value.getBoundingClientRect().left - labelEnd);
      }),
  };
};

/** The data the pages show, then the visit of every page state. */
async function visitEveryPage() {
  server = await serveInProcess();
  const { demo } = server;
  // The apps settings then show the issue tracker's status mapping form too.
  // Jira is never reached from here (a closed local port): the token is saved unchecked.
  const nowhere = ["--api-url", "http://127.0.0.1:9"];
  await server.cli(
    "tracker",
    "set",
    "DEMO",
    demo.appId,
    "jira",
    "--site",
    "acme",
    "--project",
    "SHOP",
    "--email",
    "ops@acme.test",
    "--token",
    "t",
    ...nowhere,
  );
  // A second organization: the side bar then has the organization switcher.
  await server.cli("org", "create", "Atelier Dubois-Lefèvre et associés", "--prefix", "ATELIER");
  await server.cli("member", "add", "ATELIER", demo.users.admin.email, "admin");
  // The inbox is looked at with these three feedbacks alone, before the others exist.
  const plain = await post(`${server.url}/v1/reports`, { publicKey: demo.publicKey, kind: "problem", message: `${WORD} breaks the page` });
  longWord = plain.body.ticketId;
  // In development: the widest status badge, which once pushed the inbox's last column out of the page.
  const commented = await patch(`${server.url}/v1/feedbacks/${longWord}`, demo.tokens.admin, {
    status: "in_development",
    comment: `Seen: ${WORD.slice(0, 4_900)}`,
    // The longest tag there may be, of one word.
    tags: ["t".repeat(40)],
  });
  const captured = await post(
    `${server.url}/v1/widget/reports`,
    {
      publicKey: demo.widgetKey,
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
  // A feedback of a feature: the inbox then shows its path beside the app.
  const ofFeature = await post(`${server.url}/v1/reports`, {
    publicKey: demo.publicKey,
    kind: "problem",
    message: "Paying by card fails",
    featureId: demo.featureId,
  });
  expect([plain.status, commented.status, captured.status, ofFeature.status]).toEqual([201, 200, 201, 201]);

  browser = await sharedChromium();
  // The sign-in page; then this page signs in, as the demo organization's Admin, and looks at the inbox.
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await visit(page, "/login?next=/inbox", "sign-in", { axe: true });
  await page.getByLabel("E-mail").fill(demo.users.admin.email);
  await page.getByLabel("Password").fill(demo.users.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/inbox$/);
  // The longest name a saved view may have, of one word.
  await page.goto(`${server.url}/inbox?org=${demo.orgId}`);
  await page.locator("summary", { hasText: "Save this view" }).click();
  await page.getByLabel("Name of this view").fill("V".repeat(60));
  await Promise.all([page.waitForNavigation(), page.locator('form[action="/inbox/views"] button[type=submit]').click()]);
  await page.getByRole("link", { name: "V".repeat(60) }).waitFor();
  await visit(page, `/inbox?org=${demo.orgId}`, "inbox", { axe: true, probe: inboxProbe });

  const created = await post(`${server.url}/v1/reports`, {
    publicKey: demo.publicKey,
    kind: "problem",
    message: "The checkout button does nothing on the payment page",
    user: { email: "ann@example.com", name: "Ann" },
  });
  key = created.body.ticketId;
  tracking = created.body.statusUrl;
  const growing = [];
  for (const message of ["Search finds nothing for umbrellas", "The search box finds no results in French", "Searching by name finds nothing"]) {
    growing.push((await post(`${server.url}/v1/reports`, { publicKey: demo.publicKey, kind: "problem", message })).status);
  }
  const invited = await post(
    `${server.url}/v1/invitations`,
    { email: "new.person@example.com", role: "member" },
    { authorization: `Bearer ${demo.tokens.admin}` },
  );
  invitation = invited.body.url;
  expect([created.status, ...growing, invited.status]).toEqual([201, 201, 201, 201, 201]);
  await waitFor(
    "a feature growing this week",
    async () => (await get(`${server.url}/v1/apps/${demo.appId}/trends`, demo.tokens.admin)).body.growing?.length ?? 0,
    (n) => n > 0,
    20_000,
  );

  // People who are not signed in: the reporter's pages, the team's links, the hosted form.
  const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await visit(visitor, "/forgot-password", "forgot-password", { axe: true });
  await visit(visitor, invitation, "invitation", { axe: true });
  await visit(visitor, "/reset-password?t=used", "reset-link-gone", { axe: true });
  await visit(visitor, tracking, "tracking", { axe: true });
  await visit(visitor, `/f/${demo.formKey}`, "form", { labels: true, shot: false });
  await visitor.context().close();

  // The team's other pages; the feedback's activity holds an internal note and a public reply, whose badges must read apart.
  const comments = [];
  for (const visibility of ["internal", "public"]) {
    const text = visibility === "public" ? "Thanks! We reproduced it; a fix is coming." : "Check with the payments team";
    comments.push(
      (await post(`${server.url}/v1/feedbacks/${key}/comments`, { text, visibility }, { authorization: `Bearer ${demo.tokens.admin}` })).status,
    );
  }
  expect(comments).toEqual([200, 200]);
  await visit(page, `/inbox/${key}`, "feedback", { axe: true, probe: trackerPanel });
  await visit(page, `/inbox/${longWord}`, "long-word");
  await visit(page, `/inbox/${longContext}`, "long-context");
  // With an app chosen, as an organization of one app offers no app filter.
  await visit(page, `/duplicates?appId=${demo.appId}`, "duplicates", {
    axe: true,
    probe: async (on, width) => (width === 1280 ? on.getByLabel("App").evaluate((select) => Math.round(select.getBoundingClientRect().width)) : null),
  });
  await visit(page, "/trends", "trends", { axe: true });
  for (const [name, path] of Object.entries(SETTINGS)) {
    await visit(page, path.replace("APP", `/settings/apps/${demo.appId}`), name, {
      axe: true,
      labels: WITH_CHOICES.includes(name),
      ...(PROBES[name] && { probe: PROBES[name] }),
    });
  }
  await visit(page, "/account", "account", { axe: true });

  // In French: the inbox (switched to by its link) and the trends, the features growing this week included.
  await page.goto(`${server.url}/inbox`);
  await page.getByRole("link", { name: "Français" }).click();
  await page.getByRole("heading", { name: "Boîte de réception" }).waitFor();
  await look(page, "inbox-fr", {
    probe: async (on, width) =>
      width === 1280
        ? {
            bar: await sideBar(on),
            sort: await on.getByLabel("Trier par").evaluate((select: HTMLSelectElement) => {
              const style = getComputedStyle(select);
              const context = document.createElement("canvas").getContext("2d")!;
              context.font = style.font;
              const text = context.measureText(select.selectedOptions[0]!.text).width;
              // The room for the text: the box less its padding and the arrow's width.
              const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
              return { text: select.selectedOptions[0]!.text, fits: text <= room };
            }),
            tableFits: await on
              .locator(".scroll")
              .first()
              .evaluate((box) => box.scrollWidth <= box.clientWidth),
          }
        : null,
  });
  await page.goto(`${server.url}/trends`);
  await page.getByRole("heading", { name: "En hausse cette semaine" }).waitFor();
  await look(page, "trends-fr");
  // The members' rows in the language of the longest role and button names (Administrateur, Enregistrer).
  await visit(page, "/settings/members", "settings-members-fr", { probe: roleControls });
  // An open page is not free: headless Chromium keeps drawing it.
  await page.context().close();
}

/** What the visit saw of these states at these widths, where it is not as it should be. */
function faults(names: readonly string[], widths: readonly Width[], fault: (seen: Seen) => unknown) {
  return names.flatMap((name) =>
    widths.flatMap((width) => {
      const at = seen.get(name)?.[width];
      if (!at) return [{ name, width, fault: "not visited" }];
      const found = fault(at);
      return found ? [{ name, width, fault: found }] : [];
    }),
  );
}
/** Accessible (no serious or critical axe-core violation) and not scrolling sideways as a page. */
const inaccessible = (names: readonly string[]) =>
  faults(names, WIDTHS, ({ violations, scrolls }) => {
    const sideways = scrolls.some((s) => s.startsWith("the page"));
    return violations === null || violations.length > 0 || sideways ? { violations, sideways } : null;
  });
const scrolling = (names: readonly string[], widths: readonly Width[]) =>
  faults(names, widths, ({ scrolls }) => (scrolls.length > 0 ? scrolls : null));

describe.skipIf(!present)("every main page, in Chromium at 1280 and 390 px: accessibility (axe-core) and layout", () => {
  beforeAll(visitEveryPage, 180_000);
  afterAll(async () => {
    await closeContexts(browser);
    await server?.stop();
  });

  describe("accessibility: no serious or critical axe-core violation, and no page scrolls sideways, at either width", () => {
    test("the check itself finds what it looks for: a control page with an unlabelled button and image fails it", async () => {
      const control = await (await browser.newContext()).newPage();
      await control.setContent(
        '<html lang="en"><head><title>Control</title></head><body><main><img src="x.png"><button></button></main></body></html>',
      );
      expect((await seriousViolations(control)).map((v) => v.id).sort()).toEqual(["button-name", "image-alt"]);
      await control.context().close();
    });

    test("the sign-in page", () => {
      expect(inaccessible(["sign-in"])).toEqual([]);
    });

    test("the inbox, a feedback, possible duplicates and trends", () => {
      expect(inaccessible(["inbox", "duplicates", "trends", "feedback"])).toEqual([]);
    });

    test("each settings page", () => {
      expect(inaccessible(Object.keys(SETTINGS))).toEqual([]);
    });

    test("the team's own pages: the account page, forgot password, an invitation link, a link that no longer works", () => {
      expect(inaccessible(["account", "forgot-password", "invitation", "reset-link-gone"])).toEqual([]);
    });

    test("the reporter's tracking page", () => {
      expect(inaccessible(["tracking"])).toEqual([]);
    });

    test("after the reporter sends a message from the tracking page, the notice that it was sent has the focus, so a screen reader says it", async () => {
      const page = await (await browser.newContext()).newPage();
      await page.goto(tracking.startsWith("http") ? tracking : `${server.url}${tracking}`);
      await page.locator("#answer").fill("It still happens on 17.2.");
      await Promise.all([
        page.waitForEvent("load"),
        page
          .locator("#answer")
          .press("Tab")
          .then(() => page.keyboard.press("Enter")),
      ]);
      await focusReaches(page, "[role=status]");
      const focused = await page.evaluate(() => document.activeElement?.textContent);
      await page.context().close();
      expect(focused).toBe("Sent: the team will read your message.");
    });
  });

  describe("layout", () => {
    test("checkboxes and radio buttons sit right beside their labels: settings, token scopes, webhook events, the hosted form", () => {
      expect(
        faults([...WITH_CHOICES, "form"], WIDTHS, ({ apart }) => (apart === null || apart.length > 0 ? (apart ?? "not checked") : null)),
      ).toEqual([]);
    });

    test("a 10,000-character word, long addresses and stack traces wrap: no page scrolls sideways", () => {
      expect(scrolling(["inbox", "long-word", "long-context"], WIDTHS)).toEqual([]);
    });

    test("no settings page scrolls sideways on a phone, its tables included", () => {
      expect(scrolling(Object.keys(SETTINGS), [390])).toEqual([]);
    });

    test("/trends in French at 390 px scrolls sideways nowhere, the features growing this week included", () => {
      expect(scrolling(["trends-fr"], [390])).toEqual([]);
    });

    test("the Events and Scopes headings stand apart from the field above them; the app filter of Possible duplicates keeps a field's width", () => {
      expect(seen.get("settings-webhooks")![1280].probe).toBeGreaterThanOrEqual(12);
      expect(seen.get("settings-tokens")![1280].probe).toBeGreaterThanOrEqual(12);
      expect(seen.get("duplicates")![1280].probe).toBeLessThanOrEqual(400);
    });

    test("at 1280 px the navigation is a side bar beside the page, one link under the other, with the organization switcher, in English and in French; the French sort is not cut", () => {
      const english = seen.get("inbox")![1280].probe;
      expect([english.switcher, english.switcherRoom]).toEqual([true, true]);
      expect(english.bar).toEqual({ left: 0, beside: true, links: english.bar.links, rows: english.bar.links, cut: [] });
      const french = seen.get("inbox-fr")![1280].probe;
      expect([french.bar, french.sort]).toEqual([
        { ...english.bar, cut: [] },
        { text: "Dernier signalement", fits: true },
      ]);
    });

    test("a feedback's tracker panel offers Create issue in Jira, and its link field beside its button, inside its column, at both widths", () => {
      const fits = { create: true, sideBySide: true, fieldWidth: true, inside: true };
      expect([seen.get("feedback")![1280].probe, seen.get("feedback")![390].probe]).toEqual([fits, fits]);
    });

    test("each member's role select and its button stay inside the member's row and show the role whole, in English and in French, at both widths", () => {
      const shown = ["settings-members", "settings-members-fr"].flatMap((name) => WIDTHS.flatMap((width) => seen.get(name)![width].probe));
      expect(shown.length).toBe(12);
      expect(shown.filter((row) => !row.inside || !row.textFits)).toEqual([]);
    });

    test("the inbox is a table at 1280 px that fits the page with a feature's path in it, in English and in French, each key and date on one line, and cards on a phone, headed by their select all, each last report beside its label, under the bar that keeps the account's link", () => {
      const wide = seen.get("inbox")![1280].probe;
      expect(wide.keyHeight).toBeLessThan(wide.line * 1.5);
      expect([wide.tableFits, seen.get("inbox-fr")![1280].probe.tableFits]).toEqual([true, true]);
      expect(seen.get("inbox")![390].probe).toEqual({
        account: true,
        head: { selectAll: true, columns: 1 },
        card: "block",
        width: expect.any(Number),
        lastReportGap: expect.any(Number),
      });
      expect(seen.get("inbox")![390].probe.lastReportGap).toBeLessThanOrEqual(8);
      expect(seen.get("inbox")![390].probe.width).toBeLessThanOrEqual(390);
    });
  });
});
