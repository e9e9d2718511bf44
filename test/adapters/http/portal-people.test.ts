import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SignJWT } from "jose";
import { verifySsoToken } from "../../../adapters/portal-sso/verify-token.ts";
import type { PortalEntry } from "../../../core/portal-people/portal.ts";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";
import { type Mailbox, startMailbox } from "../../support/mailbox.ts";

let mailbox: Mailbox;
const mailsTo = (to: string) => mailbox.to(to);

const SSO_SECRET = "a-portal-sso-secret-of-the-customer-0123456789";
/** The portals a slug names, as the portal's settings will: a fixture until they land. */
let orgId = "";
const PORTALS: Record<string, () => PortalEntry> = {
  demo: () => ({ orgId, slug: "demo", enabled: true, ssoSecret: SSO_SECRET, signInUrl: null }),
  nosso: () => ({ orgId, slug: "nosso", enabled: true, ssoSecret: null, signInUrl: null }),
  off: () => ({ orgId, slug: "off", enabled: false, ssoSecret: SSO_SECRET, signInUrl: null }),
};

let http: InProcess;
beforeAll(async () => {
  mailbox = await startMailbox();
  http = await inProcess({
    env: { SMTP_URL: mailbox.url, SMTP_FROM: "Retour <portal@retour.test>" },
    portals: { lookup: async (slug) => PORTALS[slug]?.() ?? null, verifySso: verifySsoToken },
  });
  orgId = http.demo.orgId;
});
afterAll(async () => {
  http.close();
  await mailbox.close();
});

/** A browser of a person on the portal, from its own client address. */
let address = 0;
const browser = () => new FormBrowser(http.url, { "x-test-client-address": `198.51.100.${++address}` }, (r) => http.handle(r));
const text = async (response: Response) => response.text();

/** Asks for a sign-in link and returns the one the mail brought. */
async function linkFor(b: FormBrowser, email: string): Promise<string> {
  const before = mailsTo(email).length;
  const sent = await b.submit(await text(await b.fetch("/p/demo/sign-in")), { email });
  expect(sent.status).toBe(200);
  // The request answers once the SMTP server has taken the mail.
  expect(mailsTo(email).length).toBe(before + 1);
  const mail = mailsTo(email).at(-1)!.text;
  return /(http:\/\/localhost:3000\/p\/demo\/sign-in\/link\?token=\S+)/.exec(mail)![1]!;
}

/** Signs a person in by e-mail link, as they would: the link's page, then Continue. */
async function signedIn(email: string): Promise<FormBrowser> {
  const b = browser();
  const link = await linkFor(b, email);
  const opened = await b.submit(await text(await b.fetch(link)), {});
  expect([opened.status, opened.headers.get("location")]).toEqual([303, "/p/demo"]);
  return b;
}

/** A token as the customer's server signs it, expiring in 5 minutes by the service's clock (or at `exp`, in seconds). */
const token = (claims: Record<string, unknown>, secret = SSO_SECRET, exp = Math.floor(http.services.clock() / 1000) + 300) =>
  new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setExpirationTime(exp).sign(new TextEncoder().encode(secret));

/** Signs a person in through the customer's single sign-on, where how they sign in is not the point: no mail to wait for. */
async function signedInBySso(email: string): Promise<FormBrowser> {
  const b = browser();
  const opened = await b.fetch(`/p/demo/sso?token=${await token({ sub: email, email })}`);
  expect([opened.status, opened.headers.get("location")]).toEqual([303, "/p/demo"]);
  return b;
}

/** A feedback the team published: the only ones the portal's people vote for. */
async function report(message: string): Promise<string> {
  const key = (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", message } })).body.ticketId;
  expect((await http.request("POST", `/v1/feedbacks/${key}/publish`, { token: http.demo.tokens.admin, body: {} })).status).toBe(200);
  return key;
}
const votesOf = async (key: string) => (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body.votes;
/** Posts the vote form of a feedback's page, as the page renders it. */
async function vote(b: FormBrowser, key: string, choice: "cast" | "withdraw" = "cast", extra: Record<string, string> = {}) {
  const csrf = /name="csrf" value="([^"]+)"/.exec(await text(await b.fetch("/p/demo/sign-in")))![1]!;
  return b.fetch(`/p/demo/${key}/vote`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrf, vote: choice, website: "", ...extra }),
  });
}

describe("signing in to a portal by an e-mail link", () => {
  test("a mail server that does not take the link's e-mail: the page says so, 503, and the person may ask again", async () => {
    // Nothing listens on port 1: the mail server refuses at once.
    const down = await inProcess({
      env: { SMTP_URL: "smtp://127.0.0.1:1", SMTP_FROM: "Retour <portal@retour.test>" },
      portals: { lookup: async (slug) => PORTALS[slug]?.() ?? null, verifySso: verifySsoToken },
    });
    try {
      const b = new FormBrowser(down.url, { "x-test-client-address": "198.51.100.250" }, (r) => down.handle(r));
      const sent = await b.submit(await text(await b.fetch("/p/demo/sign-in")), { email: "nora@customer.example" });
      expect([sent.status, sent.headers.get("content-type")]).toEqual([503, "text/html; charset=utf-8"]);
      const page = await text(sent);
      expect(page).toContain(
        '<p class="error" role="alert" id="email-problem">The e-mail could not be sent just now: the mail server did not take it. Try again in a moment.</p>',
      );
      // The form again, the address as typed: asking again is one press.
      expect(page).toContain(
        '<input id="email" type="email" name="email" required maxlength="254" autocomplete="email" value="nora@customer.example"',
      );
      expect((await b.sendForm(page, "/p/demo/sign-in")).status).toBe(503);
    } finally {
      down.close();
    }
  });

  test("the sign-in page has the e-mail field, a CSRF token and a honeypot; an unknown or closed portal is 404", async () => {
    const page = await text(await browser().fetch("/p/demo/sign-in"));
    expect(page).toContain('<input id="email" type="email" name="email"');
    expect(page).toMatch(/<input type="hidden" name="csrf" value="[^"]{32,}">/);
    expect(page).toContain('<div class="trap" aria-hidden="true"><label for="website">Leave this field empty</label>');
    expect((await browser().fetch("/p/nowhere/sign-in")).status).toBe(404);
    expect((await browser().fetch("/p/off/sign-in")).status).toBe(404);
  });

  test("the link arrives by e-mail; opening it signs no one in until the person continues; then a portal session opens", async () => {
    const b = browser();
    const link = await linkFor(b, "ana@customer.example");
    const mail = mailsTo("ana@customer.example").at(-1)!.text;
    expect(mail).toContain("open this link within 15 minutes (it works once)");
    const confirm = await text(await b.fetch(link));
    expect(confirm).toContain("Sign in with the link from your e-mail:");
    expect(await text(await b.fetch("/p/demo/sign-in"))).not.toContain("Signed in as");
    const opened = await b.submit(confirm, {});
    expect([opened.status, opened.headers.get("location")]).toEqual([303, "/p/demo"]);
    expect(await text(await b.fetch("/p/demo/sign-in"))).toContain("Signed in as <strong>ana@customer.example</strong>");
  });

  /** Says, as soon as the link is opened, that it does not work, and offers to ask for a new one: no Continue to press first. */
  const expectSaysAtOnce = async (opened: Response) => {
    expect(opened.status).toBe(403);
    const page = await text(opened);
    expect(page).toContain("<h1>This link does not work</h1><p>This sign-in link is invalid, used or expired. Ask for a new one.</p>");
    expect(page).toContain('<a class="standalone" href="/p/demo/sign-in">Ask for a new link</a>');
    expect(page).not.toContain("<form");
  };

  test("a link works once: opened again, it says at once that it does not work, and asks for a new one", async () => {
    const b = browser();
    const link = await linkFor(b, "once@customer.example");
    // Opened first elsewhere, as a mail scanner or another device would: opening uses nothing up.
    const elsewhere = browser();
    const openedElsewhere = await text(await elsewhere.fetch(link));
    expect((await b.submit(await text(await b.fetch(link)), {})).status).toBe(303);
    await expectSaysAtOnce(await b.fetch(link));
    // Continue on a page opened before the link was used is refused alike.
    const late = await elsewhere.submit(openedElsewhere, {});
    expect(late.status).toBe(403);
    expect(await text(late)).toContain("This sign-in link is invalid, used or expired. Ask for a new one.");
  });

  test("a link is valid 15 minutes: after that it opens nothing, and opened it says so at once", async () => {
    const b = browser();
    const link = await linkFor(b, "slow@customer.example");
    const confirm = await text(await b.fetch(link));
    http.advanceClock(15 * 60_000 + 1_000);
    await expectSaysAtOnce(await b.fetch(link));
    expect((await b.submit(confirm, {})).status).toBe(403);
    expect(await text(await b.fetch("/p/demo/sign-in"))).not.toContain("Signed in as");
  });

  test("a made-up link says at once that it does not work", async () => {
    await expectSaysAtOnce(await browser().fetch("/p/demo/sign-in/link?token=made-up"));
  });

  test("the answer never says whether an address is known; a filled honeypot is answered alike and sends nothing", async () => {
    await signedIn("known@customer.example");
    const answer = async (email: string, extra: Record<string, string> = {}) => {
      const b = browser();
      const sent = await b.submit(await text(await b.fetch("/p/demo/sign-in")), { email, ...extra });
      return [sent.status, await text(sent)];
    };
    const known = await answer("known@customer.example");
    expect(await answer("never-seen@customer.example")).toEqual(known);
    expect(known[1]).toContain("A sign-in link is on its way to that address.");
    expect(await answer("robot@customer.example", { website: "https://spam.example" })).toEqual(known);
    expect(mailsTo("never-seen@customer.example").length).toBe(1);
    expect(mailsTo("robot@customer.example")).toEqual([]);
  });

  test("once the link is on its way, the page's way back leads to the page the person was reading, as the sign-in page's did", async () => {
    const b = browser();
    const form = await text(await b.fetch(`/p/demo/sign-in?next=${encodeURIComponent("/p/demo/DEMO-1?to=vote")}`));
    const sent = await text(await b.submit(form, { email: "reading@customer.example" }));
    expect(sent).toContain("A sign-in link is on its way to that address.");
    expect(sent).toContain('<p><a class="standalone" href="/p/demo/DEMO-1">Back to the page you were reading</a></p>');
  });

  test("text that is not an e-mail address is 400 and the form says so", async () => {
    const b = browser();
    const refused = await b.submit(await text(await b.fetch("/p/demo/sign-in")), { email: "not an address" });
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain("Enter an e-mail address, such as ana@example.com.");
  });

  test("links are limited per e-mail address (5 an hour) and per client address (20 an hour): 429 with Retry-After", async () => {
    const b = browser();
    const ask = async (who: FormBrowser, email: string) => who.submit(await text(await who.fetch("/p/demo/sign-in")), { email });
    // Asked at once: each answer waits on its mail, and the mails need not wait on one another.
    const flood = await Promise.all(Array.from({ length: 5 }, () => ask(browser(), "flood@customer.example")));
    expect(flood.map((r) => r.status)).toEqual(Array(5).fill(200));
    const perEmail = await ask(browser(), "flood@customer.example");
    expect(perEmail.status).toBe(429);
    expect(Number(perEmail.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await text(perEmail)).toContain("Too many attempts.");
    const form = await text(await b.fetch("/p/demo/sign-in"));
    const spray = await Promise.all(Array.from({ length: 20 }, (_, i) => b.submit(form, { email: `spray-${i}@customer.example` })));
    expect(spray.map((r) => r.status)).toEqual(Array(20).fill(200));
    const perAddress = await ask(b, "spray-last@customer.example");
    expect([perAddress.status, Number(perAddress.headers.get("retry-after")) > 0]).toEqual([429, true]);
  });

  test("a post without the page's CSRF token, or from another site, is 403 and sends nothing", async () => {
    const b = browser();
    const page = await text(await b.fetch("/p/demo/sign-in"));
    const forged = await b.submit(page.replace(/name="csrf" value="[^"]+"/, 'name="csrf" value="forged"'), { email: "csrf@customer.example" });
    expect(forged.status).toBe(403);
    const foreign = await b.submit(page, { email: "csrf@customer.example" }, undefined, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(mailsTo("csrf@customer.example")).toEqual([]);
  });
});

describe("signing in to a portal through the customer's single sign-on", () => {
  test("a token signed with the portal's secret opens a portal session with the person's name and e-mail, then goes to `next` on the portal", async () => {
    const b = browser();
    const signed = await token({ sub: "user-42", email: "Sso@Customer.example", name: "Sam Soe" });
    const opened = await b.fetch(`/p/demo/sso?token=${signed}&next=${encodeURIComponent("/p/demo/DEMO-1")}`);
    expect([opened.status, opened.headers.get("location")]).toEqual([303, "/p/demo/DEMO-1"]);
    expect(await text(await b.fetch("/p/demo/sign-in"))).toContain("Signed in as <strong>sso@customer.example</strong>");
  });

  test("`next` leads only within the portal: another site or another portal goes to the board", async () => {
    const foreign = [
      "https://evil.example/",
      "//evil.example",
      "/p/other",
      "/inbox",
      "/p/demo/../../inbox",
      "/p/demo2",
      "/p/demo?next=//evil.example",
    ];
    const smuggled = [
      "/p/demo?appId=a&next=https://evil.example",
      "/p/demo?appId=//evil.example",
      "/p/demo?appId=a/../../../inbox",
      "/p/demo?to=vote",
    ];
    for (const next of [...foreign, ...smuggled]) {
      const opened = await browser().fetch(
        `/p/demo/sso?token=${await token({ sub: "u", email: "n@customer.example" })}&next=${encodeURIComponent(next)}`,
      );
      expect({ next, location: opened.headers.get("location") }).toEqual({ next, location: "/p/demo" });
    }
  });

  test("a forged, expired, unsigned or incomplete token is 403 and opens nothing; so is any token on a portal without a secret", async () => {
    const none = `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${Buffer.from(JSON.stringify({ sub: "u", email: "x@customer.example", exp: 9_999_999_999 })).toString("base64url")}.`;
    const refusedTokens = {
      forged: await token({ sub: "u", email: "x@customer.example" }, "another-secret-that-is-not-the-portal-one"),
      expired: await token({ sub: "u", email: "x@customer.example" }, SSO_SECRET, Math.floor(http.services.clock() / 1000) - 1),
      unsigned: none,
      noEmail: await token({ sub: "u" }),
      noSub: await token({ email: "x@customer.example" }),
      badEmail: await token({ sub: "u", email: "not an address" }),
      garbage: "not.a.token",
    };
    const said: Record<string, string> = {};
    for (const [name, t] of Object.entries(refusedTokens)) {
      const b = browser();
      const refused = await b.fetch(`/p/demo/sso?token=${encodeURIComponent(t)}`);
      expect({ name, status: refused.status }).toEqual({ name, status: 403 });
      said[name] = /For the app&#39;s developers: ([^<]*)\.<\/p>/.exec(await text(refused))?.[1] ?? "";
      expect(await text(await b.fetch("/p/demo/sign-in"))).not.toContain("Signed in as");
    }
    // The page says why, for the app's developers, who alone can mend the token.
    expect(said).toEqual({
      forged: "the token is not signed with this portal&#39;s single sign-on secret",
      expired: "the token has expired (&quot;exp&quot; is past)",
      unsigned: "the token is not signed with HS256",
      noEmail: "the token&#39;s &quot;email&quot; claim is missing or invalid",
      noSub: "the token&#39;s &quot;sub&quot; claim is missing or invalid",
      badEmail: "the token&#39;s &quot;email&quot; claim is no e-mail address",
      garbage: "the token is not a signed JWT",
    });
    expect((await browser().fetch(`/p/nosso/sso?token=${await token({ sub: "u", email: "x@customer.example" })}`)).status).toBe(403);
  });
});

describe("portal sessions are the portal's only", () => {
  test("a portal session never opens the team's inbox, and a team session is no portal session", async () => {
    const person = await signedInBySso(http.demo.users.admin.email);
    const inbox = await person.fetch("/inbox");
    expect([inbox.status, inbox.headers.get("location")?.startsWith("/login")]).toEqual([303, true]);
    const member = browser();
    await signIn(member, http.demo.users.admin.email, http.demo.users.admin.password, "/inbox");
    expect(await text(await member.fetch("/p/demo/sign-in"))).not.toContain("Signed in as");
  });

  test("signing out ends the session on the server: the old cookie signs no one in", async () => {
    const b = await signedInBySso("leaving@customer.example");
    const cookie = b.cookieHeader();
    const page = await text(await b.fetch("/p/demo/sign-in"));
    const form = /<form method="post" action="\/p\/demo\/sign-out">[\s\S]*?<\/form>/.exec(page)![0];
    expect((await b.submit(form, {})).headers.get("location")).toBe("/p/demo");
    const replayed = await http.handle(new Request(`${http.url}/p/demo/sign-in`, { headers: { cookie } }));
    expect(await replayed.text()).not.toContain("Signed in as");
  });
});

describe("voting on the portal", () => {
  test("a vote for a feedback the portal does not show is 404 on the portal's own page, which leads back to its board", async () => {
    const key = (
      await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", message: "Never published idea" } })
    ).body.ticketId;
    const refused = await vote(await signedInBySso("stray@customer.example"), key);
    const page = await text(refused);
    expect(refused.status).toBe(404);
    expect(page).toContain("<h1>Not found</h1>");
    expect(page).toContain('<a href="/p/demo">See all ideas and problems</a>');
    expect(page).not.toContain("There is no portal at this address.");
  });

  test("a signed-in person votes once: the form sends them back to the page, the feedback counts one vote, and they follow it", async () => {
    const key = await report("Export my data as CSV from the portal");
    const b = await signedInBySso("voter@customer.example");
    const followers = (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body.followers;
    const voted = await vote(b, key);
    expect([voted.status, voted.headers.get("location")]).toEqual([303, `/p/demo/${key}#vote`]);
    expect((await vote(b, key)).status).toBe(303);
    expect(await votesOf(key)).toBe(1);
    expect((await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body.followers).toBe(followers + 1);
    const listed = await http.request("GET", `/v1/feedbacks/${key}/voters`, { token: http.demo.tokens.reader });
    expect(listed.body.data.map((v: { email: string }) => v.email)).toEqual(["voter@customer.example"]);
  });

  test("a person withdraws their vote", async () => {
    const key = await report("Withdraw a vote from the portal");
    const b = await signedInBySso("changes-mind@customer.example");
    await vote(b, key);
    expect(await votesOf(key)).toBe(1);
    expect((await vote(b, key, "withdraw")).headers.get("location")).toBe(`/p/demo/${key}#vote`);
    expect(await votesOf(key)).toBe(0);
  });

  test("sent to sign in from the widget's Ideas tab, a person signs in by e-mail and comes back to the board showing that app's ideas", async () => {
    const ideas = `/p/demo?appId=${http.demo.appId}`;
    const b = browser();
    const signInPage = await text(await b.fetch(`/p/demo/sign-in?next=${encodeURIComponent(ideas)}`));
    expect(signInPage).toContain(`<input type="hidden" name="next" value="${ideas}">`);
    expect(signInPage).toContain(`<a class="standalone" href="${ideas}">Back to the board</a>`);
    expect((await b.submit(signInPage, { email: "from-widget@customer.example" })).status).toBe(200);
    const link = /(http:\/\/localhost:3000\/p\/demo\/sign-in\/link\?\S+)/.exec(mailsTo("from-widget@customer.example").at(-1)!.text)![1]!;
    const opened = await b.submit(await text(await b.fetch(link)), {});
    expect([opened.status, opened.headers.get("location")]).toEqual([303, ideas]);
  });

  test("sent to sign in from a vote, a person signs in by e-mail and comes back to the feedback's page", async () => {
    const key = await report("Come back after signing in");
    const b = browser();
    const sentAway = (await vote(b, key)).headers.get("location")!;
    const signInPage = await text(await b.fetch(sentAway));
    expect(signInPage).toContain(`<input type="hidden" name="next" value="/p/demo/${key}">`);
    expect((await b.submit(signInPage, { email: "returning@customer.example" })).status).toBe(200);
    const link = /(http:\/\/localhost:3000\/p\/demo\/sign-in\/link\?\S+)/.exec(mailsTo("returning@customer.example").at(-1)!.text)![1]!;
    const opened = await b.submit(await text(await b.fetch(link)), {});
    expect([opened.status, opened.headers.get("location")]).toEqual([303, `/p/demo/${key}`]);
    expect((await vote(b, key)).headers.get("location")).toBe(`/p/demo/${key}#vote`);
    expect(await votesOf(key)).toBe(1);
  });

  test("sent to sign in from a vote on a page read in French, a person signs in and comes back to the page in French", async () => {
    const key = await report("Revenir en français");
    const b = browser();
    // The vote form of a page read in French (its action carries the language), posted once the session had ended.
    const csrf = /name="csrf" value="([^"]+)"/.exec(await text(await b.fetch("/p/demo/sign-in")))![1]!;
    const sentAway = await b.fetch(`/p/demo/${key}/vote?lang=fr`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf, vote: "cast", website: "" }),
    });
    expect(sentAway.headers.get("location")).toBe(`/p/demo/sign-in?next=${encodeURIComponent(`/p/demo/${key}?lang=fr`)}&lang=fr`);
    const signInPage = await text(await b.fetch(sentAway.headers.get("location")!));
    expect(signInPage).toContain('<html lang="fr">');
    expect((await b.submit(signInPage, { email: "retour-fr@customer.example" })).status).toBe(200);
    const link = /(http:\/\/localhost:3000\/p\/demo\/sign-in\/link\?\S+)/.exec(mailsTo("retour-fr@customer.example").at(-1)!.text)![1]!;
    const opened = await b.submit(await text(await b.fetch(link)), {});
    expect([opened.status, opened.headers.get("location")]).toEqual([303, `/p/demo/${key}?lang=fr`]);
  });

  test("a delivered feedback takes no vote: 409 and the page says why", async () => {
    const key = await report("Delivered already");
    await http.request("PATCH", `/v1/feedbacks/${key}`, { body: { status: "delivered" }, token: http.demo.tokens.member });
    const refused = await vote(await signedInBySso("late@customer.example"), key);
    expect(refused.status).toBe(409);
    expect(await text(refused)).toContain("This feedback takes no votes: it is delivered or dismissed.");
    expect(await votesOf(key)).toBe(0);
  });

  test("someone not signed in is sent to sign in, and comes back to the page; a filled honeypot counts nothing", async () => {
    const key = await report("Vote without signing in");
    const anonymous = await vote(browser(), key);
    expect([anonymous.status, anonymous.headers.get("location")]).toEqual([303, `/p/demo/sign-in?next=${encodeURIComponent(`/p/demo/${key}`)}`]);
    const robot = await signedInBySso("robot-voter@customer.example");
    const trapped = await vote(robot, key, "cast", { website: "x" });
    // Sent back to the page, as a person is, not to sign in: the vote was taken as a signed-in person's.
    expect([trapped.status, trapped.headers.get("location")]).toEqual([303, `/p/demo/${key}`]);
    expect(await votesOf(key)).toBe(0);
    // The same vote without the honeypot counts.
    expect((await vote(robot, key)).status).toBe(303);
    expect(await votesOf(key)).toBe(1);
  });

  test("a vote without the session's CSRF token, or from another site, is 403 and counts nothing", async () => {
    const key = await report("CSRF on the vote");
    const b = await signedInBySso("csrf-voter@customer.example");
    const forged = await b.fetch(`/p/demo/${key}/vote`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf: "forged", vote: "cast" }),
    });
    expect(forged.status).toBe(403);
    expect((await vote(b, key, "cast", {})).status).toBe(303);
    const other = await b.fetch(`/p/demo/${key}/vote`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams({ csrf: "x", vote: "withdraw" }),
    });
    expect(other.status).toBe(403);
    expect(await votesOf(key)).toBe(1);
  });

  test("votes are limited per person (10 a minute): the 11th is 429 with Retry-After", async () => {
    http.startFreshMinute();
    const b = await signedInBySso("eager-voter@customer.example");
    for (let i = 0; i < 10; i++) expect((await vote(b, await report(`Portal idea ${i}`))).status).toBe(303);
    const refused = await vote(b, await report("Portal idea too many"));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("votes are limited per client address (30 a minute), whoever signed in: 429 with Retry-After", async () => {
    http.startFreshMinute();
    const key = await report("One address, many people");
    const sharedAddress = { "x-test-client-address": "203.0.113.77" };
    let last: Response | null = null;
    for (let i = 0; i < 31; i++) {
      const person = await signedInBySso(`crowd-${i}@customer.example`);
      const shared = new FormBrowser(http.url, sharedAddress, (r) => http.handle(r));
      shared.plant(
        ...(person
          .cookieHeader()
          .split("; ")
          .map((c) => c.split("="))
          .find(([name]) => name === "retour_portal.demo") as [string, string]),
      );
      last = await vote(shared, key);
      if (i < 30) expect(last.status).toBe(303);
    }
    expect([last!.status, Number(last!.headers.get("retry-after")) > 0]).toEqual([429, true]);
    expect(await votesOf(key)).toBe(30);
  });
});
