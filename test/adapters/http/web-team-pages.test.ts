import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { distinctText } from "../../support/distinct.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";
import { Receiver } from "../../support/receiver.ts";

/**
 * The team's pages as plain HTML forms (they work without JavaScript): what each form does and
 * what the page then says. The browser walk in test/e2e/web.test.ts keeps what needs a browser.
 */
let http: InProcess;
let admin: FormBrowser;
let member: FormBrowser;
let reader: FormBrowser;
const receiver = new Receiver();
const ORIGIN = "http://localhost:3000";

const browserFor = async (role: "admin" | "member" | "reader") => {
  const browser = new FormBrowser(ORIGIN, {}, (r) => http.handle(r));
  await signIn(browser, http.demo.users[role].email, http.demo.users[role].password, "/inbox");
  return browser;
};

beforeAll(async () => {
  receiver.start();
  http = await inProcess({ env: { WEBHOOKS_ALLOW_PRIVATE: "true" } });
  [admin, member, reader] = [await browserFor("admin"), await browserFor("member"), await browserFor("reader")];
});
afterAll(() => {
  http.close();
  receiver.stop();
});

const report = async (kind: "problem" | "idea", message: string) => {
  const created = await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind, message } });
  expect(created.status).toBe(201);
  return created.body as { ticketId: string; statusUrl: string };
};
const page = async (browser: FormBrowser, path: string) => (await browser.fetch(path)).text();

/**
 * Submits the form whose action is `action` on the page at `from`, as a browser does: its hidden
 * inputs and ticked checkboxes, the fields given, from this site.
 */
async function submit(browser: FormBrowser, from: string, action: string, fields: Record<string, string> = {}) {
  const html = await page(browser, from);
  const form = new RegExp(`<form method="post" action="${action.replace(/[?.]/g, "\\$&")}"[\\s\\S]*?</form>`).exec(html);
  if (!form) throw new Error(`no form posting to ${action} on ${from}`);
  const ticked = [...form[0].matchAll(/<input type="checkbox" name="([^"]+)" value="([^"]*)" checked>/g)].map(([, name, value]) => [name!, value!]);
  return browser.submit(form[0], { ...Object.fromEntries(ticked), ...fields }, undefined, { origin: ORIGIN });
}

/** What the page shows in its element `#secret` (a signing secret, shown once), or null. */
const secretOn = (html: string) => /<pre class="secret" id="secret"[^>]*>([^<]+)<\/pre>/.exec(html)?.[1] ?? null;
/** The id of the webhook listed with this address. */
const webhookId = async (url: string) =>
  ((await http.request("GET", "/v1/webhooks", { token: http.demo.tokens.admin })).body.data as Array<{ id: string; url: string }>).find(
    (hook) => hook.url === url,
  )!.id;

describe("the inbox's filters", () => {
  test("a filtered inbox's address, opened by a teammate who then signs in, shows the same filter", async () => {
    const shared = "/inbox?kind=idea";
    const teammate = new FormBrowser(ORIGIN, {}, (r) => http.handle(r));
    const asked = await teammate.fetch(shared);
    expect([asked.status, asked.headers.get("location")]).toEqual([303, `/login?next=${encodeURIComponent(shared)}`]);
    const loginPage = await page(teammate, asked.headers.get("location")!);
    const signed = await teammate.submit(loginPage, { email: http.demo.users.member.email, password: http.demo.users.member.password });
    expect([signed.status, signed.headers.get("location")]).toEqual([303, shared]);
    const kind = /<select id="kind" name="kind">([\s\S]*?)<\/select>/.exec(await page(teammate, shared))![1]!;
    expect([...kind.matchAll(/<option value="([^"]*)" selected>/g)].map((m) => m[1])).toEqual(["idea"]);
  });
});

describe("the feedback page", () => {
  test("following a feedback adds the person to its followers, and unfollowing removes them, each saying so", async () => {
    const { ticketId } = await report("idea", `${distinctText(21)} Please add a dark theme for night work.`);
    const path = `/inbox/${ticketId}`;
    const followed = await submit(member, path, `${path}/follow`);
    expect([followed.status, followed.headers.get("location")]).toEqual([303, `${path}?following=yes`]);
    const following = await page(member, followed.headers.get("location")!);
    expect(following).toContain(`<li>${http.demo.users.member.email}</li>`);
    expect(following).toContain(">Unfollow</button>");
    // This service sends no e-mail: the notice says that nothing reaches them yet.
    expect(following).toContain("You follow this feedback. This service sends no e-mail (SMTP_URL is not set), so its changes reach no one yet.");
    const left = await submit(member, path, `${path}/follow`);
    expect([left.status, left.headers.get("location")]).toEqual([303, `${path}?following=no`]);
    const unfollowed = await page(member, left.headers.get("location")!);
    expect(unfollowed).toContain('<p class="notice" role="status" tabindex="-1" autofocus>You no longer follow this feedback.</p>');
    expect(unfollowed).toContain("Nobody follows this feedback.");
    expect(unfollowed).toContain(">Follow</button>");
  });

  test("a Reader sees the feedback page but no way to change it", async () => {
    const { ticketId } = await report("idea", `${distinctText(22)} Please let us pin a feedback to the top of the inbox.`);
    const seen = await page(reader, `/inbox/${ticketId}`);
    expect(seen).toContain("As a Reader you can read everything here and change nothing.");
    expect(seen).not.toContain(`action="/inbox/${ticketId}/status"`);
    expect(seen).not.toContain(">Save</button>");
  });
});

describe("webhooks in the settings", () => {
  test("creating a webhook shows its signing secret once, naming the webhook's address", async () => {
    const url = `${receiver.url}?from=web`;
    const created = await submit(admin, "/settings/webhooks", "/settings/webhooks", { url });
    expect([created.status, created.headers.get("location")]).toEqual([303, "/settings/webhooks"]);
    const shown = await page(admin, "/settings/webhooks");
    expect(shown).toContain(`Signing secret of ${url.replaceAll("&", "&amp;")}, shown once — copy it now:`);
    const secret = secretOn(shown) ?? "";
    expect(secret).toMatch(/^whsec_|^\S{32,}$/);
    const id = await webhookId(url);
    const tested = await (await submit(admin, "/settings/webhooks", `/settings/webhooks/${id}/test`)).text();
    expect(tested).toContain(`${url}: 200`);
    const again = await page(admin, "/settings/webhooks");
    expect(secretOn(again)).toBeNull();
    expect(again).not.toContain(secret);
  });

  test("the page says how a receiver checks a delivery with the secret: the header, what v1 is the HMAC-SHA256 of, and the age to refuse", async () => {
    const said =
      "Each delivery carries <code>Service-Signature: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</code>: <code>v1</code> is the HMAC-SHA256, keyed with the whole secret, of <code>&lt;t&gt;.&lt;raw body&gt;</code>.";
    expect(await page(admin, "/settings/webhooks")).toContain(said);
    const inFrench = await (await admin.fetch("/settings/webhooks", { headers: { "accept-language": "fr" } })).text();
    expect(inFrench).toContain("<code>v1</code> est le HMAC-SHA256, avec le secret entier pour clé, de <code>&lt;t&gt;.&lt;corps brut&gt;</code>.");
  });

  test("rotating a webhook's secret shows the new one once, naming the webhook and the former one's 24 hours, on a page whose reload rotates nothing", async () => {
    const url = `${receiver.url}?from=rotation`;
    await submit(admin, "/settings/webhooks", "/settings/webhooks", { url });
    await page(admin, "/settings/webhooks");
    const id = await webhookId(url);
    const rotatedBy = await submit(admin, "/settings/webhooks", `/settings/webhooks/${id}/rotate`);
    // Post, then redirect, then get: the page with the secret is a GET, and reloading it posts nothing.
    expect([rotatedBy.status, rotatedBy.headers.get("location")]).toEqual([303, "/settings/webhooks"]);
    const shown = await page(admin, "/settings/webhooks");
    expect(shown).toContain(`New signing secret of ${url}, shown once — copy it now (the former one signs too for 24 hours`);
    const rotated = secretOn(shown) ?? "";
    expect(rotated.length).toBeGreaterThan(20);
    expect(secretOn(await page(admin, "/settings/webhooks"))).toBeNull();
  });

  test("a webhook test that does not arrive is shown as a failure, in words people read", async () => {
    const url = "http://127.0.0.1:9/nothing-listens-here";
    await submit(admin, "/settings/webhooks", "/settings/webhooks", { url });
    const tested = await (await submit(admin, "/settings/webhooks", `/settings/webhooks/${await webhookId(url)}/test`)).text();
    const alerts = [...tested.matchAll(/<p class="error" role="alert" tabindex="-1" autofocus>([^<]*)<\/p>/g)].map((m) => m[1]);
    expect(alerts).toEqual([
      "The test was not accepted — http://127.0.0.1:9/nothing-listens-here: no answer (the address could not be reached, or did not answer in time)",
    ]);
    expect(tested).not.toContain('class="notice"');
  });
});

describe("the reporter's tracking page", () => {
  test("the tracking page shows the title and status in the reporter's language; a wrong token is a 404", async () => {
    const { statusUrl } = await report(
      "problem",
      `${distinctText(23)} Le bouton de paiement ne fonctionne pas sur mon téléphone et je ne peux pas payer.`,
    );
    const shown = await http.fetch(statusUrl);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain("Statut\u202f:");
    const wrong = await http.fetch(statusUrl.replace(/t=.*/, "t=wrong"));
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).not.toContain("paiement");
  });
});

describe("every page of the team", () => {
  test("the pages switch to French and back to English by their link, forbid framing and carry a strict Content-Security-Policy", async () => {
    const person = new FormBrowser(ORIGIN, {}, (r) => http.handle(r));
    await signIn(person, http.demo.users.member.email, http.demo.users.member.password, "/inbox");
    /** Follows the page's link to the other language; returns the page it leads back to. */
    const switchLanguage = async (from: string, name: string) => {
      const link = new RegExp(`<a href="([^"]+)" lang="[a-z]+">${name}</a>`).exec(await page(person, from))![1]!.replace(/&amp;/g, "&");
      const switched = await person.fetch(link);
      expect([switched.status, switched.headers.get("location")]).toEqual([303, from]);
      return page(person, from);
    };
    expect(await switchLanguage("/inbox", "Français")).toContain("<h1>Boîte de réception</h1>");
    const settings = await person.fetch("/settings");
    expect(settings.headers.get("x-frame-options")).toBe("DENY");
    expect(settings.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(settings.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(await switchLanguage("/inbox", "English")).toContain("<h1>Inbox</h1>");
  });
});
