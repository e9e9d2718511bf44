import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { gzipSync } from "node:zlib";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";

/**
 * What the copy buttons' script finds in the pages: the values people copy marked with the words
 * of its button and live region, in the page's language, and the script loaded where there is one.
 * (test/e2e/web-copy-buttons.test.ts clicks the buttons in Chromium.)
 */
let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const MARKS = {
  en: ' data-copy="Copy" data-copied="Copied" data-copy-by-hand="Press Ctrl+C (⌘C on a Mac) to copy"',
  fr: ' data-copy="Copier" data-copied="Copié" data-copy-by-hand="Appuyez sur Ctrl+C (⌘C sur Mac) pour copier"',
} as const;
const SCRIPT = '<script type="module" src="/app/copy.js"></script>';

const admin = (language: "en" | "fr") =>
  signedInAs(http, "admin", "/settings/members", { origin: http.url, ...(language === "fr" && { "accept-language": "fr" }) });

describe.each(["en", "fr"] as const)("values to copy are marked for a Copy button, in %s", (language) => {
  test("the widget's snippet, on its tab, with the script that adds the button", async () => {
    const page = await (await (await admin(language)).fetch(`/settings/apps/${http.demo.appId}/widget`)).text();
    expect(page).toContain(`<pre class="command snippet"${MARKS[language]}><code>&lt;script&gt;`);
    expect(page).toContain(SCRIPT);
  });

  test("the hosted form's link, among the channels", async () => {
    const page = await (await (await admin(language)).fetch(`/settings/apps/${http.demo.appId}/channels`)).text();
    expect(page).toContain(`<a href="http://localhost:3000/f/${http.demo.formKey}"${MARKS[language]}>`);
    expect(page).toContain(SCRIPT);
  });

  test("an API key shown once", async () => {
    const browser = await admin(language);
    await browser.submit(
      await (await browser.fetch("/settings/api-keys")).text(),
      { name: "ci-script", "scope.feedbacks:read": "yes" },
      "/settings/api-keys",
    );
    const page = await (await browser.fetch("/settings/api-keys")).text();
    expect(page).toContain(`<pre class="secret" id="secret"${MARKS[language]}>`);
    expect(page).toContain(SCRIPT);
  });

  test("an invitation's link shown once", async () => {
    const browser = await admin(language);
    const members = await (await browser.fetch("/settings/members")).text();
    await browser.submit(members, { email: `copied-${language}@example.com`, role: "member" }, "/settings/invitations");
    const page = await (await browser.fetch("/settings/members")).text();
    expect(page).toContain(`<pre class="secret" id="secret"${MARKS[language]}>http://localhost:3000/invitation?t=`);
    expect(page).toContain(SCRIPT);
  });
});

test("a page without a value to copy loads no script", async () => {
  const tags = await (await admin("en")).fetch("/settings/tags");
  const page = await tags.text();
  expect([tags.status, page.includes(`href="/settings/tags" aria-current="page"`)]).toEqual([200, true]);
  expect(page).not.toContain("<script");
});

test("the copy buttons' script is served as JavaScript, at most 1 KB gzipped", async () => {
  const served = await (await admin("en")).fetch("/app/copy.js");
  expect(served.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
  expect(gzipSync(await served.text()).length).toBeLessThanOrEqual(1024);
});
