import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SignJWT } from "jose";
import { FormBrowser } from "../../support/browser.ts";
import { focusedField } from "../../support/focused-field.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let http: InProcess;
let ssoSecret = "";
const admin = (method: string, path: string, body?: unknown) =>
  http.request(method, path, { token: http.demo.tokens.admin, ...(body !== undefined && { body }) });

beforeAll(async () => {
  // Anonymous pages are kept a while, as the server keeps them: a signed-in page must never be among them.
  http = await inProcess({ portalCacheMs: 60_000 });
  // A service without e-mail: people sign in through the organization's own sign-in.
  expect((await admin("PUT", "/v1/portal", { enabled: true, title: "Acme feedback", signInUrl: "https://app.acme.example/login" })).status).toBe(200);
  ssoSecret = (await admin("POST", "/v1/portal/sso-secret")).body.ssoSecret;
});
afterAll(() => http.close());

let address = 0;
const browser = () => new FormBrowser(http.url, { "x-test-client-address": `203.0.113.${++address}` }, (r) => http.handle(r));

/** A person signed in through the customer's single sign-on, in their own browser. */
async function signedIn(email: string, name: string): Promise<FormBrowser> {
  const token = await new SignJWT({ sub: email, email, name })
    .setProtectedHeader({ alg: "HS256" })
    .setExpirationTime("5m")
    .sign(new TextEncoder().encode(ssoSecret));
  const b = browser();
  expect((await b.fetch(`/p/demo/sso?token=${token}`)).status).toBe(303);
  return b;
}

/** The page a live sign-in link opens, as if its e-mail had brought it (this service sends none): it holds a form with a token. */
let links = 0;
async function signInLinkPage(b: FormBrowser): Promise<string> {
  const token = `a-live-sign-in-link-${++links}`;
  const { services } = http;
  await services.store.saveSignInLink(services.digest(token), {
    orgId: http.demo.orgId,
    email: "eve@customer.example",
    expiresAt: services.clock() + 60_000,
  });
  return (await b.fetch(`/p/demo/sign-in/link?token=${token}`)).text();
}

async function published(title: string, kind = "idea"): Promise<string> {
  const key = (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind, title, message: `${title}, please` } })).body
    .ticketId;
  expect((await admin("POST", `/v1/feedbacks/${key}/publish`, {})).status).toBe(200);
  return key;
}

/** The vote form of a feedback's page, as the page has it. */
const voteForm = (page: string): string => /<form method="post" action="[^"]*\/vote" class="vote">[\s\S]*?<\/form>/.exec(page)?.[0] ?? "";

describe("a portal page and who reads it", () => {
  test("anyone sees a Sign in link that comes back to the page, the tabs Feedback, Roadmap and Changelog, and a page cached for all", async () => {
    const key = await published("Calendar sync");
    const res = await browser().fetch(`/p/demo/${key}`);
    const page = await res.text();
    expect(res.headers.get("cache-control")).toBe("public, max-age=30, stale-while-revalidate=300");
    expect(page).toContain(`<a href="/p/demo/sign-in?next=%2Fp%2Fdemo%2F${key}">Sign in</a>`);
    expect(page).toContain('<a href="/p/demo/roadmap">Roadmap</a>');
    expect(page).toContain('<a href="/p/demo/changelog">What&#39;s new</a>');
    // Without a session, the vote box leads to signing in and back.
    expect(page).toContain(`<a class="votes" href="/p/demo/sign-in?next=%2Fp%2Fdemo%2F${key}%3Fto%3Dvote"`);
    expect(voteForm(page)).toBe("");
  });

  test("a signed-in person sees their name and a sign-out button; their page is private and carries no shared ETag", async () => {
    const key = await published("Offline mode");
    const ana = await signedIn("ana@customer.example", "Ana Lima");
    const res = await ana.fetch(`/p/demo/${key}`);
    const page = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    expect(res.headers.get("etag")).toBeNull();
    expect(page).toContain('<span class="who-am-i">Ana Lima</span>');
    expect(page).toMatch(/<form method="post" action="\/p\/demo\/sign-out" class="signout"[^>]*>[\s\S]*?name="csrf" value="[^"]{20,}"/);
    expect(page).not.toContain(">Sign in</a>");
    // The posting form is kept by no cache at all: it carries a CSRF token, and its thanks a tracking link.
    for (const [path, caching] of [
      ["/p/demo", "private, no-cache"],
      ["/p/demo/roadmap", "private, no-cache"],
      ["/p/demo/changelog", "private, no-cache"],
      ["/p/demo/new", "no-store"],
    ]) {
      const other = await ana.fetch(path!);
      expect([path, other.headers.get("cache-control"), other.headers.get("vary")]).toEqual([path, caching, "Cookie, Accept-Language"]);
      expect(await other.text()).toContain("Ana Lima");
    }
  });

  test("a browser that kept a page from before signing in asks with its ETag, and gets the signed-in page, never a 304", async () => {
    const key = await published("Saved filters");
    const anonymous = await browser().fetch(`/p/demo/${key}`);
    const etag = anonymous.headers.get("etag")!;
    expect([anonymous.headers.get("vary"), etag.length > 2]).toEqual(["Cookie, Accept-Language", true]);
    const ana = await signedIn("ana@customer.example", "Ana Lima");
    const after = await ana.fetch(`/p/demo/${key}`, { headers: { "if-none-match": etag } });
    expect([after.status, (await after.text()).includes("Ana Lima")]).toEqual([200, true]);
  });

  test("the render cache never serves a signed-in page to anyone, nor anyone's page to a signed-in person", async () => {
    const key = await published("Shared calendars");
    const first = await (await browser().fetch(`/p/demo/${key}`)).text();
    expect(first).toContain(">Sign in</a>");
    const ben = await signedIn("ben@customer.example", "Ben Ode");
    const his = await (await ben.fetch(`/p/demo/${key}`)).text();
    expect(his).toContain("Ben Ode");
    expect(his).not.toContain(">Sign in</a>");
    const after = await (await browser().fetch(`/p/demo/${key}`)).text();
    expect(after).not.toContain("Ben Ode");
    expect(after).toBe(first);
    // Signed out, the same browser reads the page everyone reads.
    await ben.submit(his.slice(his.indexOf('<form method="post" action="/p/demo/sign-out"')), {});
    expect(await (await ben.fetch(`/p/demo/${key}`)).text()).toBe(first);
  });

  test("the sign-in page is the portal's own: its title, its tabs, its strict CSP, never cached", async () => {
    // Signed in, a person is shown the page, not sent on to the organization's sign-in.
    const reader = await signedIn("pages@customer.example", "Page Reader");
    const res = await reader.fetch("/p/demo/sign-in?next=%2Fp%2Fdemo%2Froadmap");
    const page = await res.text();
    expect(page).toContain("<title>Sign in · Acme feedback</title>");
    expect(page).toContain('<a href="/p/demo/changelog">What&#39;s new</a>');
    expect(page).toContain("Signed in as <strong>pages@customer.example</strong>");
    // This service has no SMTP_URL: the page asks for no address.
    expect(page).not.toContain('name="email"');
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  test("signing in on one portal of the service signs no one out of another: each portal's session has its own cookie", async () => {
    await http.cli("org", "create", "Other", "--prefix", "OTHER", "--plan", "free");
    await http.cli("portal", "set", "OTHER", "--slug", "other");
    await http.cli("portal", "enable", "OTHER");
    const otherSecret = /psso_\S+/.exec(await http.cli("portal", "sso-secret", "OTHER"))![0];
    const ana = await signedIn("ana@customer.example", "Ana Lima");
    const token = await new SignJWT({ sub: "ana@customer.example", email: "ana@customer.example", name: "Ana on Other" })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode(otherSecret));
    expect((await ana.fetch(`/p/other/sso?token=${token}`)).status).toBe(303);
    expect(await (await ana.fetch("/p/demo")).text()).toContain(">Ana Lima</span>");
    expect(await (await ana.fetch("/p/other")).text()).toContain(">Ana on Other</span>");
  });

  test("a portal whose slug is csrf keeps its session in a cookie of its own: no other portal's form ever repeats that session", async () => {
    await http.cli("org", "create", "Csrf", "--prefix", "CSRF", "--plan", "free");
    await http.cli("portal", "set", "CSRF", "--slug", "csrf");
    await http.cli("portal", "enable", "CSRF");
    const secret = /psso_\S+/.exec(await http.cli("portal", "sso-secret", "CSRF"))![0];
    const token = await new SignJWT({ sub: "dan@customer.example", email: "dan@customer.example", name: "Dan" })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode(secret));
    const dan = browser();
    expect((await dan.fetch(`/p/csrf/sso?token=${token}`)).status).toBe(303);
    const session = /retour_portal[^=]*csrf=([^;]+)/.exec(dan.cookieHeader())![1]!;
    // The page that confirms an e-mailed link holds a form with a token, signed in or not.
    const signIn = await signInLinkPage(dan);
    expect(signIn).toContain('name="csrf"');
    expect(signIn).not.toContain(session);
    expect(await (await dan.fetch("/p/csrf")).text()).toContain(">Dan</span>");
  });

  test("a session kept under the name portal sessions once had at /p/csrf (retour_portal_csrf) is never repeated in a form", async () => {
    const b = browser();
    const secret = "an-old-portal-session-secret-of-43-characters";
    b.plant("retour_portal_csrf", secret);
    const page = await signInLinkPage(b);
    expect(page).toContain('name="csrf"');
    expect(page).not.toContain(secret);
  });

  test("a signed-in person reads the portal as themselves whatever the case of its address", async () => {
    const ana = await signedIn("ana@customer.example", "Ana Lima");
    const res = await ana.fetch("/p/DEMO");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).not.toContain("public");
    expect(await res.text()).toContain(">Ana Lima</span>");
  });

  test("a stale portal cookie reads the page as anyone does", async () => {
    const key = await published("Keyboard shortcuts");
    const b = browser();
    b.plant("retour_portal.demo", "not-a-session");
    const res = await b.fetch(`/p/demo/${key}`);
    expect(res.headers.get("cache-control")).toBe("public, max-age=30, stale-while-revalidate=300");
    expect(await res.text()).toContain(">Sign in</a>");
  });
});

describe("signing in from a page read in French", () => {
  /** Where a sign-in address comes back to, and the language the sign-in page itself is in. */
  const backTo = (signIn: string) => {
    const url = new URL(signIn.replaceAll("&amp;", "&"), http.url);
    return [url.searchParams.get("next"), url.searchParams.get("lang")];
  };

  test("the header's Sign in and the comment's both come back to the page in French", async () => {
    const key = await published("Exporter en PDF");
    const page = await (await browser().fetch(`/p/demo/${key}?lang=fr`)).text();
    const header = /<a href="(\/p\/demo\/sign-in[^"]*)">/.exec(page)![1]!;
    const comment = /<p class="comment-form"><a href="([^"]+)">/.exec(page)![1]!;
    expect(backTo(header)).toEqual([`/p/demo/${key}?lang=fr`, "fr"]);
    expect(backTo(comment)).toEqual([`/p/demo/${key}?to=comment&lang=fr`, "fr"]);
  });

  test("back from signing in to comment, the comment box has the focus, the one thing on the page that does", async () => {
    const key = await published("Commenter en revenant");
    const b = await signedIn("paul@customer.example", "Paul");
    const page = await (await b.fetch(`/p/demo/${key}?to=comment&lang=fr`)).text();
    expect(page).toMatch(/<textarea id="comment-text"[^>]* autofocus>/);
    expect(page.match(/ autofocus[ >]/g)?.length).toBe(1);
  });

  test("back from signing in to comment, the focused comment box is described by the note that comments appear once the team has reviewed them", async () => {
    const key = await published("Commenter après relecture");
    const b = await signedIn("lise@customer.example", "Lise");
    const page = await (await b.fetch(`/p/demo/${key}?to=comment&lang=fr`)).text();
    expect(focusedField(page)).toEqual({
      id: "comment-text",
      invalid: false,
      said: ["Les commentaires apparaissent ici une fois relus par l’équipe."],
      alerts: 0,
    });
  });

  test("signing out of a page read in French comes back to the board in French", async () => {
    const key = await published("Rappels par SMS");
    const vera = await signedIn("vera@customer.example", "Vera");
    const page = await (await vera.fetch(`/p/demo/${key}?lang=fr`)).text();
    const signedOut = await vera.submit(page.slice(page.indexOf('<form method="post" action="/p/demo/sign-out?lang=fr"')), {});
    expect([signedOut.status, signedOut.headers.get("location")]).toEqual([303, "/p/demo?lang=fr"]);
  });

  test("asking for the new post form signed out sends to sign in, coming back to the form in French", async () => {
    const sentAway = await browser().fetch("/p/demo/new?lang=fr");
    expect(sentAway.status).toBe(303);
    expect(backTo(sentAway.headers.get("location")!)).toEqual(["/p/demo/new?lang=fr", "fr"]);
  });
});

describe("voting from a feedback's page", () => {
  test("on a page read in French, the vote box's way to sign in comes back to the page in French", async () => {
    const key = await published("Étiquettes");
    const box = /<a class="votes" href="([^"]+)"/.exec(await (await browser().fetch(`/p/demo/${key}?lang=fr`)).text())![1]!.replaceAll("&amp;", "&");
    const signIn = new URL(box, http.url);
    expect([signIn.searchParams.get("lang"), signIn.searchParams.get("next")]).toEqual(["fr", `/p/demo/${key}?to=vote&lang=fr`]);
    const token = await new SignJWT({ sub: "lea@customer.example", email: "lea@customer.example", name: "Léa" })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode(ssoSecret));
    const next = encodeURIComponent(signIn.searchParams.get("next")!);
    const back = await browser().fetch(`/p/demo/sso?token=${token}&next=${next}`);
    expect(back.headers.get("location")).toBe(`/p/demo/${key}?to=vote&lang=fr`);
  });
  test("back from signing in to vote, the page votes on no one's behalf but says one press is left, on the focused button", async () => {
    const key = await published("Print labels");
    const signOut = /<a class="votes" href="([^"]+)"/.exec(await (await browser().fetch(`/p/demo/${key}`)).text())![1]!.replaceAll("&amp;", "&");
    const next = new URL(signOut, http.url).searchParams.get("next")!;
    expect(next).toBe(`/p/demo/${key}?to=vote`);
    const token = await new SignJWT({ sub: "tia@customer.example", email: "tia@customer.example", name: "Tia" })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode(ssoSecret));
    const tia = browser();
    const back = await tia.fetch(`/p/demo/sso?token=${token}&next=${encodeURIComponent(next)}`);
    expect(back.headers.get("location")).toBe(next);
    const page = await (await tia.fetch(next)).text();
    expect(page).toContain("You are signed in: press the vote box to add your vote.");
    expect(voteForm(page)).toContain('aria-pressed="false" title="Vote for this" autofocus aria-describedby="vote-ready"');
    expect((await admin("GET", `/v1/feedbacks/${key}`)).body.votes).toBe(0);
    await tia.submit(voteForm(page), {});
    const voted = await (await tia.fetch(next)).text();
    expect([voted.includes("press the vote box"), voteForm(voted).includes("autofocus")]).toEqual([false, false]);
    expect((await admin("GET", `/v1/feedbacks/${key}`)).body.votes).toBe(1);
  });

  test("the vote button is a POST form with the session's token and the honeypot; it votes, then shows the vote, then withdraws it", async () => {
    const key = await published("Export to CSV");
    const cleo = await signedIn("cleo@customer.example", "Cleo");
    const page = await (await cleo.fetch(`/p/demo/${key}`)).text();
    const form = voteForm(page);
    expect(form).toContain(`action="/p/demo/${key}/vote"`);
    expect(form).toContain('<input type="hidden" name="vote" value="cast">');
    expect(form).toContain('name="website"');
    expect(form).toContain('aria-pressed="false"');
    const voted = await cleo.submit(form, {});
    expect([voted.status, voted.headers.get("location")]).toEqual([303, `/p/demo/${key}#vote`]);
    const after = await (await cleo.fetch(`/p/demo/${key}`)).text();
    expect(voteForm(after)).toContain('aria-pressed="true"');
    expect(voteForm(after)).toContain('<input type="hidden" name="vote" value="withdraw">');
    expect(voteForm(after)).toContain("<strong>1</strong>");
    expect((await http.request("GET", `/v1/portal/demo/feedbacks/${key}`)).body.votes).toBe(1);
    await cleo.submit(voteForm(after), {});
    expect(voteForm(await (await cleo.fetch(`/p/demo/${key}`)).text())).toContain('aria-pressed="false"');
    // What anyone reads is kept a moment for all: it shows the withdrawal once that moment is over.
    http.advanceClock(61_000);
    expect((await http.request("GET", `/v1/portal/demo/feedbacks/${key}`)).body.votes).toBe(0);
  });

  test("a vote for a feedback not published is 404 and counts nothing", async () => {
    const key = (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", message: "Unlisted idea" } })).body
      .ticketId;
    const dan = await signedIn("dan@customer.example", "Dan");
    const page = await (await dan.fetch(`/p/demo/${await published("Something public")}`)).text();
    const res = await dan.submit(voteForm(page), {}, `/p/demo/${key}/vote`);
    expect(res.status).toBe(404);
    expect((await admin("GET", `/v1/feedbacks/${key}`)).body.votes).toBe(0);
  });

  test("the board, the public JSON and the roadmap count the votes, and top puts the most voted first", async () => {
    const quiet = await published("Quiet idea");
    await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", title: "Quiet idea", message: "again" } });
    const loved = await published("Loved idea");
    for (const who of ["e1", "e2"]) {
      const b = await signedIn(`${who}@customer.example`, who);
      await b.submit(voteForm(await (await b.fetch(`/p/demo/${loved}`)).text()), {});
    }
    await admin("PATCH", `/v1/feedbacks/${loved}`, { status: "prioritized" });
    const top = (await http.request("GET", "/v1/portal/demo/feedbacks?sort=top&status=all")).body.data as Array<{ key: string; votes: number }>;
    expect(top[0]).toMatchObject({ key: loved, votes: 2 });
    expect(top.findIndex((f) => f.key === loved)).toBeLessThan(top.findIndex((f) => f.key === quiet));
    const board = await (await browser().fetch("/p/demo?status=all")).text();
    expect(board).toMatch(new RegExp(`<strong>2</strong><span>votes</span></div>\\s*<div class="post">[\\s\\S]*?${loved}`));
    const roadmap = await (await browser().fetch("/p/demo/roadmap")).text();
    expect(roadmap).toMatch(new RegExp(`<strong>2</strong><span>votes</span></div><div><h3><a href="/p/demo/${loved}"`));
  });

  test("on a portal that is off, the vote is 404", async () => {
    const key = await published("Before closing");
    const fay = await signedIn("fay@customer.example", "Fay");
    const form = voteForm(await (await fay.fetch(`/p/demo/${key}`)).text());
    await admin("PUT", "/v1/portal", { enabled: false });
    try {
      expect((await fay.submit(form, {})).status).toBe(404);
    } finally {
      await admin("PUT", "/v1/portal", { enabled: true });
    }
    expect((await admin("GET", `/v1/feedbacks/${key}`)).body.votes).toBe(0);
  });
});

describe("the changelog on the portal", () => {
  test("it lives at the portal's slug, in the portal's page; a portal that is off has none", async () => {
    expect((await admin("PUT", "/v1/portal", { slug: "acme" })).status).toBe(200);
    try {
      const page = await (await browser().fetch("/p/acme/changelog")).text();
      expect(page).toContain('<a href="/p/acme/changelog" aria-current="page">What&#39;s new</a>');
      expect(page).toContain('href="/p/acme/changelog.atom?lang=en"');
      expect((await browser().fetch("/p/demo/changelog")).status).toBe(404);
      expect((await browser().fetch("/p/acme/changelog.atom")).status).toBe(200);
      await admin("PUT", "/v1/portal", { enabled: false });
      expect((await browser().fetch("/p/acme/changelog")).status).toBe(404);
      expect((await browser().fetch("/p/acme/changelog.atom")).status).toBe(404);
    } finally {
      await admin("PUT", "/v1/portal", { enabled: true, slug: "demo" });
    }
  });
});

describe("a portal's pages whose address holds a credential send no Referer", () => {
  test("a sign-in link's page, working or refused, sends no Referer: its address holds the link", async () => {
    const b = browser();
    const token = `a-live-sign-in-link-${++links}`;
    await http.services.store.saveSignInLink(http.services.digest(token), {
      orgId: http.demo.orgId,
      email: "eve@customer.example",
      expiresAt: http.services.clock() + 60_000,
    });
    const working = await b.fetch(`/p/demo/sign-in/link?token=${token}`);
    expect([working.status, working.headers.get("referrer-policy")]).toEqual([200, "no-referrer"]);
    const refused = await b.fetch("/p/demo/sign-in/link?token=made-up");
    expect([refused.status, refused.headers.get("referrer-policy")]).toEqual([403, "no-referrer"]);
  });

  test("a refused single sign-on token's page sends no Referer: its address holds the token", async () => {
    const forged = await new SignJWT({ sub: "u", email: "u@customer.example" })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode("not-the-portal-secret-0123456789abcdef"));
    const refused = await browser().fetch(`/p/demo/sso?token=${forged}`);
    expect([refused.status, refused.headers.get("referrer-policy")]).toEqual([403, "no-referrer"]);
  });
});
