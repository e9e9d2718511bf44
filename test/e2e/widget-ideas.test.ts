import { Database } from "bun:sqlite";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { SignJWT } from "jose";
import type { Browser, Page } from "playwright-core";
import { seriousViolations } from "../support/axe.ts";
import { chromiumPresent, closeContexts, saveScreenshot, sharedChromium } from "../support/chromium.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { type Mailbox, startMailbox } from "../support/mailbox.ts";
import { get, post } from "../support/server.ts";
import { jobsDone } from "../support/wait.ts";

const present = chromiumPresent("widget Ideas browser tests");

let server: Served;
let mailbox: Mailbox;
let browser: Browser;
let db: Database;
/** The host site: a page that identifies its person with a single sign-on token, and one that does not. */
let site: ReturnType<typeof Bun.serve>;
let ssoSecret = "";

const admin = (method: string, path: string, body: unknown = {}) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${server.demo.tokens.admin}` },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

/** The customer's server signs who the person is, with the portal's SSO secret (or, misconfigured, with another). */
const token = (email: string, secret = ssoSecret) =>
  new SignJWT({ email, name: "Ada Lovelace" })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject("user-42")
    .setExpirationTime("7d")
    .sign(new TextEncoder().encode(secret));

function serveSite() {
  return Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      const lang = url.searchParams.get("lang") ?? "en";
      // The site's person (?who=, Ada by default), identified before the loader runs, as the README's snippet queues calls.
      const who = url.searchParams.get("who") ?? "ada@customer.example";
      // ?forged: a token signed with a secret that is not the portal's, which the service refuses.
      const secret = url.searchParams.has("forged") ? "not-the-portal-secret" : ssoSecret;
      const person = JSON.stringify({ email: who, name: "Ada Lovelace", token: await token(who, secret) });
      const identify = url.pathname === "/signed" ? `<script>window.Retour={q:[["identify",[${person}]]]};</script>` : "";
      return new Response(
        `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Bookings</title></head>
<body><main><h1>Bookings</h1><p>Your bookings for the week.</p></main>${identify}<script src="${server.url}/widget.js" data-key="${server.demo.widgetKey}" async></script></body></html>`,
        { headers: { "content-type": "text/html; charset=utf-8" } },
      );
    },
  });
}

/** A report of the demo app, published on the portal; its key. */
async function published(title: string, message: string): Promise<string> {
  const res = await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "idea", title, message });
  expect(res.status).toBe(201);
  expect((await admin("POST", `/v1/feedbacks/${res.body.ticketId}/publish`)).status).toBe(200);
  return res.body.ticketId;
}

describe.skipIf(!present)("the widget's Ideas tab and look-alike offer, in Chromium", () => {
  let calendar: string;
  beforeAll(async () => {
    // A service that sends e-mail: the portal signs people in by a link, so the tab offers it.
    mailbox = await startMailbox();
    server = await serveInProcess({ env: { SMTP_URL: mailbox.url, SMTP_FROM: "Bookings <ideas@bookings.test>" } });
    db = new Database(join(server.dataDir, "retour.sqlite"), { readonly: true });
    site = serveSite();
    await server.cli("app", "browser", "DEMO", server.demo.appId, "--origins", site.url.origin);
    expect((await admin("PUT", "/v1/portal", { enabled: true })).status).toBe(200);
    ssoSecret = (await admin("POST", "/v1/portal/sso-secret")).body.ssoSecret;
    calendar = await published("Sync bookings with Google Calendar", "I want my bookings to appear in my Google Calendar automatically.");
    await published("Export bookings as a spreadsheet", "Let me download my bookings as a CSV file for accounting.");
    await published("Recurring bookings", "Book the same slot every week without doing it again each time.");
    await jobsDone(db);
    browser = await sharedChromium();
  });
  afterEach(() => closeContexts(browser));
  afterAll(async () => {
    await closeContexts(browser);
    site?.stop(true);
    db?.close();
    await server?.stop();
    await mailbox?.close();
  });

  async function hostPage(path: string, width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 860 } });
    const tab = await context.newPage();
    await tab.goto(`${site.url.origin}${path}`);
    await tab.getByRole("button", { name: /Feedback|Avis/ }).waitFor();
    return tab;
  }

  test("an identified person sees the app's top ideas with their votes and votes from the Ideas tab, at 1280 and 390 px; on another visit the tab shows that vote", async () => {
    const tab = await hostPage("/signed", 1280);
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByRole("tab", { name: "Ideas" }).click();
    const list = tab.locator("[data-retour-widget] .idea");
    await list.first().waitFor();
    const portalLink = tab.getByRole("link", { name: /All ideas on the portal/ });
    const linkAt = (await portalLink.boundingBox())!.y;
    await tab.getByRole("button", { name: /Vote for “Sync bookings with Google Calendar”/ }).click();
    // Cast once, the button says so and rests: a vote is not taken back here.
    const voted = tab.getByRole("button", { name: /Voted for “Sync bookings with Google Calendar”/ });
    await voted.waitFor();
    // Said in words as well as colour, aloud too, and the focus stays on it.
    expect([await voted.getAttribute("aria-disabled"), await voted.textContent()]).toEqual(["true", expect.stringContaining("1 voteVoted")]);
    expect(
      await voted.evaluate((button) => button.getRootNode() instanceof ShadowRoot && (button.getRootNode() as ShadowRoot).activeElement === button),
    ).toBe(true);
    // The status line says it to a screen reader, not to the eye a second time: a box of 1 px, clipped away.
    const announced = tab.locator("[data-retour-widget] .status").getByText("Voted for “Sync bookings with Google Calendar”", { exact: true });
    await announced.waitFor();
    expect(await announced.evaluate((said) => [said.getBoundingClientRect().width, getComputedStyle(said).clipPath])).toEqual([1, "inset(50%)"]);
    // Nor does the status line under the list grow for it (the dialog, held at the bottom, would move up).
    expect((await portalLink.boundingBox())!.y).toBe(linkAt);
    for (const width of [1280, 390]) {
      await tab.setViewportSize({ width, height: 860 });
      expect(await list.count()).toBe(3);
      expect(await list.first().isVisible()).toBe(true);
      expect(await tab.getByRole("link", { name: /All ideas on the portal/ }).getAttribute("href")).toBe(`${server.url}/p/demo`);
      expect(await seriousViolations(tab)).toEqual([]);
      await saveScreenshot(tab, `widget-ideas-${width}`, { fullPage: false });
    }
    const voters = await get(`${server.url}/v1/feedbacks/${calendar}/voters`, server.demo.tokens.admin);
    expect(voters.body.data.map((v: { email: string }) => v.email)).toEqual(["ada@customer.example"]);
    // On another visit the tab knows of the vote: its button says so from the start and rests; the others still offer a vote.
    await tab.reload();
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByRole("tab", { name: "Ideas" }).click();
    await list.first().waitFor();
    const known = tab.getByRole("button", { name: /Voted for “Sync bookings with Google Calendar”/ });
    expect([await known.getAttribute("aria-disabled"), await known.textContent()]).toEqual(["true", expect.stringContaining("1 voteVoted")]);
    expect(await tab.getByRole("button", { name: /^Vote for / }).count()).toBe(2);
  });

  /** What the widget tells the page of its errors (`Retour.on("error")`), as they come: the codes of the service's refusals. */
  async function widgetErrors(tab: Page): Promise<string[]> {
    const errors: string[] = [];
    await tab.exposeFunction("widgetError", (code: string) => errors.push(code));
    await tab.evaluate(() => {
      const api = window.Retour as unknown as { on(event: string, fn: (detail: unknown) => void): void };
      api.on("error", (detail) => (window as unknown as { widgetError(code: string): void }).widgetError(String((detail as { code?: string }).code)));
    });
    return errors;
  }

  test("with a token the service refuses, the Ideas tab says the sign-in for votes was not accepted and offers no vote, nor does the look-alike offer, at 390 and 1280 px; the site's error event gets the refusal once", async () => {
    const tab = await hostPage("/signed?forged", 390);
    const errors = await widgetErrors(tab);
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByRole("tab", { name: "Ideas" }).click();
    await tab.getByText("Your sign-in for votes was not accepted. Reload the page, then vote again.").waitFor();
    expect(await tab.locator("[data-retour-widget] .idea").count()).toBe(3);
    expect(await tab.locator("[data-retour-widget] button.vote").count()).toBe(0);
    for (const width of [390, 1280]) {
      await tab.setViewportSize({ width, height: 860 });
      expect(await seriousViolations(tab)).toEqual([]);
      await saveScreenshot(tab, `widget-ideas-refused-token-${width}`, { fullPage: false });
    }
    await tab.getByRole("tab", { name: "Report" }).click();
    await tab.getByLabel("Your message").fill("Could my bookings show up in Google Calendar?");
    await tab.getByRole("link", { name: "Vote on the portal" }).first().waitFor();
    expect([await tab.getByRole("button", { name: "Vote for this one" }).count(), errors]).toEqual([0, ["invalid_sso_token"]]);
  });

  test("a token refused at the first vote (the person's votes not known in time) rests every vote of the tab, and the site's error event gets the refusal once", async () => {
    const tab = await hostPage("/signed?forged", 390);
    // The service's answer to which ideas count the person's vote, as if it came before the token was refused.
    await tab.route(`${server.url}/v1/widget/voted`, (route) => route.fulfill({ json: { voted: [] } }));
    const errors = await widgetErrors(tab);
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByRole("tab", { name: "Ideas" }).click();
    const votes = tab.locator("[data-retour-widget] button.vote");
    await votes.first().waitFor();
    await votes.first().click();
    const lapsed = tab.getByText("Your sign-in for votes was not accepted. Reload the page, then vote again.");
    await lapsed.waitFor();
    // Shown, unlike a vote's announcement: the person has something to do.
    expect((await lapsed.boundingBox())!.width).toBeGreaterThan(100);
    // The others pressed too, resting or not (force: a resting button says it is disabled).
    for (const vote of (await votes.all()).slice(1)) await vote.click({ force: true });
    const resting = await votes.evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-disabled")));
    expect([resting, errors]).toEqual([["true", "true", "true"], ["invalid_sso_token"]]);
  });

  /** The site identifies its person anew (`Retour.identify`), with a token the portal's secret signs. */
  async function identifyAnew(tab: Page, who: string): Promise<void> {
    const fresh = await token(who);
    await tab.evaluate(
      ([email, signed]) => (window.Retour as unknown as { identify(person: object): void }).identify({ email, name: "Ada Lovelace", token: signed }),
      [who, fresh],
    );
  }

  test("a fresh token the site gives while the Ideas tab is open takes effect at once: the refused token's notice goes and the tab offers votes, at 390 and 1280 px", async () => {
    const tab = await hostPage("/signed?forged&who=erin@customer.example", 390);
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByRole("tab", { name: "Ideas" }).click();
    const lapsed = tab.getByText("Your sign-in for votes was not accepted. Reload the page, then vote again.");
    await lapsed.waitFor();
    await identifyAnew(tab, "erin@customer.example");
    const votes = tab.locator("[data-retour-widget] button.vote");
    await votes.first().waitFor({ timeout: 10_000 });
    expect([await lapsed.count(), await votes.count(), await tab.getByRole("tab", { name: "Ideas" }).getAttribute("aria-selected")]).toEqual([
      0,
      3,
      "true",
    ]);
    for (const width of [390, 1280]) {
      await tab.setViewportSize({ width, height: 860 });
      expect(await seriousViolations(tab)).toEqual([]);
      await saveScreenshot(tab, `widget-ideas-identified-anew-${width}`, { fullPage: false });
    }
  });

  test("a fresh token the site gives after one was refused at a vote brings the tab's votes back at once, the refusal no longer said, and a vote then counts", async () => {
    const tab = await hostPage("/signed?forged&who=fay@customer.example", 390);
    // The service's answer to which ideas count the person's vote, as if it came before the token was refused.
    await tab.route(`${server.url}/v1/widget/voted`, (route) => route.fulfill({ json: { voted: [] } }));
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByRole("tab", { name: "Ideas" }).click();
    const votes = tab.locator("[data-retour-widget] button.vote");
    await votes.first().click();
    const lapsed = tab.getByText("Your sign-in for votes was not accepted. Reload the page, then vote again.");
    await lapsed.waitFor();
    await identifyAnew(tab, "fay@customer.example");
    // The tab drawn anew: its three votes offered again, none resting.
    await tab.locator("[data-retour-widget] button.vote:not([aria-disabled])").nth(2).waitFor({ timeout: 10_000 });
    expect([await votes.count(), await lapsed.count()]).toEqual([3, 0]);
    await votes.first().click();
    await tab.getByRole("button", { name: /^Voted for / }).waitFor({ timeout: 10_000 });
  });

  test("the Ideas tab drawn again after a vote in the page (the site signs the person out) shows the votes with that vote, not the list the browser kept from before it", async () => {
    const tab = await hostPage("/signed?who=gus@customer.example", 1280);
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByRole("tab", { name: "Ideas" }).click();
    const recurring = tab.locator("[data-retour-widget] .idea", { hasText: "Recurring bookings" });
    const before = Number(await recurring.locator("b").textContent());
    await tab.getByRole("button", { name: /Vote for “Recurring bookings”/ }).click();
    await tab.getByRole("button", { name: /Voted for “Recurring bookings”/ }).waitFor();
    // Signed out, the tab is drawn anew with the counts of the portal's list alone (no vote of theirs to ask about).
    await tab.evaluate(() => (window.Retour as unknown as { identify(person: object): void }).identify({}));
    const shown = recurring.locator(".count b");
    await shown.waitFor({ timeout: 10_000 });
    expect(Number(await shown.textContent())).toBe(before + 1);
  });

  test("without a token the tab offers the portal's sign-in in a new tab, in French too, coming back to the app's ideas on the portal; the arrow keys move between the tabs", async () => {
    const tab = await hostPage("/anonymous?lang=fr", 390);
    await tab.getByRole("button", { name: "Avis" }).click();
    await tab.getByRole("tab", { name: "Signaler" }).focus();
    await tab.keyboard.press("ArrowRight");
    expect(await tab.getByRole("tab", { name: "Idées" }).getAttribute("aria-selected")).toBe("true");
    expect(await tab.evaluate(() => document.querySelector("[data-retour-widget]")!.shadowRoot!.activeElement?.textContent)).toBe("Idées");
    const signIn = tab.getByRole("link", { name: /Pour voter, connectez-vous sur le portail/ });
    await signIn.waitFor();
    const ideas = `/p/demo?appId=${server.demo.appId}`;
    expect([await signIn.getAttribute("href"), await signIn.getAttribute("target")]).toEqual([
      `${server.url}/p/demo/sign-in?next=${encodeURIComponent(ideas)}`,
      "_blank",
    ]);
    expect(await tab.locator("[data-retour-widget] button.vote").count()).toBe(0);
    expect(await seriousViolations(tab)).toEqual([]);
    await saveScreenshot(tab, "widget-ideas-signed-out-fr-390", { fullPage: false });
    // The portal's sign-in, opened in its tab, keeps where to come back to: its form posts it.
    const [portal] = await Promise.all([tab.context().waitForEvent("page"), signIn.click()]);
    await portal.waitForLoadState();
    expect(await portal.locator('form[action="/p/demo/sign-in"] input[name="next"]').getAttribute("value")).toBe(ideas);
  });

  test("reopened from the keyboard on the Ideas tab, the panel focuses that tab", async () => {
    const tab = await hostPage("/anonymous", 390);
    const launcher = tab.getByRole("button", { name: "Feedback" });
    await launcher.click();
    const ideas = tab.getByRole("tab", { name: "Ideas" });
    await ideas.click();
    await tab.keyboard.press("Escape");
    await launcher.focus();
    await tab.keyboard.press("Enter");
    await ideas.waitFor();
    expect(await ideas.evaluate((e) => (e.getRootNode() as ShadowRoot).activeElement === e)).toBe(true);
  });

  test("where the portal cannot sign anyone in by e-mail, the tab offers no sign-in that would lead nowhere", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 860 } });
    // The settings of a service without e-mail, as it answers them.
    await context.route(`${server.url}/v1/widget/config*`, async (route) => {
      const answer = await route.fetch();
      const settings = await answer.json();
      expect(settings.portal.emailSignIn).toBe(true);
      await route.fulfill({ response: answer, json: { ...settings, portal: { ...settings.portal, emailSignIn: false } } });
    });
    const tab = await context.newPage();
    await tab.goto(`${site.url.origin}/anonymous`);
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByRole("tab", { name: "Ideas" }).click();
    await tab.getByRole("link", { name: /All ideas on the portal/ }).waitFor();
    expect(await tab.getByRole("link", { name: /sign in on the portal/ }).count()).toBe(0);
  });

  test("while a person writes, a published look-alike is offered first; choosing it votes and follows, and no report is sent", async () => {
    const before = (await get(`${server.url}/v1/feedbacks?status=all&limit=100`, server.demo.tokens.admin)).body.data.length;
    const followers = async () => (await get(`${server.url}/v1/feedbacks/${calendar}`, server.demo.tokens.admin)).body.followers;
    const following = await followers();
    const tab = await hostPage("/signed?who=bob@customer.example", 390);
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByLabel("Your message").fill("Could my bookings show up in Google Calendar?");
    const offer = tab.getByText("Is it one of these? Vote instead.");
    await offer.waitFor();
    for (const width of [390, 1280]) {
      await tab.setViewportSize({ width, height: 860 });
      expect(await offer.isVisible()).toBe(true);
      expect(await tab.locator("[data-retour-widget] .offer a").first().textContent()).toBe("Sync bookings with Google Calendar");
      expect(await seriousViolations(tab)).toEqual([]);
      await saveScreenshot(tab, `widget-look-alike-${width}`, { fullPage: false });
    }
    await tab.getByRole("button", { name: "Vote for this one" }).first().click();
    await tab.getByText(/Your vote is counted, and you will hear about “Sync bookings with Google Calendar”/).waitFor();
    await saveScreenshot(tab, "widget-look-alike-voted-1280", { fullPage: false });
    const after = (await get(`${server.url}/v1/feedbacks?status=all&limit=100`, server.demo.tokens.admin)).body.data.length;
    expect(after).toBe(before);
    const voters = await get(`${server.url}/v1/feedbacks/${calendar}/voters`, server.demo.tokens.admin);
    expect(voters.body.data.map((v: { email: string }) => v.email)).toContain("bob@customer.example");
    expect(await followers()).toBe(following + 1);
  });

  test("a person who had already voted for the look-alike they choose is told so, as the Ideas tab says it, in English and French", async () => {
    const who = "carol@customer.example";
    const earlier = await post(
      `${server.url}/v1/widget/votes`,
      { publicKey: server.demo.widgetKey, key: calendar, token: await token(who) },
      { origin: site.url.origin },
    );
    expect([earlier.status, earlier.body.counted]).toEqual([200, true]);
    for (const [lang, launcher, field, choose, said] of [
      [
        "en",
        "Feedback",
        "Your message",
        "Vote for this one",
        "You had already voted for “Sync bookings with Google Calendar”. Your report was not sent.",
      ],
      [
        "fr",
        "Avis",
        "Votre message",
        "Voter pour celui-ci",
        "Vous aviez déjà voté pour «\u202fSync bookings with Google Calendar\u202f». Votre signalement n’a pas été envoyé.",
      ],
    ] as const) {
      const tab = await hostPage(`/signed?who=${who}&lang=${lang}`, 390);
      await tab.getByRole("button", { name: launcher }).click();
      await tab.getByLabel(field).fill("Could my bookings show up in Google Calendar?");
      await tab.getByRole("button", { name: choose }).first().click();
      await tab.getByText(said, { exact: true }).waitFor();
      await saveScreenshot(tab, `widget-look-alike-already-voted-${lang}-390`, { fullPage: false });
      await tab.context().close();
    }
  });

  test("on a 320 px phone, once the look-alikes appear, the panel's title and Close stay in view while its form scrolls", async () => {
    const tab = await hostPage("/signed?who=dan@customer.example", 320);
    await tab.setViewportSize({ width: 320, height: 568 });
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByLabel("Your message").fill("Could my bookings show up in Google Calendar?");
    await tab.getByText("Is it one of these? Vote instead.").waitFor();
    await tab.getByRole("button", { name: "Send", exact: true }).scrollIntoViewIfNeeded();
    const dialog = tab.getByRole("dialog", { name: "Send feedback" });
    expect(await dialog.evaluate((panel) => panel.scrollTop)).toBeGreaterThan(0);
    const [shown, close] = [(await dialog.boundingBox())!, (await tab.getByRole("button", { name: "Close" }).boundingBox())!];
    expect([close.y >= shown.y, close.y >= 0, close.y + close.height <= 568]).toEqual([true, true, true]);
    await saveScreenshot(tab, "widget-look-alike-scrolled-320", { fullPage: false });
    for (const width of [390, 1280]) {
      await tab.setViewportSize({ width, height: 568 });
      await saveScreenshot(tab, `widget-look-alike-scrolled-${width}`, { fullPage: false });
    }
  });
});
