import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { distinctText } from "../../support/distinct.ts";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";

/** The service's own origin, and a sibling host of the same site (it may plant cookies for the site). */
const OWN = "http://localhost:3000";
const SIBLING = "http://evil.localhost:3000";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const as = (role: "admin" | "member") => signedInAs(http, role);

const csrfOf = async (browser: FormBrowser): Promise<string> => /name="csrf" value="([^"]+)"/.exec(await (await browser.fetch("/inbox")).text())![1]!;

/** Two feedbacks far apart, so that grouping leaves them apart; each call gets texts of its own. */
let texts = 10;
async function twoFeedbacks(): Promise<[string, string]> {
  const keys = [];
  for (const seed of [texts++, texts++]) {
    const sent = await http.request("POST", "/v1/reports", {
      body: { publicKey: http.demo.publicKey, kind: "problem", message: distinctText(seed) },
    });
    keys.push(sent.body.ticketId as string);
  }
  return keys as [string, string];
}

/** Where a feedback is now: its own key, or the one it was merged into. */
const whereIs = async (key: string): Promise<string> =>
  (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin })).body.key;

/** Posts the merge form of the "Possible duplicates" queue as a browser would, with these cookies' session. */
const postMerge = (browser: FormBrowser, csrf: string, source: string, into: string, headers: Record<string, string>) =>
  browser.fetch("/duplicates/merge", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ csrf, source, into, next: "/duplicates" }),
  });

describe("a merge forged from a sibling host (the audit's scenario)", () => {
  test("a CSRF cookie planted by a sibling host, repeated in the form, is refused: the token is bound to the session", async () => {
    const [source, into] = await twoFeedbacks();
    const victim = await as("member");
    victim.plant("retour_csrf", "planted-by-a-sibling-host-0123456789abcdef");
    const res = await postMerge(victim, "planted-by-a-sibling-host-0123456789abcdef", source, into, {});
    expect(res.status).toBe(403);
    expect(await whereIs(source)).toBe(source);
  });

  test("the CSRF token of another session is refused, even with that session's CSRF cookie planted", async () => {
    const [source, into] = await twoFeedbacks();
    const attacker = await as("admin");
    const victim = await as("member");
    const stolen = await csrfOf(attacker);
    victim.plant("retour_csrf", stolen);
    expect((await postMerge(victim, stolen, source, into, {})).status).toBe(403);
    expect(await whereIs(source)).toBe(source);
  });

  test("a post from a foreign Origin is refused even with the session's own token", async () => {
    const [source, into] = await twoFeedbacks();
    const victim = await as("member");
    const csrf = await csrfOf(victim);
    const res = await postMerge(victim, csrf, source, into, { origin: SIBLING });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("This form can only be sent from its own page.");
    expect(await whereIs(source)).toBe(source);
  });

  test("a post whose browser says it came from another site (Sec-Fetch-Site, no Origin) is refused", async () => {
    const [source, into] = await twoFeedbacks();
    const victim = await as("member");
    const csrf = await csrfOf(victim);
    for (const site of ["same-site", "cross-site"]) {
      expect((await postMerge(victim, csrf, source, into, { "sec-fetch-site": site })).status).toBe(403);
    }
    expect(await whereIs(source)).toBe(source);
  });

  test("a same-origin post with the session's own token passes: the merge is made", async () => {
    const [source, into] = await twoFeedbacks();
    const member = await as("member");
    const res = await postMerge(member, await csrfOf(member), source, into, { origin: OWN, "sec-fetch-site": "same-origin" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toStartWith(`/duplicates?done=merged&feedback=${source}&target=${into}&merge=`);
    expect(await whereIs(source)).toBe(into);
  });
});

describe("every state-changing web form checks Origin", () => {
  test("the sign-in form posted from another site is refused, and no session is opened", async () => {
    const browser = new FormBrowser(OWN, {}, http.handle);
    const page = await (await browser.fetch("/login")).text();
    const res = await browser.submit(page, { email: http.demo.users.member.email, password: http.demo.users.member.password }, undefined, {
      origin: SIBLING,
    });
    expect(res.status).toBe(403);
    expect(browser.cookieHeader()).not.toContain("retour_session=");
  });

  test("signing out from another site is refused: the session stays open", async () => {
    const member = await as("member");
    const csrf = await csrfOf(member);
    await member.fetch("/logout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: SIBLING },
      body: new URLSearchParams({ csrf }),
    });
    expect((await member.fetch("/inbox")).status).toBe(200);
    // The same post from this site signs out.
    await member.fetch("/logout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: OWN },
      body: new URLSearchParams({ csrf }),
    });
    expect((await member.fetch("/inbox")).status).toBe(303);
  });

  test("the OAuth consent posted from another site is refused", async () => {
    const member = await as("member");
    const res = await member.fetch("/oauth/authorize", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: SIBLING },
      body: new URLSearchParams({ csrf: await csrfOf(member), decision: "allow" }),
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("This form can only be sent from its own page.");
  });
});

describe("the sign-in form behind a proxy that ends TLS, without BASE_URL", () => {
  /** The sign-in form as a browser at `opened` posts it to the service, which reads the request as plain http on that host. */
  const signInFrom = async (opened: string) => {
    const browser = new FormBrowser("http://feedback.acme.test", {}, http.handle);
    const page = await (await browser.fetch("/login")).text();
    return browser.submit(page, { email: http.demo.users.admin.email, password: http.demo.users.admin.password }, undefined, { origin: opened });
  };

  test("is refused, and says the address the browser opened, the one the service takes for its own, and to set BASE_URL", async () => {
    const refused = await signInFrom("https://feedback.acme.test");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(
      '<div class="error" role="alert" id="sign-in-error"><p>This form can only be sent from its own page.</p><p>This page was opened at https://feedback.acme.test, but the service takes its own address to be http://localhost:3000. Whoever runs it sets BASE_URL to https://feedback.acme.test and starts it again (README, Quick start).</p></div>',
    );
  });

  test("posted from another host, it names no address: a page elsewhere cannot have its own suggested", async () => {
    const refused = await signInFrom("https://feedback.acme.test.evil.example");
    expect(refused.status).toBe(403);
    const page = await refused.text();
    expect(page).toContain('<p class="error" role="alert" id="sign-in-error">This form can only be sent from its own page.</p>');
    expect(page).not.toContain("BASE_URL");
  });
});

describe("cookies over https carry the __Host- prefix", () => {
  let secure: InProcess;
  beforeAll(async () => {
    secure = await inProcess({ with: { baseUrl: "https://retour.example" } });
  });
  afterAll(() => secure.close());

  test("the sign-in form's and the session's cookies are __Host- cookies: Secure, Path=/, no Domain", async () => {
    const browser = new FormBrowser("https://retour.example", {}, secure.handle);
    const login = await browser.fetch("/login");
    const csrfCookie = login.headers.getSetCookie().find((c) => c.includes("retour_csrf="))!;
    expect(csrfCookie).toStartWith("__Host-retour_csrf=");
    expect(csrfCookie).toContain("Secure");
    expect(csrfCookie).toContain("Path=/");
    expect(csrfCookie).not.toContain("Domain");
    const page = await login.text();
    const signedIn = await browser.submit(page, { email: secure.demo.users.member.email, password: secure.demo.users.member.password });
    expect(signedIn.headers.getSetCookie().some((c) => c.startsWith("__Host-retour_session=") && c.includes("Secure"))).toBe(true);
  });

  test("a session cookie without the prefix (one a sibling host could plant) is not read", async () => {
    const browser = new FormBrowser("https://retour.example", {}, secure.handle);
    await signIn(browser, secure.demo.users.member.email, secure.demo.users.member.password, "/inbox");
    const session = /__Host-retour_session=([^;]+)/.exec(browser.cookieHeader())![1]!;
    const planted = new FormBrowser("https://retour.example", {}, secure.handle);
    planted.plant("retour_session", session);
    expect((await planted.fetch("/inbox")).status).toBe(303);
    expect((await browser.fetch("/inbox")).status).toBe(200);
  });
});
