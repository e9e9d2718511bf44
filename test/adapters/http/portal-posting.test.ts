import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SESSION_COOKIE } from "../../../adapters/http/cookies.ts";
import { startSession } from "../../../core/sessions/start-session.ts";
import { SignJWT } from "jose";
import { createApp } from "../../../core/apps/create-app.ts";
import { operatorGrant } from "../../../core/authorization.ts";
import { FormBrowser } from "../../support/browser.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let http: InProcess;
let ssoSecret = "";
const admin = (method: string, path: string, body?: unknown) =>
  http.request(method, path, { token: http.demo.tokens.admin, ...(body !== undefined && { body }) });

beforeAll(async () => {
  http = await inProcess();
  // A service without e-mail: people sign in through the organization's own sign-in.
  expect((await admin("PUT", "/v1/portal", { enabled: true, signInUrl: "https://app.acme.example/login" })).status).toBe(200);
  ssoSecret = (await admin("POST", "/v1/portal/sso-secret")).body.ssoSecret;
});
afterAll(() => http.close());

let address = 0;
const browser = (from = `203.0.113.${++address}`) => new FormBrowser(http.url, { "x-test-client-address": from }, (r) => http.handle(r));

/** A person signed in through the customer's single sign-on, in their own browser. */
async function signedIn(email: string, name: string, from?: string): Promise<FormBrowser> {
  const token = await new SignJWT({ sub: email, email, name })
    .setProtectedHeader({ alg: "HS256" })
    .setExpirationTime("5m")
    .sign(new TextEncoder().encode(ssoSecret));
  const b = browser(from);
  expect((await b.fetch(`/p/demo/sso?token=${token}`)).status).toBe(303);
  return b;
}

/** The post form of the page (the header's sign-out form comes first). */
const postForm = (page: string): string => page.slice(page.indexOf('<form method="post" action="/p/demo/new"'));
/** The post form as the page has it. */
const formPage = async (b: FormBrowser): Promise<string> => postForm(await (await b.fetch("/p/demo/new")).text());

/** Fills and sends the post form as a person would. */
async function post(b: FormBrowser, fields: Record<string, string>) {
  return b.submit(await formPage(b), { kind: "idea", description: "", ...fields });
}

const keyOf = (location: string | null) => /\/p\/demo\/([A-Z]+-\d+)(?:\?posted=shown)?$/.exec(location ?? "")?.[1] ?? "";
const toReview = async () =>
  ((await admin("GET", "/v1/feedbacks?published=false&source=portal")).body.data as Array<{ key: string; title: string }>).map((f) => f.title);

describe("posting from the portal", () => {
  test("someone not signed in is sent to sign in, and comes back to the form", async () => {
    const res = await browser().fetch("/p/demo/new");
    expect([res.status, res.headers.get("location")]).toEqual([303, "/p/demo/sign-in?next=%2Fp%2Fdemo%2Fnew"]);
  });

  test("the board offers to post; the form has the type, title, details, the session's token and a honeypot, and is private", async () => {
    expect(await (await browser().fetch("/p/demo")).text()).toContain('<a class="postlink" href="/p/demo/new">');
    const b = await signedIn("gus@customer.example", "Gus");
    const res = await b.fetch("/p/demo/new");
    const page = await res.text();
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(page).toContain('<input type="radio" name="kind" value="idea" checked>');
    expect(page).toContain('<input type="radio" name="kind" value="problem">');
    expect(page).toContain('<input id="post-title" type="text" name="title" required maxlength="120"');
    expect(page).toContain('<textarea id="post-description" name="description" maxlength="5000"');
    expect(page).toMatch(/<form method="post" action="\/p\/demo\/new" class="post-form"><input type="hidden" name="csrf" value="[^"]{20,}">/);
    expect(page).toContain('name="website"');
    // One app: nothing to choose.
    expect(page).not.toContain('name="appId"');
  });

  test("the portal's home link reads its title once: the initial on its tile is hidden from screen readers", async () => {
    const page = await (await browser().fetch("/p/demo")).text();
    expect(page).toMatch(/<a class="brand" href="[^"]*"><span class="tile" aria-hidden="true">D<\/span><span>Demo<\/span><\/a>/);
  });

  test("the honeypot is out of reach of screen readers and the keyboard: label and field in an aria-hidden trap, the field out of the tab order and never autofilled", async () => {
    const page = await (await (await signedIn("hal@customer.example", "Hal")).fetch("/p/demo/new")).text();
    expect(page).toContain(
      '<div class="trap" aria-hidden="true"><label for="post-website">Leave this field empty</label><input id="post-website" type="text" name="website" tabindex="-1" autocomplete="off"></div>',
    );
  });

  test("the form loads its look-alikes script from the service's own origin, the only one its CSP lets run or be asked, and keeps their list hidden above the form", async () => {
    const b = await signedIn("ines@customer.example", "Inès");
    const res = await b.fetch("/p/demo/new");
    const page = await res.text();
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; script-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(page).toContain('<script type="module" src="/portal/look-alikes.js"></script></head>');
    const list = page.indexOf(
      '<section class="alike" id="look-alikes" aria-labelledby="look-alikes-title" hidden data-source="/v1/portal/demo/similar"',
    );
    expect([list > 0, list < page.indexOf('<form method="post" action="/p/demo/new"')]).toEqual([true, true]);
    expect(page).toContain(
      'data-count-one="{n} similar post, listed above the form" data-count-other="{n} similar posts, listed above the form"><h2 id="look-alikes-title">Is it one of these? Vote instead.</h2>',
    );
    expect(page).toContain('<p class="visually-hidden" id="look-alikes-status" role="status" aria-live="polite"></p>');
    const french = await (await b.fetch("/p/demo/new?lang=fr")).text();
    expect(french).toContain(
      'data-count-one="{n} message semblable, au-dessus du formulaire" data-count-other="{n} messages semblables, au-dessus du formulaire"><h2 id="look-alikes-title">Est-ce l’un de ceux-ci\u202f? Votez plutôt.</h2>',
    );
    const script = await browser().fetch("/portal/look-alikes.js");
    expect([script.status, script.headers.get("content-type")]).toEqual([200, "text/javascript; charset=utf-8"]);
    expect(await script.text()).toContain("look-alikes-status");
  });

  test("with posting review, the post is a report from the portal by the person, unpublished in To review, with their vote", async () => {
    const b = await signedIn("hana@customer.example", "Hana");
    const sent = await post(b, { kind: "problem", title: "Sync stops at night", description: "Since Monday the sync stops after midnight." });
    const thanksAt = sent.headers.get("location") ?? "";
    expect([sent.status, thanksAt]).toEqual([303, expect.stringMatching(/^\/p\/demo\/new\?sent=review&key=DEMO-\d+$/)]);
    const thanks = await (await b.fetch(thanksAt)).text();
    expect(thanks).toContain("It becomes public once the team has reviewed it and published it on the board.");
    // This service sends no e-mail: the thanks promises none.
    expect(http.services.notifier.delivers).toBe(false);
    expect(thanks).not.toContain("we will write to you");
    // The thanks, and the ways on: not the same empty form again.
    expect(thanks).toContain('<a href="/p/demo/new">Post another</a>');
    expect(thanks).not.toContain('class="post-form"');
    expect(await toReview()).toContain("Sync stops at night");
    const listed = (await admin("GET", "/v1/feedbacks?published=false&source=portal")).body.data as Array<{ key: string; title: string }>;
    const key = listed.find((f) => f.title === "Sync stops at night")!.key;
    const feedback = (await admin("GET", `/v1/feedbacks/${key}`)).body;
    expect(feedback).toMatchObject({ kind: "problem", published: false, votes: 1 });
    expect(feedback.reportList[0]).toMatchObject({ source: "portal", text: "Since Monday the sync stops after midnight." });
    expect((await admin("GET", `/v1/feedbacks/${key}/voters`)).body.data.map((v: { email: string }) => v.email)).toEqual(["hana@customer.example"]);
    expect((await http.request("GET", `/v1/portal/demo/feedbacks/${key}`)).status).toBe(404);
  });

  test("the thanks after a post waiting for review links the person's tracking page of it, theirs alone, and says the post becomes public once published", async () => {
    const b = await signedIn("jade@customer.example", "Jade");
    const thanksAt = (await post(b, { title: "Print a packing slip" })).headers.get("location") ?? "";
    const answered = await b.fetch(thanksAt);
    expect(answered.headers.get("cache-control")).toBe("no-store");
    const thanks = await answered.text();
    const tracking = /<a class="button" href="(http:\/\/localhost:3000\/s\/[^"]+)">See where your post stands<\/a>/.exec(thanks)?.[1] ?? "";
    expect(thanks).toContain("That page is yours alone, at this link: keep it to come back.");
    expect(thanks).toContain("It becomes public once the team has reviewed it and published it on the board.");
    const page = await http.fetch(tracking.replaceAll("&amp;", "&"));
    expect([page.status, await page.text()]).toEqual([200, expect.stringContaining("Print a packing slip")]);
    // Another person given the same address is shown no link: the link is the poster's own.
    const other = await (await (await signedIn("kai@customer.example", "Kai")).fetch(thanksAt)).text();
    expect(other).toContain("It becomes public once");
    expect(other).not.toContain("/s/");
    const french = await (await b.fetch(`${thanksAt}&lang=fr`)).text();
    expect(french).toContain(">Voir où en est votre message</a>");
    expect(french).toContain("Il devient public une fois relu et publié par l’équipe sur le tableau.");
  });

  test("the tracking page of a post calls it the person's post, not a report: Your post about the app, in French too", async () => {
    const b = await signedIn("lou@customer.example", "Lou");
    const thanks = await (await b.fetch((await post(b, { title: "Print a return label" })).headers.get("location") ?? "")).text();
    const tracking = (/href="(http:\/\/localhost:3000\/s\/[^"]+)"/.exec(thanks)?.[1] ?? "").replaceAll("&amp;", "&");
    const heads = async (lang: string) => {
      const page = await (await http.fetch(`${tracking}&lang=${lang}`)).text();
      return [/<title>([^<]*)<\/title>/.exec(page)?.[1], /<p class="muted">([^<]*)<\/p><h1>/.exec(page)?.[1]];
    };
    expect(await heads("en")).toEqual(["Your post · Retour", "Your post about Demo app"]);
    expect(await heads("fr")).toEqual(["Votre message · Retour", "Votre message sur Demo app"]);
  });

  test("the inbox's To review tab counts the portal's posts that no one has published yet", async () => {
    const member = await http.services.store.findUserByEmail(http.demo.users.member.email);
    const { secret } = await startSession(http.services, member!.id);
    const inbox = (await http.request("GET", "/inbox", { headers: { cookie: `${SESSION_COOKIE}=${secret}` } })).body as string;
    const waiting = (await toReview()).length;
    expect(waiting).toBeGreaterThan(0);
    expect(inbox).toContain(`>To review (${waiting})</a>`);
  });

  test("the form says the details are for the team alone: the portal shows the title, never the details", async () => {
    const b = await signedIn("ines@customer.example", "Inès");
    expect(await formPage(b)).toContain("Only the team reads the details: the portal shows your title.");
    expect(await (await b.fetch("/p/demo/new?lang=fr")).text()).toContain("Seule l’équipe lit les détails\u202f: le portail montre votre titre.");
  });

  test("with posting open, the post is published at once under the person's title, without a description, and they land on it, told so in a notice that takes the focus", async () => {
    await admin("PUT", "/v1/portal", { posting: "open" });
    try {
      const b = await signedIn("ivo@customer.example", "Ivo");
      const sent = await post(b, { title: "A widget for the home screen", description: "My own words, for the team." });
      const key = keyOf(sent.headers.get("location"));
      expect(key).not.toBe("");
      const shown = (await http.request("GET", `/v1/portal/demo/feedbacks/${key}`)).body;
      expect(shown).toMatchObject({ publicTitle: "A widget for the home screen", kind: "idea", votes: 1 });
      expect(shown.publicDescription).toBeUndefined();
      expect(await (await b.fetch(`/p/demo/${key}`)).text()).toContain('aria-pressed="true"');
      const landed = await (await b.fetch(sent.headers.get("location")!)).text();
      expect(landed).toMatch(/<p class="notice"[^>]*autofocus[^>]*>Thank you: your post is on the board, and your vote counts for it\./);
    } finally {
      await admin("PUT", "/v1/portal", { posting: "review" });
    }
  });

  test("with posting off, there is no form: 404 to read or post, and the board offers none", async () => {
    const b = await signedIn("jo@customer.example", "Jo");
    const page = await formPage(b);
    await admin("PUT", "/v1/portal", { posting: "off" });
    try {
      expect((await b.fetch("/p/demo/new")).status).toBe(404);
      expect((await b.submit(page, { title: "Anything" })).status).toBe(404);
      expect(await (await b.fetch("/p/demo")).text()).not.toContain('href="/p/demo/new"');
    } finally {
      await admin("PUT", "/v1/portal", { posting: "review" });
    }
    expect(await toReview()).not.toContain("Anything");
  });

  test("a missing or too long title is 400 and the form says which, keeping what was typed", async () => {
    const b = await signedIn("kai@customer.example", "Kai");
    const empty = await post(b, { title: "  ", description: "Kept text" });
    expect(empty.status).toBe(400);
    const page = await empty.text();
    expect(page).toContain('<p class="error" role="alert" id="problem-title">Write something first.</p>');
    expect(page).toContain(">Kept text</textarea>");
    const long = await post(b, { title: "x".repeat(121) });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("At most 120 characters.");
  });

  test("a title that text-direction controls make read as something else is 400 and the form says why, putting it back without them", async () => {
    const b = await signedIn("vic@customer.example", "Vic");
    const refused = await post(b, { title: "Add CSV export \u202e(official) - 999 votes", description: "Kept" });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain(
      "Text-direction and other control characters (such as U+202E) would make it read as something else: they were removed. Check the title and send it again.",
    );
    expect(page).toContain('value="Add CSV export (official) - 999 votes"');
    expect(page).toContain(">Kept</textarea>");
    expect(await toReview()).not.toContain("Add CSV export");
  });

  test("the limits count characters: a title of 120 emoji and a description of 5,000 are posted, one more is 400", async () => {
    const b = await signedIn("ugo@customer.example", "Ugo");
    expect((await post(b, { title: "🚀".repeat(120), description: "🙂".repeat(5000) })).status).toBe(303);
    expect((await post(b, { title: "🚀".repeat(121) })).status).toBe(400);
    expect((await post(b, { title: "Rockets", description: "🙂".repeat(5001) })).status).toBe(400);
  });

  test("a post without the session's token, or from another site, is 403; a filled honeypot posts nothing", async () => {
    const b = await signedIn("lea@customer.example", "Lea");
    const page = await formPage(b);
    expect((await b.submit(page, { title: "Forged", csrf: "nope" })).status).toBe(403);
    expect((await b.submit(page, { title: "Forged" }, undefined, { origin: "https://evil.example" })).status).toBe(403);
    const trapped = await b.submit(page, { title: "Robot", website: "http://spam.example" });
    expect([trapped.status, trapped.headers.get("location")]).toEqual([303, "/p/demo"]);
    expect(await toReview()).not.toContain("Forged");
    expect(await toReview()).not.toContain("Robot");
  });

  test("posts are limited per person (5 an hour) and per client address (20 an hour): 429 with Retry-After", async () => {
    const b = await signedIn("max@customer.example", "Max");
    for (let i = 0; i < 5; i++) expect((await post(b, { title: `Idea number ${i}` })).status).toBe(303);
    const sixth = await post(b, { title: "One too many" });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await sixth.text()).toContain("Too many posts for now");
    const shared = "198.51.100.77";
    for (let i = 0; i < 20; i++) {
      const person = await signedIn(`crowd${i}@customer.example`, `Crowd ${i}`, shared);
      expect((await post(person, { title: `Crowd idea ${i}` })).status).toBe(303);
    }
    const last = await post(await signedIn("late@customer.example", "Late", shared), { title: "Crowd idea late" });
    expect(last.status).toBe(429);
    expect(last.headers.get("retry-after")).not.toBeNull();
  });

  test("with several apps, the person chooses one; without a choice the form says so", async () => {
    const other = await createApp(http.services, operatorGrant(http.demo.orgId), { name: "Back office", kind: "web" });
    if (!other.ok) throw new Error(other.code);
    const b = await signedIn("nia@customer.example", "Nia");
    const page = await formPage(b);
    expect(page).toContain('<select id="post-app" name="appId" required><option value="" selected>Choose an app</option>');
    const none = await b.submit(page, { kind: "idea", title: "Which app?" });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain('<p class="error" role="alert" id="problem-appId">');
    expect((await b.submit(page, { kind: "idea", title: "Back office idea", appId: other.value.id })).status).toBe(303);
    const listed = (await admin("GET", `/v1/feedbacks?published=false&source=portal&appId=${other.value.id}`)).body.data;
    expect(listed.map((f: { title: string }) => f.title)).toEqual(["Back office idea"]);
  });

  test("a post merged into a published feedback takes the person's vote there, and its address leads to that feedback", async () => {
    const target = (
      await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", title: "Calendar export", message: "ics" } })
    ).body.ticketId;
    await admin("POST", `/v1/feedbacks/${target}/publish`, {});
    await admin("PUT", "/v1/portal", { posting: "open" });
    try {
      const b = await signedIn("ola@customer.example", "Ola");
      const mine = keyOf((await post(b, { title: "Export my calendar", appId: http.demo.appId })).headers.get("location"));
      expect((await admin("POST", `/v1/feedbacks/${mine}/merge`, { into: target })).status).toBe(200);
      const moved = await b.fetch(`/p/demo/${mine}`);
      expect([moved.status, moved.headers.get("location")]).toEqual([302, `/p/demo/${target}?merged=${mine}`]);
      expect((await http.request("GET", `/v1/portal/demo/feedbacks/${target}`)).body.votes).toBe(1);
      const landed = await (await b.fetch(moved.headers.get("location")!)).text();
      expect(landed).toContain('aria-pressed="true"');
      expect(landed).toContain(
        '<p class="notice" role="status" tabindex="-1" autofocus>“Export my calendar” was merged here: its votes and followers now count on this page.</p>',
      );
    } finally {
      await admin("PUT", "/v1/portal", { posting: "review" });
    }
  });
});
