import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SignJWT } from "jose";
import type { Browser, Page } from "playwright-core";
import { chromiumPresent, closeContexts, saveScreenshot, sharedChromium, signedInPage, focusReaches } from "../support/chromium.ts";
import { startMailbox } from "../support/mailbox.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { portalLook } from "../support/portal-look.ts";
import { post } from "../support/server.ts";

const present = chromiumPresent("portal people tests");

let server: Served;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let browser: Browser;
let idea: string;
/** One tab for the tests that need none fresh (no storage, draft or focus of their own): the first finds it signed out, later ones sign in on it by a token. */
let shared: Page | undefined;
const sharedTab = async () => (shared ??= await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage());

/** A token of the customer's single sign-on for `email`, signed with a portal secret made now (each replaces the one before). */
async function ssoToken(email: string, name: string): Promise<string> {
  const ssoSecret = (await post(`${server.url}/v1/portal/sso-secret`, {}, { authorization: `Bearer ${server.demo.tokens.admin}` })).body.ssoSecret;
  return new SignJWT({ sub: email, email, name })
    .setProtectedHeader({ alg: "HS256" })
    .setExpirationTime("5m")
    .sign(new TextEncoder().encode(ssoSecret));
}

describe.skipIf(!present)("a person on the portal, in Chromium", () => {
  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await serveInProcess({ env: { SMTP_URL: mailbox.url, SMTP_FROM: "Acme <portal@acme.test>" } });
    const auth = { authorization: `Bearer ${server.demo.tokens.admin}` };
    const put = await fetch(`${server.url}/v1/portal`, {
      method: "PUT",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ enabled: true, title: "Acme Books feedback" }),
    });
    expect(put.status).toBe(200);
    const created = await post(`${server.url}/v1/reports`, {
      publicKey: server.demo.publicKey,
      kind: "idea",
      title: "Dark mode for the whole app",
      message: "Dark mode, please",
    });
    idea = created.body.ticketId;
    await post(`${server.url}/v1/feedbacks/${idea}/publish`, { description: "A darker theme for people who work at night." }, auth);
    await post(`${server.url}/v1/feedbacks/${idea}/comments`, { text: "We are looking at it for spring.", visibility: "public" }, auth);
    browser = await sharedChromium();
  });
  afterAll(async () => {
    await closeContexts(browser);
    await server?.stop();
    await mailbox?.close();
  });

  // The portal's pages run no script but the post form's own (their CSP allows no other); axe-core is evaluated through the DevTools protocol.
  test("signs in by an e-mail link from the vote box, comes back, votes, comments and posts an idea", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/p/demo/${idea}`);
    await page.click("a.votes");
    expect(new URL(page.url()).pathname).toBe("/p/demo/sign-in");
    // Its way back leads to the page the person came from, not the board.
    expect(await page.getByRole("link", { name: "Back to the page you were reading" }).getAttribute("href")).toBe(`/p/demo/${idea}`);
    expect(await portalLook(page, "sign-in")).toEqual([]);
    await page.fill("#email", "nora@customer.example");
    await page.click("button[type=submit]");
    expect(await page.textContent("h1")).toBe("Check your e-mail");
    const mail = mailbox.to("nora@customer.example").at(-1)!;
    const link = new URL(/(http:\/\/\S+\/p\/demo\/sign-in\/link\?\S+)/.exec(mail.text)![1]!);
    await page.goto(`${server.url}${link.pathname}${link.search}`);
    await page.click("button[type=submit]");
    // Back on the feedback's page, signed in.
    expect(new URL(page.url()).pathname).toBe(`/p/demo/${idea}`);
    expect(await page.textContent(".who-am-i")).toBe("nora@customer.example");
    // One press is left, on the focused button: the page did not vote by itself.
    expect(await page.textContent(".notice")).toContain("press the vote box");
    await focusReaches(page, "form.vote button");
    expect(await page.getAttribute("form.vote button", "aria-pressed")).toBe("false");
    expect(await portalLook(page, "feedback-back-to-vote")).toEqual([]);
    // Pressed from the keyboard, the page comes back with the focus still on the vote box, not at its top.
    await Promise.all([page.waitForURL(/#vote$/), page.keyboard.press("Enter")]);
    expect(await page.getAttribute("form.vote button", "aria-pressed")).toBe("true");
    expect(await page.textContent("form.vote strong")).toBe("1");
    await focusReaches(page, "form.vote button");
    await page.fill("#comment-text", "Yes please, my eyes hurt at night.");
    await page.click(".comment-form button[type=submit]");
    expect(await page.textContent(".notice")).toContain("The team reviews it before it appears here.");
    // The team's public comment and hers, held: the count holds both, and says hers waits.
    expect(await page.textContent("#comments-title")).toBe("2 comments · 1 waiting for review");
    expect(await portalLook(page, "feedback-signed-in")).toEqual([]);
    // Signed in, on a phone, in French: a portal named in one word keeps it whole beside the account.
    const titled = (title: string) =>
      fetch(`${server.url}/v1/portal`, {
        method: "PUT",
        headers: { authorization: `Bearer ${server.demo.tokens.admin}`, "content-type": "application/json" },
        body: JSON.stringify({ title }),
      });
    expect((await titled("Bookshop")).status).toBe(200);
    await page.goto(`${server.url}/p/demo?lang=fr`);
    await page.setViewportSize({ width: 390, height: 900 });
    const splitWords = await page.locator(".brand span:last-child").evaluate((name) => {
      const text = name.firstChild!;
      let at = 0;
      return name.textContent!.split(" ").filter((word) => {
        const range = document.createRange();
        range.setStart(text, at);
        range.setEnd(text, at + word.length);
        at += word.length + 1;
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
      });
    });
    expect(splitWords).toEqual([]);
    await saveScreenshot(page, "portal-board-signed-in-fr-390", { fullPage: false });
    expect((await titled("Acme Books feedback")).status).toBe(200);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/p/demo`);
    await page.click("a.postlink");
    expect(new URL(page.url()).pathname).toBe("/p/demo/new");
    expect(await portalLook(page, "post")).toEqual([]);
    await page.check("input[name=kind][value=problem]");
    await page.fill("#post-title", "Totals round the VAT down");
    await page.fill("#post-description", "On invoices with several lines the VAT total is one cent short.");
    await page.click(".post-form button[type=submit]");
    expect(await page.textContent(".notice")).toContain("It becomes public once the team has reviewed it and published it on the board");
    expect(await portalLook(page, "posted")).toEqual([]);
    // Its tracking page, hers alone, where she follows it meanwhile.
    await page.getByRole("link", { name: "See where your post stands" }).click();
    expect([new URL(page.url()).pathname.startsWith("/s/"), await page.textContent("h1")]).toEqual([true, "Totals round the VAT down"]);
    const review = await fetch(`${server.url}/v1/feedbacks?published=false&source=portal`, {
      headers: { authorization: `Bearer ${server.demo.tokens.admin}` },
    });
    expect(((await review.json()) as { data: Array<{ title: string; votes: number }> }).data).toEqual([
      expect.objectContaining({ title: "Totals round the VAT down", votes: 1 }),
    ]);
    await context.close();
  }, 180_000);

  test("a portal with nothing published yet says so on its board, and invites to post the first idea or problem", async () => {
    await server.cli("org", "create", "Bookshop", "--prefix", "SHOP");
    await server.cli("portal", "enable", "SHOP");
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${server.url}/p/shop`);
    expect(await page.textContent(".empty")).toBe("Nothing has been published here yet. Post the first idea or problem");
    expect(await page.locator(".filters, .sorts").count()).toBe(0);
    // In light alone: the board's dark colours are looked at with its feedbacks (portal-pages.test.ts).
    expect(await portalLook(page, "board-empty", ["light"])).toEqual([]);
    await page.goto(`${server.url}/p/shop?lang=fr`);
    await page.setViewportSize({ width: 390, height: 900 });
    await saveScreenshot(page, "portal-board-empty-fr-390", { fullPage: false });
  });

  test("back from saving the portal's settings, the Admin reads what the save did first, under the title", async () => {
    const team = await signedInPage(browser, server.url, server.demo.users.admin);
    await team.goto(`${server.url}/settings/portal`);
    await team.getByRole("button", { name: "Save" }).click();
    expect(await team.locator("main h1 + *").getAttribute("class")).toBe("notice");
    expect(await portalLook(team, "team-settings-saved", ["light"])).toEqual([]);
  });

  test("a comment held for review is offered to the team with Publish and Reject; Reject asks once more, and the comment leaves its author's page", async () => {
    const token = await ssoToken("hugo@customer.example", "Hugo");
    const author = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await author.goto(`${server.url}/p/demo/sso?token=${token}&next=/p/demo/${idea}`);
    await author.fill("#comment-text", "Cheap e-books at books-for-less.example, visit now!");
    await author.click(".comment-form button[type=submit]");
    expect(await author.textContent("main")).toContain("Cheap e-books");
    const team = await signedInPage(browser, server.url, server.demo.users.member);
    await team.goto(`${server.url}/inbox/${idea}`);
    const held = team.locator("ul.plain li", { hasText: "Cheap e-books" });
    // Each names the comment to screen readers, after its visible words.
    const comment = "the comment by Hugo: “Cheap e-books at books-for-less.example, visit now!”";
    expect(await held.getByRole("button").allTextContents()).toEqual([`Publish on the portal ${comment}`, `Reject ${comment}`]);
    await held.scrollIntoViewIfNeeded();
    expect(await portalLook(team, "team-held-comment", ["light"])).toEqual([]);
    await held.getByRole("button", { name: "Reject" }).click();
    expect(await team.textContent("h1")).toBe("Reject the comment Hugo wrote on the portal?");
    expect(await portalLook(team, "team-reject-comment", ["light"])).toEqual([]);
    await team.getByRole("button", { name: "Reject and delete" }).click();
    expect(await team.textContent(".notice")).toBe("The comment was rejected and deleted.");
    expect(await team.locator("main").textContent()).not.toContain("Cheap e-books");
    await author.reload();
    expect(await author.textContent("main")).not.toContain("Cheap e-books");
  });

  test("signs in through the organization's own sign-in, offered beside the e-mail link, and comes back to the page it left; a refused token offers both again", async () => {
    const auth = { authorization: `Bearer ${server.demo.tokens.admin}` };
    const ssoSecret = (await post(`${server.url}/v1/portal/sso-secret`, {}, auth)).body.ssoSecret;
    // The organization's login, as its server would do it once the person is signed in there: a token, and return_to handed back.
    const login = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch: async (request) => {
        const returnTo = new URL(request.url).searchParams.get("return_to") ?? "";
        const token = await new SignJWT({ sub: "u-77", email: "iris@customer.example", name: "Iris" })
          .setProtectedHeader({ alg: "HS256" })
          .setExpirationTime("5m")
          .sign(new TextEncoder().encode(ssoSecret));
        return Response.redirect(`${server.url}/p/demo/sso?token=${token}&return_to=${encodeURIComponent(returnTo)}`, 302);
      },
    });
    try {
      const put = await fetch(`${server.url}/v1/portal`, {
        method: "PUT",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ signInUrl: `http://127.0.0.1:${login.port}/login` }),
      });
      expect(put.status).toBe(200);
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
      await page.goto(`${server.url}/p/demo/${idea}`);
      await page.click("a.votes");
      expect(new URL(page.url()).pathname).toBe("/p/demo/sign-in");
      expect(await page.locator("#email").count()).toBe(1);
      expect(await portalLook(page, "sign-in-both")).toEqual([]);
      await page.click("a.button");
      // Back on the feedback's page, signed in, one press from voting.
      expect(new URL(page.url()).pathname).toBe(`/p/demo/${idea}`);
      expect(await page.textContent(".who-am-i")).toBe("Iris");
      expect(await page.textContent(".notice")).toContain("press the vote box");
      await page.goto(`${server.url}/p/demo/sso?token=expired.or.forged&return_to=${encodeURIComponent(`${server.url}/p/demo/roadmap`)}`);
      expect(await page.textContent("h1")).toBe("Signing in did not work");
      expect(await page.locator("a.button").textContent()).toBe("Sign in again");
      expect(await page.locator('a[href^="/p/demo/sign-in"]').textContent()).toBe("Sign in with a link by e-mail");
      expect(await portalLook(page, "sso-refused", ["light"])).toEqual([]);
    } finally {
      login.stop(true);
      await fetch(`${server.url}/v1/portal`, {
        method: "PUT",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ signInUrl: null }),
      });
    }
  });

  test("on a service that sends no e-mail and a portal without the organization's sign-in, the sign-in page says there is no way in yet, and reading needs none", async () => {
    const bare = await serveInProcess();
    try {
      const put = await fetch(`${bare.url}/v1/portal`, {
        method: "PUT",
        headers: { authorization: `Bearer ${bare.demo.tokens.admin}`, "content-type": "application/json" },
        body: JSON.stringify({ enabled: true, title: "Acme Books feedback" }),
      });
      expect(put.status).toBe(200);
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
      await page.goto(`${bare.url}/p/demo/sign-in`);
      expect(await page.textContent("main")).toContain("This portal has no way to sign in yet.");
      expect(await page.locator("main button, main form, main a.button").count()).toBe(0);
      expect(await portalLook(page, "sign-in-none", ["light"])).toEqual([]);
    } finally {
      await bare.stop();
    }
  });

  test("signed out, the vote box of a feedback takes the brand colour under the pointer, as the signed-in one does", async () => {
    const page = await sharedTab();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/p/demo/${idea}`);
    const border = () => page.locator("a.votes").evaluate((box) => getComputedStyle(box).borderTopColor);
    const resting = await border();
    await page.hover("a.votes");
    // The default brand colour, #4f46e5.
    expect([resting, await border()]).toEqual(["rgb(229, 231, 235)", "rgb(79, 70, 229)"]);
  });

  test("what a person types in a comment or a post is in the portal's own font, as the other fields are, not the browser's monospace", async () => {
    const token = await ssoToken("kim@customer.example", "Kim");
    const page = await sharedTab();
    await page.setViewportSize({ width: 390, height: 900 });
    const fonts = (field: string) =>
      page.evaluate((selector) => {
        const font = (element: Element | null) => (element ? getComputedStyle(element).fontFamily : "absent");
        return [font(document.querySelector(selector)), font(document.body)];
      }, field);
    await page.goto(`${server.url}/p/demo/sso?token=${token}&next=/p/demo/${idea}`);
    const [comment, aroundComment] = await fonts("#comment-text");
    expect(comment).toBe(aroundComment!);
    await page.goto(`${server.url}/p/demo/new`);
    const [details, aroundDetails] = await fonts("#post-description");
    expect(details).toBe(aroundDetails!);
  });

  test("signed in by the customer's single sign-on, back on a page the browser showed signed out, the person is signed in there at once", async () => {
    const token = await ssoToken("bea@customer.example", "Bea");
    // A tab of its own: the feedback's page seen signed out must be this test's (the shared tab may hold Kim's session).
    const page = await (await browser.newContext({ viewport: { width: 390, height: 900 } })).newPage();
    // Seen signed out first: public, kept 30 s by the browser, which must not show that copy again once signed in.
    await page.goto(`${server.url}/p/demo/${idea}`);
    expect(await page.locator(".who-am-i").count()).toBe(0);
    await page.goto(`${server.url}/p/demo/sso?token=${token}&next=/p/demo/${idea}`);
    expect([new URL(page.url()).pathname, await page.textContent(".who-am-i")]).toEqual([`/p/demo/${idea}`, "Bea"]);
    expect(await page.locator("form.vote button").count()).toBe(1);
  });

  test("typing a title, the person is offered the published ideas that look like it above the form, with their votes and a link to each, the title still in view on a phone", async () => {
    const token = await ssoToken("lea@customer.example", "Léa");
    const page = await sharedTab();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/p/demo/sso?token=${token}&next=/p/demo/new`);
    await page.locator("#post-title").pressSequentially("Dark mode for the app");
    const offered = page.locator("#look-alikes li");
    await offered.first().waitFor();
    expect(await page.textContent("#look-alikes-status")).toBe("1 similar post, listed above the form");
    expect(await offered.locator("a").getAttribute("href")).toBe(`${server.url}/p/demo/${idea}`);
    expect(await offered.locator(".count").textContent()).toMatch(/^\d+ votes?$/);
    // Reached from the keyboard, first after the way back.
    await page.focus("a.back");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.matches("#look-alikes a") ?? false)).toBe(true);
    expect(await portalLook(page, "post-look-alikes")).toEqual([]);
    // On a phone whose keyboard leaves 500 px of page, the list comes above the form, and the title stays in view.
    await page.setViewportSize({ width: 390, height: 500 });
    await page.goto(`${server.url}/p/demo/new`);
    await page.locator("#post-title").pressSequentially("Dark mode for the app");
    await offered.first().waitFor();
    const title = (await page.locator("#post-title").boundingBox())!;
    expect(title.y + title.height).toBeLessThanOrEqual(500);
    await saveScreenshot(page, "portal-post-look-alikes-390-typing", { fullPage: false });
  });
});
