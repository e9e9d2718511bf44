import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { chromiumPresent, closeContexts, SCREENSHOTS, saveScreenshot, sharedChromium } from "../support/chromium.ts";
import { buildWidget } from "../../apps/widget/build.ts";
import { FormBrowser, signIn } from "../support/browser.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { get } from "../support/server.ts";
import { waitFor } from "../support/wait.ts";
import { scratchDir } from "../support/scratch.ts";

const present = chromiumPresent("widget browser tests");

/** Strings a page holds that must never leave it. */
const SECRETS = ["hunter2-Secret", "ann.private@example.test", "hidden-token-4242", "Card 4970 1234 5678 9012"];

let server: Served;
let browser: Browser;
/** The host site: pages on an origin of their own, one of them with a strict CSP. */
let site: ReturnType<typeof Bun.serve>;
let elsewhere: ReturnType<typeof Bun.serve>;

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="stylesheet" href="/site.css"></head><body>
<header><strong>Acme Shop</strong></header><main>${body}</main>
<script src="/site.js"></script>
<script src="${server.url}/widget.js" data-key="${server.demo.widgetKey}" async></script></body></html>`;

const SITE_CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}header{padding:16px 24px;background:#0f172a;color:#fff}
main{padding:24px;max-width:720px}label{display:block;margin:12px 0 4px}input{font:inherit;padding:8px;width:100%;max-width:360px}`;
/** The host page's own bugs: an error in the console and a failed request, before anyone opens the widget. */
const SITE_JS = `document.querySelector("button").addEventListener("click", () => {
  fetch("/api/pay?card=4242", { method: "POST" }).catch(() => {});
  console.error("Checkout exploded: total is undefined");
});`;

const CHECKOUT = `<h1>Checkout</h1><button type="button">Pay now</button>
<label for="password">Password</label><input id="password" type="password" value="hunter2-Secret">
<label for="email">E-mail</label><input id="email" type="email" value="ann.private@example.test">
<input type="hidden" name="token" value="hidden-token-4242">
<p data-retour-mask>Card 4970 1234 5678 9012</p>`;

/** The README's embed snippet, as a reader copies it, its optional calls filled in (their // taken out) as a site does. */
const README_SNIPPET = (() => {
  const readme = readFileSync(join(import.meta.dir, "..", "..", "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Collecting from the browser"));
  return /```html\n([\s\S]*?)```/.exec(section)![1]!.replace(/\/\/ (Retour\.(identify|metadata|on)\()/g, "$1");
})();

function serveSite(strictCsp: boolean) {
  return Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(request) {
      const { pathname } = new URL(request.url);
      if (pathname === "/site.css") return new Response(SITE_CSS, { headers: { "content-type": "text/css" } });
      if (pathname === "/site.js") return new Response(SITE_JS, { headers: { "content-type": "text/javascript" } });
      if (pathname === "/api/pay") return new Response("no", { status: 500 });
      if (pathname === "/remounted") {
        // A framework that mounted the widget, unmounted it and mounted it again (React's StrictMode) before the loader ran:
        // each mount ran the snippet (the stub, a listener, the loader's tag), the unmount Retour.destroy().
        const tag = `<script src="${server.url}/widget.js" data-key="${server.demo.widgetKey}" async></script>`;
        const stub = `<script>window.Retour=window.Retour||{q:[]};["open","close","identify","metadata","on","destroy"].forEach(function(n){Retour[n]=Retour[n]||function(){Retour.q.push([n,arguments])}});</script>`;
        const mount = (name: string) => `${stub}<script>Retour.on("open",function(){(window.heard=window.heard||[]).push("${name}")})</script>${tag}`;
        return new Response(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Remounted</title></head><body><h1>Plans</h1>${mount("first mount")}<script>Retour.destroy()</script>${mount("second mount")}</body></html>`,
          { headers: { "content-type": "text/html; charset=utf-8" } },
        );
      }
      if (pathname === "/pasted" || pathname === "/opens") {
        // The snippet as the README gives it, with this server's address and the demo's widget key in place of its placeholders;
        // /opens opens the widget at once, from the page's own script, before the loader has run.
        const pasted = README_SNIPPET.replace("http://localhost:3000", server.url).replace("widget_…", server.demo.widgetKey);
        const opens = pathname === "/opens" ? `<script>Retour.open({ kind: "idea", message: "Keep my basket between visits." })</script>` : "";
        return new Response(
          `<!doctype html><html lang="${new URL(request.url).searchParams.get("lang") ?? "en"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Pasted</title></head><body><h1>Plans</h1>${pasted}${opens}</body></html>`,
          {
            headers: { "content-type": "text/html; charset=utf-8" },
          },
        );
      }
      const csp = `default-src 'self'; script-src 'self' ${server.url}; connect-src 'self' ${server.url}; style-src 'self'; img-src 'self' data: blob:`;
      return new Response(page("Checkout", CHECKOUT), {
        headers: { "content-type": "text/html; charset=utf-8", ...(strictCsp && { "content-security-policy": csp }) },
      });
    },
  });
}

let cspSite: ReturnType<typeof Bun.serve>;
/** The demo Admin's session cookies, from the real sign-in form: the inbox opens signed in, without walking the form again. */
let adminCookies: Array<{ name: string; value: string; url: string }>;
/** The hashed name of the widget's screenshot module, which a page imports to call it itself. */
let screenshotModule: string;

describe.skipIf(!present)("the widget on a host page, in Chromium", () => {
  beforeAll(async () => {
    server = await serveInProcess();
    [site, cspSite, elsewhere] = [serveSite(false), serveSite(true), serveSite(false)];
    const appId = (await server.cli("app", "list", "DEMO")).trim().split(/\s+/)[0]!;
    await server.cli("app", "browser", "DEMO", appId, "--origins", `${site.url.origin},${cspSite.url.origin}`, "--replay", "on");
    const admin = new FormBrowser(server.url);
    await signIn(admin, server.demo.users.admin.email, server.demo.users.admin.password, "/inbox");
    adminCookies = admin
      .cookieHeader()
      .split("; ")
      .map((pair) => pair.split("="))
      .map(([name, ...value]) => ({ name: name!, value: value.join("="), url: server.url }));
    screenshotModule = `${server.url}/widget/${(await buildWidget()).names.screenshot}`;
    browser = await sharedChromium();
  });
  afterEach(() => closeContexts(browser));
  afterAll(async () => {
    await closeContexts(browser);
    for (const s of [site, cspSite, elsewhere]) s?.stop(true);
    await server?.stop();
  });

  async function hostPage(origin: URL, width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 860 } });
    const tab = await context.newPage();
    await tab.goto(`${origin.origin}/checkout?coupon=SPRING`);
    await tab.getByRole("button", { name: "Feedback" }).waitFor();
    return tab;
  }

  /** Sends the form, then answers the assistant's questions until the report is recorded. */
  async function sendAndQualify(tab: Page, message: string): Promise<string> {
    await tab.getByLabel("Your message").fill(message);
    await tab.getByRole("button", { name: "Send", exact: true }).click();
    return qualify(tab);
  }

  /** Answers the assistant's questions of a report sent until it is recorded; its tracking link. */
  async function qualify(tab: Page): Promise<string> {
    for (let step = 0; step < 6; step++) {
      const done = tab.getByRole("link", { name: "Follow its progress" });
      const next = tab.getByRole("button", { name: "Continue" });
      await done.or(next).first().waitFor();
      if (await done.isVisible()) return (await done.getAttribute("href"))!;
      for (const field of await tab.locator("[data-retour-widget] textarea").all()) await field.fill("On the checkout page, after I press Pay now.");
      const choice = tab.locator("[data-retour-widget] fieldset input").first();
      if (await choice.count()) await choice.check();
      const answered = (await tab.locator("[data-retour-widget] form").elementHandle())!;
      await next.click();
      await answered.waitForElementState("hidden");
    }
    throw new Error("the qualification did not end in six steps");
  }

  /** What the widget tells the page of its errors (`Retour.on("error")`), as text, as they come. */
  async function widgetErrors(tab: Page): Promise<string[]> {
    const errors: string[] = [];
    await tab.exposeFunction("widgetError", (message: string) => errors.push(message));
    await tab.evaluate(() => {
      const api = (window as unknown as { Retour: { on(event: string, fn: (detail: unknown) => void): void } }).Retour;
      api.on("error", (detail) => (window as unknown as { widgetError(message: string): void }).widgetError(String(detail)));
    });
    return errors;
  }

  /** The web application, signed in as the demo Admin. */
  async function inbox(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies(adminCookies);
    return context.newPage();
  }

  /** The feedback whose title or reports hold the word, read as its organization reads it. */
  async function feedbackAbout(word: string) {
    const found = await get(`${server.url}/v1/feedbacks?status=all&query=${word}`, server.demo.tokens.admin);
    return (await get(`${server.url}/v1/feedbacks/${found.body.data[0].key}`, server.demo.tokens.admin)).body;
  }

  test("a person reports with a screenshot, a hidden region and the assistant's questions; it lands with source widget and the page's errors", async () => {
    const tab = await hostPage(site.url);
    await tab.getByRole("button", { name: "Pay now" }).click();
    await saveScreenshot(tab, "widget-launcher-1280", { fullPage: false });
    await tab.getByRole("button", { name: "Feedback" }).click();
    const dialog = tab.getByRole("dialog", { name: "Send feedback" });
    await dialog.waitFor();
    await tab.getByRole("button", { name: "Add a screenshot" }).click();
    const shot = tab.locator("[data-retour-widget] canvas");
    await shot.waitFor();
    const box = (await shot.boundingBox())!;
    await tab.mouse.move(box.x + 10, box.y + 10);
    await tab.mouse.down();
    await tab.mouse.move(box.x + 120, box.y + 60);
    await tab.mouse.up();
    await tab.getByLabel("Your message").fill("Pay now does nothing on checkout");
    await saveScreenshot(tab, "widget-form-1280", { fullPage: false });
    const statusUrl = await sendAndQualify(tab, "Pressing Pay now on the checkout page does nothing: no payment, no error shown.");
    await saveScreenshot(tab, "widget-sent-1280", { fullPage: false });

    expect(statusUrl).toContain("/s/");
    const feedback = await feedbackAbout("nothing");
    expect(feedback.reportList[0].source).toBe("widget");
    expect(feedback.fullContext.console.map((c: { message: string }) => c.message)).toContain("Checkout exploded: total is undefined");
    expect(feedback.fullContext.network).toContainEqual(expect.objectContaining({ method: "POST", url: `${site.url.origin}/api/pay`, status: 500 }));
    expect(feedback.fullContext.page.url).toBe(`${site.url.origin}/checkout?coupon`);
    const clicks = feedback.fullContext.breadcrumbs.filter((b: { kind: string }) => b.kind === "click");
    expect(clicks.map((b: { label: string }) => b.label)).toEqual(["button “Pay now”"]);
    const image = await fetch(feedback.fullContext.screenshot.url);
    expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    await tab.context().close();

    const web = await inbox();
    await web.goto(`${server.url}/inbox/${feedback.key}`);
    const shown = web.getByRole("img", { name: /Screenshot sent with the report/ });
    for (const width of [1280, 390]) {
      await web.setViewportSize({ width, height: 900 });
      await shown.waitFor();
      expect(await shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      expect(await web.getByText("Checkout exploded: total is undefined").isVisible()).toBe(true);
      await saveScreenshot(web, `widget-feedback-page-${width}`);
    }
  });

  test("a screenshot that cannot be taken is said so under its button, which is offered again and takes it once it can; the report may go without one", async () => {
    for (const width of [1280, 390]) {
      const tab = await hostPage(site.url, width);
      const errors = await widgetErrors(tab);
      // The screenshot's module cannot be fetched: the network failed, or a proxy refused it.
      const module = `${server.url}/widget/screenshot-*`;
      await tab.route(module, (route) => route.abort());
      await tab.getByRole("button", { name: "Feedback" }).click();
      await tab.getByRole("button", { name: "Add a screenshot" }).click();
      const reason = tab.getByText("The screenshot could not be taken. You can send without it, or try again.");
      await reason.waitFor();
      const again = tab.getByRole("button", { name: "Add a screenshot" });
      expect(
        await again.evaluate((button) => [button === (button.getRootNode() as ShadowRoot).activeElement, button.getAttribute("aria-describedby")]),
      ).toEqual([true, await reason.getAttribute("id")]);
      expect(await tab.getByRole("dialog", { name: "Send feedback" }).isVisible()).toBe(true);
      expect(errors).toEqual([expect.stringContaining("dynamically imported module")]);
      await saveScreenshot(tab, `widget-screenshot-failed-${width}`, { fullPage: false });

      await tab.unroute(module);
      await again.click();
      await tab.locator("[data-retour-widget] canvas").waitFor();
      expect(await reason.count()).toBe(0);
      await tab.getByRole("button", { name: "Remove" }).click();
      const word = width === 1280 ? "unpictured" : "unphotographed";
      await sendAndQualify(tab, `Exporting the ledger leaves it ${word}: the spreadsheet arrives blank.`);
      expect((await feedbackAbout(word)).fullContext.screenshot).toBeUndefined();
      await tab.context().close();
    }
  });

  test("a part hidden just before Send is hidden in the screenshot sent, and a screenshot removed while it was being hidden is not sent", async () => {
    /** Drags over the whole picture, then presses `then` at once, before the picture can have been encoded again. */
    const hideAllThen = (tab: Page, then: string) =>
      tab.evaluate((label) => {
        const root = document.querySelector("[data-retour-widget]")!.shadowRoot!;
        const canvas = root.querySelector("canvas")!;
        const box = canvas.getBoundingClientRect();
        const at = (x: number, y: number) => ({ clientX: x, clientY: y, pointerId: 1, bubbles: true });
        canvas.dispatchEvent(new PointerEvent("pointerdown", at(box.left, box.top)));
        canvas.dispatchEvent(new PointerEvent("pointerup", at(box.right, box.bottom)));
        [...root.querySelectorAll("button")].find((b) => b.textContent === label)!.click();
      }, then);
    for (const then of ["Send", "Remove"]) {
      const tab = await hostPage(site.url);
      await tab.getByRole("button", { name: "Feedback" }).click();
      await tab.getByRole("button", { name: "Add a screenshot" }).click();
      await tab.locator("[data-retour-widget] canvas").waitFor();
      const word = then === "Send" ? "blacked" : "unattached";
      await tab.getByLabel("Your message").fill(`The statement page shows ${word} totals after the refund.`);
      await hideAllThen(tab, then);
      if (then === "Remove") await tab.getByRole("button", { name: "Send", exact: true }).click();
      await qualify(tab);
      const screenshot = (await feedbackAbout(word)).fullContext.screenshot;
      if (then === "Remove") expect(screenshot).toBeUndefined();
      else {
        // The picture sent, decoded by the browser: its middle is the Hide tool's colour, #111827.
        const bytes = [...new Uint8Array(await (await fetch(screenshot.url)).arrayBuffer())];
        const middle = await tab.evaluate(async (jpeg) => {
          const image = await createImageBitmap(new Blob([new Uint8Array(jpeg)]));
          const canvas = new OffscreenCanvas(image.width, image.height);
          const paint = canvas.getContext("2d")!;
          paint.drawImage(image, 0, 0);
          return [...paint.getImageData(image.width >> 1, image.height >> 1, 1, 1).data.slice(0, 3)];
        }, bytes);
        expect(middle.map((channel, i) => Math.abs(channel - [0x11, 0x18, 0x27][i]!) < 12)).toEqual([true, true, true]);
      }
      await tab.context().close();
    }
  });

  test("a page's listener that throws stops neither the other listeners nor the widget, and the browser reports its error", async () => {
    const tab = await hostPage(site.url);
    const reported: string[] = [];
    tab.on("pageerror", (error) => reported.push(error.message));
    await tab.evaluate(() => {
      const api = (window as unknown as { Retour: { on(event: string, fn: () => void): void } }).Retour;
      api.on("open", () => {
        throw new Error("the site's analytics failed");
      });
      api.on("open", () => ((window as unknown as { heard: boolean }).heard = true));
    });
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByRole("dialog", { name: "Send feedback" }).waitFor();
    await waitFor(
      "the page's error",
      () => reported,
      (errors) => errors.length === 1,
    );
    expect([reported[0], await tab.evaluate(() => (window as unknown as { heard?: boolean }).heard)]).toEqual(["the site's analytics failed", true]);
  });

  test("an answer submitted twice in a row (Enter pressed twice, a double click) is sent once: Continue rests while it is on its way", async () => {
    const tab = await hostPage(site.url, 390);
    const answers: string[] = [];
    tab.on("request", (request) => void (request.url().includes("/answers") && answers.push(request.url())));
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByLabel("Your message").fill("The invoice list stays empty after the latest update.");
    await tab.getByRole("button", { name: "Send", exact: true }).click();
    await tab.getByRole("button", { name: "Continue" }).waitFor();
    for (const field of await tab.locator("[data-retour-widget] textarea").all()) await field.fill("On the billing page, every time.");
    const choice = tab.locator("[data-retour-widget] fieldset input").first();
    if (await choice.count()) await choice.check();
    const answered = (await tab.locator("[data-retour-widget] form").elementHandle())!;
    await answered.evaluate((form: HTMLFormElement) => {
      form.requestSubmit();
      form.requestSubmit();
    });
    await answered.waitForElementState("hidden");
    expect(answers).toHaveLength(1);
  });

  test("a panel whose module did not load is asked for again when the person presses the launcher again", async () => {
    const tab = await hostPage(site.url);
    const errors = await widgetErrors(tab);
    const module = `${server.url}/widget/panel-*`;
    await tab.route(module, (route) => route.abort());
    await tab.getByRole("button", { name: "Feedback" }).click();
    await waitFor(
      "the widget's error event",
      () => errors.length,
      (n) => n === 1,
    );
    await tab.unroute(module);
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByRole("dialog", { name: "Send feedback" }).waitFor();
    expect(errors[0]).toContain("dynamically imported module");
  });

  test("close() and identify() while the panel's module is loading, which then fails, leave no unhandled rejection: the open that asked for it tells the error event, once", async () => {
    const tab = await hostPage(site.url);
    const errors = await widgetErrors(tab);
    const unhandled: string[] = [];
    tab.on("pageerror", (error) => unhandled.push(error.message));
    const module = `${server.url}/widget/panel-*`;
    let asked!: () => void;
    const requested = new Promise<void>((resolve) => (asked = resolve));
    let fail!: () => void;
    const failing = new Promise<void>((resolve) => (fail = resolve));
    await tab.route(module, async (route) => {
      asked();
      await failing;
      await route.abort();
    });
    await tab.evaluate(() => (window as unknown as { Retour: { open(): void } }).Retour.open());
    await requested;
    await tab.evaluate(() => {
      const api = (window as unknown as { Retour: { close(): void; identify(person: { token: string }): void } }).Retour;
      api.close();
      api.identify({ token: "a-new-token" });
    });
    fail();
    await waitFor(
      "the widget's error event",
      () => errors.length,
      (n) => n === 1,
    );
    // A task later, past where the browser reports a rejection nothing handled.
    await tab.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect([errors.length, unhandled]).toEqual([1, []]);
  });

  test("a replay recorder that cannot be fetched leaves the form without its checkbox, and the report is sent", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const tab = await context.newPage();
    await tab.route(`${server.url}/widget/replay-*`, (route) => route.abort());
    await tab.goto(`${site.url.origin}/checkout`);
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByLabel("Your message").waitFor();
    expect(await tab.getByLabel(/Include a replay/).count()).toBe(0);
    await sendAndQualify(tab, "The coupon field rejects SPRING with an unreadable error.");
    expect((await feedbackAbout("coupon")).fullContext.replay).toBeUndefined();
  });

  test("a replay the browser cannot compress is left out, and the report is sent", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const tab = await context.newPage();
    // As in a browser without CompressionStream (Safari before 16.4).
    await tab.addInitScript(() => Reflect.deleteProperty(window, "CompressionStream"));
    await tab.goto(`${site.url.origin}/checkout`);
    await tab.getByRole("button", { name: "Feedback" }).click();
    expect(await tab.getByLabel(/Include a replay/).isChecked()).toBe(true);
    await sendAndQualify(tab, "The voucher total rounds the wrong way for amounts in yen.");
    expect((await feedbackAbout("voucher")).fullContext.replay).toBeUndefined();
  });

  test("the page's personal data is in neither the replay nor the copy the screenshot is drawn from", async () => {
    const tab = await hostPage(site.url);
    await tab.getByLabel("Password").fill("hunter2-Secret-typed");
    const drawnFrom = await tab.evaluate(async (module) => {
      const { takeScreenshot } = await import(module);
      let svg = "";
      await takeScreenshot((copy: string) => {
        svg = copy;
      });
      return svg;
    }, screenshotModule);
    expect(drawnFrom).toContain("Checkout");
    for (const secret of SECRETS) expect(drawnFrom).not.toContain(secret);

    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByLabel(/replay of the last minute/).waitFor();
    await sendAndQualify(tab, "The checkout page shows my card number in clear text after paying.");
    const feedback = await feedbackAbout("clear");
    const replay = gunzipSync(Buffer.from(await (await fetch(feedback.fullContext.replay.url)).arrayBuffer())).toString();
    expect(replay).toContain('"type":2');
    for (const secret of SECRETS) expect(replay).not.toContain(secret);
    await tab.context().close();

    const web = await inbox();
    const refused: string[] = [];
    web.on("console", (m) => m.type() === "error" && refused.push(m.text()));
    await web.goto(`${server.url}/inbox/${feedback.key}`);
    await web.getByRole("link", { name: "Play the replay" }).click();
    await web.locator("[data-replay][data-ready] iframe").waitFor();
    await web.getByRole("button", { name: "Play" }).click();
    await web.getByRole("button", { name: "Pause" }).waitFor();
    await saveScreenshot(web, "widget-replay-1280");
    expect(refused).toEqual([]);
  });

  test("a host page with a strict CSP that allows only the service's origin: the widget opens and sends", async () => {
    const tab = await hostPage(cspSite.url, 390);
    const violations: string[] = [];
    // The replay recorder's style diffing and the screenshot's copy of the page try inline styles; the
    // page blocks them and both go on (see README). The loader and the panel must not need them.
    tab.on(
      "console",
      (m) => m.text().includes("Content Security Policy") && !/\/widget\/(replay|screenshot)-/.test(m.location().url) && violations.push(m.text()),
    );
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByRole("dialog", { name: "Send feedback" }).waitFor();
    // The page's web fonts are read through a <style> the page refuses: the screenshot is taken without them.
    await tab.getByRole("button", { name: "Add a screenshot" }).click();
    await tab.getByText("Hide a part: drag over it").waitFor({ timeout: 10_000 });
    await saveScreenshot(tab, "widget-form-390", { fullPage: false });
    const statusUrl = await sendAndQualify(tab, "On my phone the Pay now button is hidden under the keyboard on checkout.");
    expect(statusUrl).toContain("/s/");
    expect(violations).toEqual([]);
  });

  test("on a page that reads right to left, transforms its body and puts a cookie banner at the highest z-index, the widget is above the banner, in view and left to right", async () => {
    const tab = await hostPage(site.url);
    await tab.evaluate(() => {
      document.documentElement.dir = "rtl";
      document.body.style.transform = "translateZ(0)";
      document.body.style.minHeight = "3000px";
      const banner = document.body.appendChild(document.createElement("div"));
      banner.textContent = "We use cookies.";
      banner.style.cssText = "position:fixed;inset:auto 0 0 0;height:140px;background:#fde68a;z-index:2147483647";
    });
    // A click is refused where another element would receive it.
    await tab.getByRole("button", { name: "Feedback" }).click({ timeout: 3000 });
    const dialog = tab.getByRole("dialog", { name: "Send feedback" });
    await dialog.waitFor();
    await tab.getByRole("button", { name: "Send", exact: true }).click({ trial: true, timeout: 3000 });
    expect(await dialog.evaluate((d) => getComputedStyle(d).direction)).toBe("ltr");
    await saveScreenshot(tab, "widget-hostile-page-1280", { fullPage: false });
  });

  test("a page that styles its own popovers ([popover], :popover-open) and every div (its ::before too) neither draws them around the widget nor loses its clicks under it", async () => {
    const tab = await hostPage(site.url);
    await tab.evaluate(() => {
      const style = document.head.appendChild(document.createElement("style"));
      style.textContent =
        "[popover]{inset:0;margin:auto;padding:24px;background:#fff;border:2px solid #000}:popover-open{display:block}div{border:6px solid #f00!important}div::before{content:'';display:block;width:40px;height:40px;background:#f00}";
    });
    await tab.getByRole("button", { name: "Feedback" }).waitFor();
    const under = await tab.evaluate(() => document.elementFromPoint(innerWidth / 2, innerHeight / 2)?.closest("[data-retour-widget]") ?? null);
    expect(under).toBeNull();
    // Nor do the page's rules for every div reach it: not even their boxes before it, which :host cannot reset.
    const host = await tab.evaluate(() => {
      const element = document.querySelector("[data-retour-widget]")!;
      return [getComputedStyle(element).borderTopWidth, getComputedStyle(element, "::before").content];
    });
    expect(host).toEqual(["0px", "none"]);
    await tab.getByRole("button", { name: "Feedback" }).click({ timeout: 3000 });
    await tab.getByRole("dialog", { name: "Send feedback" }).waitFor();
  });

  test("a page on an origin outside the allow-list is refused: the browser gets no grant to read the answer", async () => {
    const tab = await (await browser.newContext()).newPage();
    await tab.goto(`${elsewhere.url.origin}/checkout`);
    const outcome = await tab.evaluate(
      async ([url, key]) => {
        try {
          const response = await fetch(`${url}/v1/widget/reports`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ publicKey: key, kind: "problem", message: "from a foreign site" }),
          });
          return `read ${response.status}`;
        } catch (error) {
          return `refused: ${(error as Error).name}`;
        }
      },
      [server.url, server.demo.widgetKey],
    );
    expect(outcome).toBe("refused: TypeError");
    const found = await get(`${server.url}/v1/feedbacks?status=all&query=foreign`, server.demo.tokens.admin);
    expect(found.body.data).toEqual([]);
  });

  test("on an origin the app does not allow, no launcher is drawn, the console warns once, naming the origin and how to allow it, and the error event gets the refusal", async () => {
    const tab = await (await browser.newContext()).newPage();
    // A listener queued before the loader runs, as the README's snippet queues calls.
    await tab.addInitScript(() => {
      const errors: unknown[] = [];
      Object.assign(window, { widgetErrors: errors, Retour: { q: [["on", ["error", (detail: unknown) => errors.push(detail)]]] } });
    });
    const warnings: string[] = [];
    tab.on("console", (m) => m.text().startsWith("Retour:") && warnings.push(`${m.type()} ${m.text()}`));
    const warned = tab.waitForEvent("console", { predicate: (m) => m.text().startsWith("Retour:"), timeout: 10_000 });
    await tab.goto(`${elsewhere.url.origin}/checkout`);
    await warned;
    // Opening it from the page's script draws nothing either, and says nothing more.
    await tab.evaluate(() => (window as unknown as { Retour: { open(): void } }).Retour.open());
    // A panel drawn late would first fetch its module or the app's settings: once the page's network has
    // been quiet for half a second, whatever open() set off has run.
    await tab.waitForLoadState("networkidle");
    await saveScreenshot(tab, "widget-foreign-origin-1280", { fullPage: false });
    expect(await tab.locator("[data-retour-widget]").count()).toBe(0);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toStartWith("warning Retour:");
    for (const part of [elsewhere.url.origin, "Settings → Apps", "npm run cli -- app browser", "(the list given replaces the app's)"])
      expect(warnings[0]).toContain(part);
    const errors = await tab.evaluate(() => (window as unknown as { widgetErrors: Array<{ code?: string }> }).widgetErrors);
    expect(errors.map((e) => e.code)).toEqual(["origin_not_allowed"]);
  });

  test("on a page opened as a file (origin null), no launcher is drawn, and the console warns once that the page must be served over http(s) from an origin its app allows", async () => {
    const folder = scratchDir("file-page");
    const file = join(folder, "index.html");
    writeFileSync(file, page("Opened as a file", CHECKOUT));
    const tab = await (await browser.newContext()).newPage();
    await tab.addInitScript(() => {
      const errors: unknown[] = [];
      Object.assign(window, { widgetErrors: errors, Retour: { q: [["on", ["error", (detail: unknown) => errors.push(detail)]]] } });
    });
    const warnings: string[] = [];
    tab.on("console", (m) => m.text().startsWith("Retour:") && warnings.push(`${m.type()} ${m.text()}`));
    const warned = tab.waitForEvent("console", { predicate: (m) => m.text().startsWith("Retour:"), timeout: 10_000 });
    await tab.goto(pathToFileURL(file).href);
    await warned;
    await tab.evaluate(() => (window as unknown as { Retour: { open(): void } }).Retour.open());
    await tab.waitForLoadState("networkidle");
    expect(await tab.evaluate(() => [location.protocol, self.origin])).toEqual(["file:", "null"]);
    expect(await tab.locator("[data-retour-widget]").count()).toBe(0);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toStartWith("warning Retour: the widget is not shown, as this page has no origin");
    for (const part of ["opened as a file", "Serve it over http(s) from an origin its app allows", "python3 -m http.server"])
      expect(warnings[0]).toContain(part);
    expect(warnings[0]).not.toContain("Add it");
    const errors = await tab.evaluate(() => (window as unknown as { widgetErrors: Array<{ code?: string }> }).widgetErrors);
    expect(errors.map((e) => e.code)).toEqual(["origin_not_allowed"]);
  });

  test("a report waiting on the assistant's questions says it is not sent yet, survives closing the panel and a reload, and 'Send as it is' records it once", async () => {
    const tab = await hostPage(site.url, 390);
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByLabel("Your message").fill("The receipt download link opens an empty tab on the billing page.");
    await tab.getByRole("button", { name: "Send", exact: true }).click();
    const notSent = tab.getByText("Not sent yet.");
    await notSent.waitFor({ timeout: 10_000 });
    await saveScreenshot(tab, "widget-pending-390", { fullPage: false });
    await tab.setViewportSize({ width: 1280, height: 860 });
    await saveScreenshot(tab, "widget-pending-1280", { fullPage: false });
    await tab.getByRole("button", { name: "Close" }).click();
    await tab.getByRole("button", { name: "Feedback" }).click();
    await notSent.waitFor({ timeout: 5000 });
    expect(await tab.getByRole("button", { name: "Continue" }).isVisible()).toBe(true);

    await tab.reload();
    await tab.getByRole("button", { name: "Feedback" }).click();
    await notSent.waitFor({ timeout: 5000 });
    await tab.getByRole("button", { name: "Send as it is" }).dblclick();
    const track = tab.getByRole("link", { name: "Follow its progress" });
    await track.waitFor();
    // The link takes the focus, and a screen reader says what happened with it: the report was sent.
    const said = await track.evaluate((e) => {
      const root = e.getRootNode() as ShadowRoot;
      return [root.activeElement === e, root.getElementById(e.getAttribute("aria-describedby") ?? "")?.textContent];
    });
    expect(said).toEqual([true, "Thank you! Your feedback was sent."]);
    await saveScreenshot(tab, "widget-sent-as-it-is-390", { fullPage: false });
    const found = await get(`${server.url}/v1/feedbacks?status=all&query=receipt`, server.demo.tokens.admin);
    expect(found.body.data).toHaveLength(1);
    const feedback = await feedbackAbout("receipt");
    expect(feedback.reportList.map((r: { text: string }) => r.text)).toEqual(["The receipt download link opens an empty tab on the billing page."]);
  });

  test("a report waiting on the assistant's questions is said to be not sent yet by a screen reader too: its note is a status, whose words come into it once it is on the page", async () => {
    const tab = await hostPage(site.url, 390);
    await tab.getByRole("button", { name: "Feedback" }).click();
    // What comes into the widget's status regions while they are on the page: what a screen reader says.
    await tab.evaluate(() => {
      const said: string[] = [];
      Object.assign(window, { said });
      new MutationObserver((records) => {
        for (const record of records) {
          const at = record.target instanceof Element ? record.target : record.target.parentElement;
          const region = at?.closest("[role=status]");
          if (region) said.push(region.textContent ?? "");
        }
      }).observe(document.querySelector("[data-retour-widget]")!.shadowRoot!, { subtree: true, childList: true, characterData: true });
    });
    await tab.getByLabel("Your message").fill("The invoice list forgets the year filter after a reload.");
    await tab.getByRole("button", { name: "Send", exact: true }).click();
    await tab.getByText("Not sent yet.").waitFor({ timeout: 10_000 });
    expect(await tab.evaluate(() => (window as unknown as { said: string[] }).said)).toContain(
      "Not sent yet. Answer to help the team understand, or send it as it is.",
    );
  });

  test("a draft is kept when the person closes the panel before sending, and after a reload", async () => {
    const tab = await hostPage(site.url);
    await tab.getByRole("button", { name: "Feedback" }).click();
    // Sent empty: refused beside the field, which is marked and focused; nothing is sent.
    await tab.getByLabel("Your message").fill("   ");
    await tab.getByRole("button", { name: "Send" }).click();
    const message = tab.getByRole("textbox", { name: "Your message" });
    expect(await message.getAttribute("aria-invalid")).toBe("true");
    expect(
      await message.evaluate((field) => field.getRootNode() instanceof ShadowRoot && (field.getRootNode() as ShadowRoot).activeElement === field),
    ).toBe(true);
    expect(await tab.locator("[data-retour-widget] .field-error").textContent()).toBe("Please write a message.");
    await saveScreenshot(tab, "widget-empty-message-1280", { fullPage: false });
    await tab.getByLabel("An idea").check();
    await tab.getByLabel("Your message").fill("Half a thought about the wishlist");
    await tab.keyboard.press("Escape");
    await tab.getByRole("button", { name: "Feedback" }).click();
    const draft = async () => [await tab.getByLabel("Your message").inputValue(), await tab.getByLabel("An idea").isChecked()];
    expect(await draft()).toEqual(["Half a thought about the wishlist", true]);
    await tab.reload();
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByLabel("Your message").waitFor();
    expect(await draft()).toEqual(["Half a thought about the wishlist", true]);
  });

  /** Whether the element holds the focus, in the widget's shadow root. */
  const hasFocus = (element: ReturnType<Page["locator"]>) => element.evaluate((e) => (e.getRootNode() as ShadowRoot).activeElement === e);

  test("reopened from the keyboard, the panel focuses the message field again, as when it first opened", async () => {
    const tab = await hostPage(site.url, 390);
    const launcher = tab.getByRole("button", { name: "Feedback" });
    await launcher.focus();
    await tab.keyboard.press("Enter");
    const message = tab.getByLabel("Your message");
    await message.waitFor();
    await message.focus();
    await tab.keyboard.type("The wishlist forgets its items");
    await tab.keyboard.press("Escape");
    expect(await hasFocus(launcher)).toBe(true);
    await tab.keyboard.press("Enter");
    await message.waitFor();
    expect(await hasFocus(message)).toBe(true);
  });

  test("reopened from the keyboard while questions are pending, the panel focuses the first question, as when it first showed it", async () => {
    const tab = await hostPage(site.url, 390);
    const launcher = tab.getByRole("button", { name: "Feedback" });
    await launcher.focus();
    await tab.keyboard.press("Enter");
    await tab.getByLabel("Your message").fill("The gift card balance shows zero after a top-up.");
    await tab.getByRole("button", { name: "Send", exact: true }).click();
    await tab.getByText("Not sent yet.").waitFor({ timeout: 10_000 });
    const first = tab.locator("[data-retour-widget] form").locator("input, textarea").first();
    expect(await hasFocus(first)).toBe(true);
    await tab.keyboard.press("Escape");
    await tab.keyboard.press("Enter");
    await first.waitFor();
    expect(await hasFocus(first)).toBe(true);
  });

  test("an assistant's answer that asks nothing (as an online assistant may give) focuses its first link, as a question would be", async () => {
    const tab = await hostPage(site.url, 390);
    // The service's answer as such an assistant gives it: a help article, no question.
    await tab.route("**/v1/widget/reports", (route) =>
      route.fulfill({
        status: 200,
        headers: { "content-type": "application/json", "access-control-allow-origin": site.url.origin },
        body: JSON.stringify({
          id: "q-answer-only",
          status: "answer",
          message: "Codes depend on the phone's clock.",
          source: { title: "Turn on two-factor authentication", url: "https://help.retour.example/two-factor" },
        }),
      }),
    );
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByLabel("Your message").fill("My two-factor codes are refused.");
    await tab.getByRole("button", { name: "Send", exact: true }).click();
    const article = tab.getByRole("link", { name: "Turn on two-factor authentication" });
    await article.waitFor();
    expect(await hasFocus(article)).toBe(true);
  });

  test("the open panel keeps the focus: Tab from its last control goes to Close, its first, and Shift+Tab from Close to Send, its last", async () => {
    const tab = await hostPage(site.url, 390);
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByLabel("Your message").waitFor();
    /** What holds the focus inside the panel (its label or text), or null where the focus left it. */
    const focused = () =>
      tab.evaluate(() => {
        const root = document.querySelector("[data-retour-widget]")!.shadowRoot!;
        const at = root.activeElement;
        return at && root.querySelector("[role=dialog]")!.contains(at) ? (at.getAttribute("aria-label") ?? at.textContent) : null;
      });
    // Twice round the panel: the focus goes from Send to Close and never leaves.
    const walked: Array<string | null> = [];
    for (let i = 0; i < 14; i++) {
      await tab.keyboard.press("Tab");
      walked.push(await focused());
    }
    expect(walked).not.toContain(null);
    expect(walked.filter((label) => label === "Close").length).toBeGreaterThanOrEqual(2);
    await tab.getByRole("button", { name: "Close" }).focus();
    await tab.keyboard.press("Shift+Tab");
    expect(await focused()).toBe("Send");
    await tab.keyboard.press("Tab");
    expect(await focused()).toBe("Close");
  });

  test("Retour.open() called before the loader ran opens the form once the app's settings are known, with the replay checkbox", async () => {
    const tab = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    await tab.goto(`${site.url.origin}/opens`);
    await tab.getByLabel("Your message").waitFor({ timeout: 10_000 });
    // The form is drawn whole at once: the checkbox is there now or never.
    expect(await tab.getByLabel(/replay of the last minute/).count()).toBe(1);
    expect(await tab.getByLabel(/replay of the last minute/).isChecked()).toBe(true);
    expect([await tab.getByLabel("An idea").isChecked(), await tab.getByLabel("Your message").inputValue()]).toEqual([
      true,
      "Keep my basket between visits.",
    ]);
    // The message's hint follows the kind chosen.
    const hint = () => tab.getByLabel("Your message").getAttribute("placeholder");
    expect(await hint()).toBe("What would you like, and what would it let you do?");
    await tab.getByLabel("A problem").check();
    expect(await hint()).toBe("What happened, and what did you expect?");
  });

  test("the form says, in English and French, what travels with the report: the page, the browser, the last clicks and pages, errors and failed requests, the name and e-mail the site gave, and its metadata", async () => {
    const lines = {
      en: "Will be sent: this page's address, browser, your last clicks and pages, recent errors and failed requests, your name and e-mail as this site knows them (Ann, ann@example.com), and the details this site adds (plan, build)",
      fr: "Sera envoyé\u202f: l’adresse de cette page, le navigateur, vos derniers clics et pages, les erreurs récentes et les requêtes échouées, vos nom et e-mail tels que ce site les connaît (Ann, ann@example.com) et les détails que ce site ajoute (plan, build)",
    };
    for (const [lang, launcher] of [
      ["en", "Feedback"],
      ["fr", "Avis"],
    ] as const) {
      const tab = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
      await tab.goto(`${site.url.origin}/pasted?lang=${lang}`);
      await tab.getByRole("button", { name: launcher }).click();
      const line = tab.getByText(/^(Will be sent|Sera envoyé)/);
      await line.waitFor({ timeout: 10_000 });
      for (const width of [1280, 390]) {
        await tab.setViewportSize({ width, height: 860 });
        expect(await line.textContent()).toBe(lines[lang]);
        expect(await line.isVisible()).toBe(true);
        await saveScreenshot(tab, `widget-will-send-${lang}-${width}`, { fullPage: false });
      }
    }
  });

  test("a screenshot of a page with no background of its own is white where the page is blank, as the browser shows it", async () => {
    const tab = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    await tab.goto(`${site.url.origin}/pasted`);
    await tab.getByRole("button", { name: "Feedback" }).waitFor();
    for (const width of [1280, 390]) {
      await tab.setViewportSize({ width, height: 860 });
      const shot = await tab.evaluate(async (module) => {
        const { takeScreenshot } = await import(module);
        const blob: Blob = await takeScreenshot();
        const image = await createImageBitmap(blob);
        const canvas = new OffscreenCanvas(image.width, image.height);
        const paint = canvas.getContext("2d")!;
        paint.drawImage(image, 0, 0);
        // Below the heading, where the page draws nothing.
        const blank = [...paint.getImageData(Math.floor(image.width / 2), image.height - 10, 1, 1).data.slice(0, 3)];
        // The decoded JPEG, as PNG, to be looked at.
        const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: "image/png" })).arrayBuffer());
        return { blank, png: Array.from(bytes, (b) => String.fromCharCode(b)).join("") };
      }, screenshotModule);
      writeFileSync(join(SCREENSHOTS, `widget-captured-plain-${width}.png`), Buffer.from(shot.png, "latin1"));
      for (const channel of shot.blank) expect(channel).toBeGreaterThan(245);
    }
  });

  test("window.Retour: identify and metadata travel with the report, open() pre-fills it, on('sent') tells the ticket, destroy() removes it all", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, colorScheme: "dark", locale: "fr-FR" });
    const tab = await context.newPage();
    await tab.goto(`${site.url.origin}/checkout`);
    await tab.waitForFunction(() => "Retour" in window);
    await tab.evaluate(() => {
      const api = (window as unknown as { Retour: Record<string, (...args: unknown[]) => unknown> }).Retour;
      api.identify!({ id: "u_42", email: "ann@acme.test", name: "Ann" });
      api.metadata!({ plan: "pro", build: "2.4.1" });
      api.on!("sent", (detail: unknown) => ((window as unknown as { sent: unknown }).sent = detail));
      api.open!({ kind: "idea", message: "A dark mode for the invoices page would help at night." });
    });
    await tab.getByRole("dialog", { name: "Send feedback" }).waitFor();
    expect(await tab.getByLabel("Your message").inputValue()).toBe("A dark mode for the invoices page would help at night.");
    expect(await tab.getByLabel(/Your e-mail/).count()).toBe(0);
    await saveScreenshot(tab, "widget-dark-1280", { fullPage: false });
    await sendAndQualify(tab, "A dark mode for the invoices page would help at night.");
    const sent = (await tab.evaluate(() => (window as unknown as { sent: { ticketId: string } }).sent))!;
    const feedback = (await get(`${server.url}/v1/feedbacks/${sent.ticketId}`, server.demo.tokens.admin)).body;
    expect([feedback.kind, feedback.fullContext.metadata]).toEqual(["idea", { plan: "pro", build: "2.4.1" }]);
    expect(feedback.reportList[0].author).toBe("Ann");
    await tab.evaluate(() => (window as unknown as { Retour: { destroy(): void } }).Retour.destroy());
    expect(await tab.evaluate(() => ["Retour" in window, document.querySelectorAll("[data-retour-widget]").length])).toEqual([false, 0]);
    await context.close();
  });

  /** The site says who is signed in now (`Retour.identify`), as a single-page app does after its sign-in and at sign-out. */
  const identify = (tab: Page, person: object) =>
    tab.evaluate((p) => (window as unknown as { Retour: { identify(person: object): void } }).Retour.identify(p), person);

  /** Ann, as a site signed in with single sign-on identifies her. */
  const ann = { id: "u_42", email: "ann@acme.test", name: "Ann", company: { id: "c_7", name: "Acme" }, token: "ann-sso-token" };

  /** The report the widget sends next, as the page posts it. */
  const nextReport = (tab: Page) =>
    tab.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/v1/widget/reports").then((r) => r.postDataJSON());

  test("the e-mail a person gave in the form is kept with their draft after a reload, and goes with the report", async () => {
    const tab = await hostPage(site.url);
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByLabel("Your message").fill("The coupon field refuses every code.");
    await tab.getByLabel(/Your e-mail/).fill("zoe@example.test");
    await tab.reload();
    await tab.getByRole("button", { name: "Feedback" }).click();
    expect(await tab.getByLabel(/Your e-mail/).inputValue()).toBe("zoe@example.test");
    const sent = nextReport(tab);
    await tab.getByRole("button", { name: "Send", exact: true }).click();
    expect((await sent).user).toEqual({ email: "zoe@example.test" });
  });

  test("an answer that changes the subject brings the form back with the report's message and the e-mail the person gave in it", async () => {
    const tab = await hostPage(site.url);
    await tab.getByRole("button", { name: "Feedback" }).click();
    const message = "The receipt download link opens an empty tab on the billing page.";
    await tab.getByLabel("Your message").fill(message);
    await tab.getByLabel(/Your e-mail/).fill("zoe@example.test");
    await tab.getByRole("button", { name: "Send", exact: true }).click();
    const next = tab.getByRole("button", { name: "Continue" });
    await next.waitFor({ timeout: 10_000 });
    // An answer that opens another subject: the local assistant asks for it as a new report.
    for (const field of await tab.locator("[data-retour-widget] form :is(textarea, input[type=text])").all())
      await field.fill("Actually, the invoices page is slow too.");
    await next.click();
    await tab.getByRole("button", { name: "Start again" }).click();
    expect(await tab.getByLabel("Your message").inputValue()).toBe(message);
    expect(await tab.getByLabel(/Your e-mail/).inputValue()).toBe("zoe@example.test");
  });

  test("identify says who is signed in now: after identify({}) at sign-out the form asks for the e-mail again and the report goes as no one, and a person signed in next keeps nothing of the one before", async () => {
    const tab = await hostPage(site.url);
    await identify(tab, { ...ann, plan: "pro" });
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByLabel("Your message").waitFor();
    expect(await tab.getByLabel(/Your e-mail/).count()).toBe(0);
    await identify(tab, {});
    await tab.getByLabel(/Your e-mail/).waitFor();
    let sent = nextReport(tab);
    await tab.getByLabel("Your message").fill("The basket empties itself after sign-out.");
    await tab.getByRole("button", { name: "Send", exact: true }).click();
    expect((await sent).user).toBeUndefined();
    await qualify(tab);
    await identify(tab, { id: "u_43", email: "bob@acme.test" });
    await tab.getByRole("button", { name: "Send another" }).click();
    expect(await tab.getByLabel(/Your e-mail/).count()).toBe(0);
    sent = nextReport(tab);
    await tab.getByLabel("Your message").fill("The basket shows someone else's items.");
    await tab.getByRole("button", { name: "Send", exact: true }).click();
    expect((await sent).user).toEqual({ id: "u_43", email: "bob@acme.test" });
  });

  /** Ann, signed in, writes half a report and closes the widget: her draft is kept in the tab. */
  async function annDrafts(tab: Page): Promise<void> {
    await identify(tab, ann);
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByLabel("Your message").fill("My invoices from Acme show the wrong VAT number");
    await tab.keyboard.press("Escape");
  }

  /** What the widget shows when it opens: the message in its form, and whether a report waits to be sent as it is. */
  async function opened(tab: Page): Promise<[string, number]> {
    await tab.getByRole("button", { name: "Feedback" }).click();
    const message = tab.getByLabel("Your message");
    await message
      .or(tab.getByRole("button", { name: "Send as it is" }))
      .first()
      .waitFor();
    return [(await message.count()) ? await message.inputValue() : "", await tab.getByRole("button", { name: "Send as it is" }).count()];
  }

  test("a draft written by one person is forgotten when the site signs them out: identify({}) opens an empty form", async () => {
    const tab = await hostPage(site.url);
    await annDrafts(tab);
    await identify(tab, {});
    expect(await opened(tab)).toEqual(["", 0]);
  });

  test("a draft written by one person is forgotten when the site identifies another, also on a page where the form has not loaded yet", async () => {
    const tab = await hostPage(site.url);
    await annDrafts(tab);
    await tab.reload();
    await tab.getByRole("button", { name: "Feedback" }).waitFor();
    await identify(tab, { id: "u_43", email: "bob@acme.test" });
    expect(await opened(tab)).toEqual(["", 0]);
  });

  test("a report waiting on the assistant's questions is forgotten when another person signs in: the open widget shows an empty form, and no 'Send as it is' of the report before", async () => {
    const tab = await hostPage(site.url);
    await identify(tab, ann);
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByLabel("Your message").fill("The receipt download link opens an empty tab on the billing page.");
    await tab.getByRole("button", { name: "Send", exact: true }).click();
    await tab.getByText("Not sent yet.").waitFor({ timeout: 10_000 });
    await identify(tab, { id: "u_43", email: "bob@acme.test" });
    const message = tab.getByLabel("Your message");
    await message.waitFor({ timeout: 5000 });
    expect([await message.inputValue(), await tab.getByRole("button", { name: "Send as it is" }).count()]).toEqual(["", 0]);
    await tab.reload();
    expect(await opened(tab)).toEqual(["", 0]);
  });

  test("the end shown after a person's report (its thanks and the link to follow it) is theirs: the open widget shows the next person, or no one after a sign-out, an empty form", async () => {
    const tab = await hostPage(site.url);
    await identify(tab, ann);
    await tab.getByRole("button", { name: "Feedback" }).click();
    await sendAndQualify(tab, "The invoice PDF shows last month's total.");
    const follow = tab.getByRole("link", { name: /Follow its progress/ });
    await follow.waitFor();
    await identify(tab, { id: "u_43", email: "bob@acme.test" });
    const message = tab.getByLabel("Your message");
    await message.waitFor({ timeout: 5000 });
    expect([await message.inputValue(), await follow.count(), await tab.getByText("Thank you! Your feedback was sent.").count()]).toEqual(["", 0, 0]);
    await sendAndQualify(tab, "The invoice PDF shows someone else's address.");
    await follow.waitFor();
    await identify(tab, {});
    await tab.getByLabel(/Your e-mail/).waitFor({ timeout: 5000 });
    expect([await message.inputValue(), await follow.count()]).toEqual(["", 0]);
  });

  test("a report on its way when another person signs in is not shown to them: its questions do not replace their empty form, nor are they kept in the tab", async () => {
    const tab = await hostPage(site.url);
    await identify(tab, ann);
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => (release = done));
    await tab.route(/\/v1\/widget\/reports$/, async (route) => {
      await held;
      await route.continue();
    });
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByLabel("Your message").fill("The receipt download link opens an empty tab on the billing page.");
    const posted = nextReport(tab);
    await tab.getByRole("button", { name: "Send", exact: true }).click();
    await posted;
    await identify(tab, { id: "u_43", email: "bob@acme.test" });
    const answered = tab.waitForEvent("requestfinished", (r) => new URL(r.url()).pathname === "/v1/widget/reports");
    release();
    await answered;
    await tab.evaluate(() => new Promise((done) => setTimeout(done, 200)));
    const message = tab.getByLabel("Your message");
    expect([(await message.count()) ? await message.inputValue() : null, await tab.getByText("Not sent yet.").count()]).toEqual(["", 0]);
    await tab.reload();
    expect(await opened(tab)).toEqual(["", 0]);
  });

  test("a draft written before anyone was identified is kept by the person who signs in, and theirs from then: their sign-out forgets it", async () => {
    const tab = await hostPage(site.url);
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByLabel("Your message").fill("I cannot sign in with my Acme account");
    await tab.keyboard.press("Escape");
    await tab.reload();
    await tab.getByRole("button", { name: "Feedback" }).waitFor();
    await identify(tab, ann);
    expect(await opened(tab)).toEqual(["I cannot sign in with my Acme account", 0]);
    await tab.keyboard.press("Escape");
    await tab.reload();
    await tab.getByRole("button", { name: "Feedback" }).waitFor();
    await identify(tab, {});
    expect(await opened(tab)).toEqual(["", 0]);
  });

  test("identify made again for the same person, as a single-page app does at each render or each page, keeps their draft", async () => {
    const tab = await hostPage(site.url);
    await annDrafts(tab);
    await identify(tab, { ...ann, token: "ann-sso-token-renewed" });
    expect(await opened(tab)).toEqual(["My invoices from Acme show the wrong VAT number", 0]);
    await tab.reload();
    await tab.getByRole("button", { name: "Feedback" }).waitFor();
    await identify(tab, ann);
    expect(await opened(tab)).toEqual(["My invoices from Acme show the wrong VAT number", 0]);
  });

  /** A single sign-on token as a site's server signs it (`{sub, email, exp}`, HS256); the widget reads whom it names, never checks it. */
  const ssoToken = (sub: string, email: string, exp: number) =>
    ["eyJhbGciOiJIUzI1NiJ9", Buffer.from(JSON.stringify({ sub, email, exp })).toString("base64url"), "c2lnbmF0dXJl"].join(".");

  test("a site that identifies people by their single sign-on token alone: the same person's renewed token keeps their draft, another person's opens an empty form", async () => {
    const tab = await hostPage(site.url);
    await identify(tab, { token: ssoToken("user-ann", "ann@acme.test", 2_000_000_000) });
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByLabel("Your message").fill("My invoices from Acme show the wrong VAT number");
    await tab.keyboard.press("Escape");
    await identify(tab, { token: ssoToken("user-ann", "ann@acme.test", 2_000_003_600) });
    expect(await opened(tab)).toEqual(["My invoices from Acme show the wrong VAT number", 0]);
    await tab.keyboard.press("Escape");
    await identify(tab, { token: ssoToken("user-bob", "bob@acme.test", 2_000_003_600) });
    expect(await opened(tab)).toEqual(["", 0]);
  });

  test("a destroy() queued before the loader ran, between two mounts of the snippet (React's StrictMode), leaves one launcher, with the second mount's listeners alone", async () => {
    const tab = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    await tab.goto(`${site.url.origin}/remounted`);
    await tab.getByRole("button", { name: "Feedback" }).first().waitFor();
    // Both tags have run and every launcher that will be drawn is drawn: the settings asked, then an idle moment of the page.
    await tab.waitForLoadState("networkidle");
    await tab.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 2000 })));
    expect(await tab.locator("[data-retour-widget]").count()).toBe(1);
    await tab.getByRole("button", { name: "Feedback" }).click();
    await tab.getByRole("dialog", { name: "Send feedback" }).waitFor();
    expect(await tab.evaluate(() => (window as unknown as { heard?: string[] }).heard)).toEqual(["second mount"]);
  });

  test("destroy() called again on a widget destroyed already leaves alone the snippet the page ran since, and the calls it queued", async () => {
    const tab = await hostPage(site.url);
    const kept = await tab.evaluate(() => {
      type Queued = { q: unknown[][]; destroy(): void };
      const w = window as unknown as { Retour?: Queued };
      const before = w.Retour!;
      before.destroy();
      // The page mounts the widget again: the snippet's stub queues its calls until the loader runs once more.
      w.Retour = { q: [["identify", [{ id: "u_43" }]]], destroy: () => undefined };
      before.destroy();
      return w.Retour?.q.length;
    });
    expect(kept).toBe(1);
  });

  test("a destroy() made before the app's settings arrive leaves no launcher drawn after it", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const tab = await context.newPage();
    let settings: () => void = () => undefined;
    const held = new Promise<void>((release) => (settings = release));
    await tab.route(/\/v1\/widget\/config/, async (route) => {
      await held;
      await route.continue();
    });
    await tab.goto(`${site.url.origin}/checkout`);
    await tab.waitForFunction(() => "Retour" in window);
    await tab.evaluate(() => (window as unknown as { Retour: { destroy(): void } }).Retour.destroy());
    const answered = tab.waitForResponse(/\/v1\/widget\/config/);
    settings();
    await answered;
    await tab.evaluate(() => new Promise((done) => setTimeout(done, 50)));
    expect(await tab.locator("[data-retour-widget]").count()).toBe(0);
  });

  test("opened by the page's own control, the widget gives the focus back to it when it closes", async () => {
    const tab = await hostPage(site.url);
    const payNow = tab.getByRole("button", { name: "Pay now" });
    await payNow.focus();
    await tab.evaluate(() => (window as unknown as { Retour: { open(): void } }).Retour.open());
    await tab.getByLabel("Your message").waitFor();
    await tab.keyboard.press("Escape");
    expect(await payNow.evaluate((e) => document.activeElement === e)).toBe(true);
  });

  test("opened by an item of the page's menu, which the menu hid as it closed, the widget gives the focus to its launcher when it closes", async () => {
    const tab = await hostPage(site.url);
    const payNow = tab.getByRole("button", { name: "Pay now" });
    await payNow.focus();
    await tab.evaluate(() => (window as unknown as { Retour: { open(): void } }).Retour.open());
    await tab.getByLabel("Your message").waitFor();
    await payNow.evaluate((e) => e.setAttribute("hidden", ""));
    await tab.keyboard.press("Escape");
    expect(await tab.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.textContent)).toBe("Feedback");
  });

  test("a page with a fixed bar of its own at the bottom moves the launcher above it with --retour-launcher-bottom, at 390 px", async () => {
    const tab = await hostPage(site.url, 390);
    await tab.addStyleTag({
      content: "nav{position:fixed;left:0;right:0;bottom:0;height:64px;background:#111827}retour-widget{--retour-launcher-bottom:76px}",
    });
    await tab.evaluate(() => document.body.append(Object.assign(document.createElement("nav"), { textContent: "Home" })));
    const launcher = (await tab.getByRole("button", { name: "Feedback" }).boundingBox())!;
    expect(launcher.y + launcher.height).toBe(860 - 76);
    await saveScreenshot(tab, "widget-launcher-above-bottom-bar-390", { fullPage: false });
  });

  test("the README's snippet, its optional calls filled in: made before the async loader ran, they are replayed and travel with the report", async () => {
    expect(README_SNIPPET).toContain('src="http://localhost:3000/widget.js" data-key="widget_…" async');
    const tab = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    const errors: string[] = [];
    const logged: string[] = [];
    tab.on("pageerror", (error) => errors.push(error.message));
    tab.on("console", (m) => m.type() === "log" && logged.push(m.text()));
    await tab.goto(`${site.url.origin}/pasted`);
    await tab.getByRole("button", { name: "Feedback" }).click();
    expect(await tab.getByLabel(/Your e-mail/).count()).toBe(0);
    await sendAndQualify(tab, "The plans page shows last year's prices after the pasted snippet loads.");
    const feedback = await feedbackAbout("prices");
    expect(logged).toContain(feedback.key);
    expect([feedback.reportList[0].author, feedback.fullContext.metadata]).toEqual(["Ann", { plan: "pro", build: "2.4.1" }]);
    expect(errors).toEqual([]);
  });

  test("the hosted form works with JavaScript disabled, on a phone and on a desktop", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 860 }, javaScriptEnabled: false });
    const tab = await context.newPage();
    await tab.goto(`${server.url}/f/${server.demo.formKey}`);
    // Spaces pass the browser's own check; the refusal is said beside the message, which takes the focus with no script.
    await tab.getByLabel("Your message").fill("   ");
    await tab.getByRole("button", { name: "Send" }).click();
    await tab.waitForSelector("#message-error");
    expect(await tab.locator('#message:focus[aria-invalid="true"]').count()).toBe(1);
    await saveScreenshot(tab, "hosted-form-refused-390");
    await tab.getByLabel("Your message").fill("Exports time out after a minute on the reports page.");
    for (const width of [390, 1280]) {
      await tab.setViewportSize({ width, height: 860 });
      await saveScreenshot(tab, `hosted-form-${width}`);
    }
    // Sent from the phone's width; the questions and the thanks are walked at the desktop's, and the end is seen at both.
    await tab.setViewportSize({ width: 390, height: 860 });
    await tab.getByRole("button", { name: "Send" }).click();
    // The questions are a page of their own: reloaded, they come back, and nothing is posted again.
    await tab.waitForURL(/\/questions\//);
    await tab.reload();
    expect(await tab.getByText("Not sent yet.", { exact: false }).isVisible()).toBe(true);
    await saveScreenshot(tab, "hosted-form-questions-390");
    await tab.setViewportSize({ width: 1280, height: 860 });
    for (let step = 0; step < 6 && !(await tab.getByText("Thank you!").isVisible()); step++) {
      for (const field of await tab.locator("textarea").all()) await field.fill("Every time, since this morning.");
      const choice = tab.locator("fieldset input").first();
      if (await choice.count()) await choice.check();
      await tab.getByRole("button", { name: "Continue" }).click();
    }
    for (const width of [1280, 390]) {
      await tab.setViewportSize({ width, height: 860 });
      expect(await tab.getByRole("link", { name: "Follow its progress" }).isVisible()).toBe(true);
    }
    // Back, to questions already answered: the thanks they came to, with the tracking link, nothing posted again.
    await tab.goBack();
    await tab.waitForURL(/\/sent\?/);
    expect(await tab.getByRole("link", { name: "Follow its progress" }).isVisible()).toBe(true);
    await context.close();
  });
});
