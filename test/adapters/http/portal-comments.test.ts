import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SignJWT } from "jose";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";
import { startMailbox } from "../../support/mailbox.ts";

let http: InProcess;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let ssoSecret = "";
const admin = (method: string, path: string, body?: unknown) =>
  http.request(method, path, { token: http.demo.tokens.admin, ...(body !== undefined && { body }) });

beforeAll(async () => {
  mailbox = await startMailbox();
  http = await inProcess({ env: { SMTP_URL: mailbox.url, SMTP_FROM: "Retour <portal@retour.test>" } });
  expect((await admin("PUT", "/v1/portal", { enabled: true })).status).toBe(200);
  ssoSecret = (await admin("POST", "/v1/portal/sso-secret")).body.ssoSecret;
});
afterAll(async () => {
  http.close();
  await mailbox.close();
});

let address = 0;
const browser = (from = `203.0.113.${++address}`) => new FormBrowser(http.url, { "x-test-client-address": from }, (r) => http.handle(r));

async function signedIn(email: string, name?: string): Promise<FormBrowser> {
  const token = await new SignJWT({ sub: email, email, ...(name && { name }) })
    .setProtectedHeader({ alg: "HS256" })
    .setExpirationTime("5m")
    .sign(new TextEncoder().encode(ssoSecret));
  const b = browser();
  expect((await b.fetch(`/p/demo/sso?token=${token}`)).status).toBe(303);
  return b;
}

async function published(title: string): Promise<string> {
  const key = (
    await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", title, message: `${title}, please` } })
  ).body.ticketId;
  expect((await admin("POST", `/v1/feedbacks/${key}/publish`, {})).status).toBe(200);
  return key;
}

/** The comment form of a feedback's page, as the page has it. */
const commentForm = (page: string): string =>
  /<form method="post" action="[^"]*\/comment" class="comment-form">[\s\S]*?<\/form>/.exec(page)?.[0] ?? "";
async function comment(b: FormBrowser, key: string, text: string, extra: Record<string, string> = {}) {
  return b.submit(commentForm(await (await b.fetch(`/p/demo/${key}`)).text()), { text, ...extra });
}
const publicComments = async (key: string) =>
  ((await http.request("GET", `/v1/portal/demo/feedbacks/${key}`)).body.comments as Array<{ author?: string; team: boolean; text: string }>).map(
    (c) => ({
      author: c.author,
      team: c.team,
      text: c.text,
    }),
  );

describe("comments from the portal", () => {
  test("anyone is offered to sign in to comment; a signed-in person gets the form, with the session's token and a honeypot", async () => {
    const key = await published("Bulk export");
    expect(await (await browser().fetch(`/p/demo/${key}`)).text()).toContain(
      `<p class="comment-form"><a href="/p/demo/sign-in?next=%2Fp%2Fdemo%2F${key}">Sign in to comment</a></p>`,
    );
    const form = commentForm(await (await (await signedIn("pia@customer.example", "Pia")).fetch(`/p/demo/${key}`)).text());
    expect(form).toContain(`action="/p/demo/${key}/comment"`);
    expect(form).toMatch(/name="csrf" value="[^"]{20,}"/);
    expect(form).toContain('name="website"');
    expect(form).toContain('<textarea id="comment-text" name="text" required maxlength="5000">');
  });

  test("with posting review, a comment is held for the team: not public, shown to the team with a Publish action that makes it public", async () => {
    const key = await published("Dark mode for reports");
    const b = await signedIn("quin@customer.example", "Quin");
    const sent = await comment(b, key, "Please, my eyes hurt at night.");
    expect([sent.status, sent.headers.get("location")]).toEqual([303, `/p/demo/${key}?commented=held`]);
    expect(await (await b.fetch(`/p/demo/${key}?commented=held`)).text()).toContain("The team reviews it before it appears here.");
    expect(await publicComments(key)).toEqual([]);
    const team = (await admin("GET", `/v1/feedbacks/${key}`)).body.comments;
    expect(team).toEqual([
      expect.objectContaining({ author: "Quin", text: "Please, my eyes hurt at night.", visibility: "internal", fromPortal: true }),
    ]);
    const member = new FormBrowser(http.url, {}, http.handle);
    await signIn(member, http.demo.users.member.email, http.demo.users.member.password, "/inbox");
    const page = await (await member.fetch(`/inbox/${key}`)).text();
    expect(page).toContain("Comments from the portal to review");
    const publish = page.slice(page.indexOf(`<form method="post" action="/inbox/${key}/comments/`));
    const done = await member.submit(publish, {}, undefined, { origin: "http://localhost:3000" });
    expect(done.headers.get("location")).toBe(`/inbox/${key}?portal=commentPublished`);
    expect(await publicComments(key)).toEqual([{ author: "Quin", team: false, text: "Please, my eyes hurt at night." }]);
    const shown = await (await browser().fetch(`/p/demo/${key}`)).text();
    expect(shown).toContain('<span class="who">Quin</span><time');
    expect(await (await member.fetch(`/inbox/${key}`)).text()).not.toContain("Comments from the portal to review");
  });

  test("a comment held for review is shown to its author alone, marked as waiting, until the team publishes it", async () => {
    const key = await published("Offline drafts");
    const b = await signedIn("ruth@customer.example", "Ruth");
    await comment(b, key, "I write on the train, with no network.");
    const own = await (await b.fetch(`/p/demo/${key}`)).text();
    expect(own).toContain("Waiting for the team&#39;s review: only you see it for now</p><p>I write on the train, with no network.</p>");
    expect(own).toContain('<h2 id="comments-title">0 comments</h2>');
    // Their own comment is there, waiting: "No comments yet" would say otherwise.
    expect(own).not.toContain("No comments yet");
    const other = await (await (await signedIn("sol@customer.example", "Sol")).fetch(`/p/demo/${key}`)).text();
    const anyone = await (await browser().fetch(`/p/demo/${key}`)).text();
    for (const page of [other, anyone]) expect(page).toContain('<h2 id="comments-title">0 comments</h2>');
    expect([other.includes("I write on the train"), anyone.includes("I write on the train")]).toEqual([false, false]);
  });

  test("with posting open, a comment is public at once, under the person's name (or Someone), never as the team", async () => {
    await admin("PUT", "/v1/portal", { posting: "open" });
    try {
      const key = await published("Shortcuts list");
      await admin("POST", `/v1/feedbacks/${key}/comments`, { text: "Planned.", visibility: "public" });
      const sent = await comment(await signedIn("rui@customer.example", "Rui"), key, "Great, thanks!");
      expect(sent.headers.get("location")).toBe(`/p/demo/${key}?commented=shown`);
      await comment(await signedIn("nameless@customer.example"), key, "+1");
      expect(await publicComments(key)).toEqual([
        { author: "Demo admin", team: true, text: "Planned." },
        { author: "Rui", team: false, text: "Great, thanks!" },
        { author: undefined, team: false, text: "+1" },
      ]);
      const page = await (await browser().fetch(`/p/demo/${key}`)).text();
      expect(page).toContain('<span class="who">Someone</span><time');
      expect(page).not.toContain("nameless@customer.example");
      expect(page.match(/<span class="badge">Team<\/span>/g)?.length).toBe(1);
    } finally {
      await admin("PUT", "/v1/portal", { posting: "review" });
    }
  });

  test("a person's public comment is e-mailed to the feedback's followers, not to its author", async () => {
    await admin("PUT", "/v1/portal", { posting: "open" });
    try {
      const key = await published("Two-factor sign-in");
      const vote = async (b: FormBrowser) =>
        b.submit(
          /<form method="post" action="[^"]*\/vote" class="vote">[\s\S]*?<\/form>/.exec(await (await b.fetch(`/p/demo/${key}`)).text())![0],
          {},
        );
      const wes = await signedIn("wes@customer.example", "Wes");
      await vote(wes);
      await vote(await signedIn("vic@customer.example", "Vic"));
      await http.runJobs();
      await comment(wes, key, "An authenticator app would be enough for me.");
      await http.runJobs();
      expect(mailbox.to("vic@customer.example").at(-1)?.text).toContain('Wes replied about "Two-factor sign-in":');
      expect(mailbox.to("vic@customer.example").at(-1)?.text).toContain(`Follow and answer: http://localhost:3000/p/demo/${key}`);
      expect(mailbox.to("wes@customer.example")).toEqual([]);
    } finally {
      await admin("PUT", "/v1/portal", { posting: "review" });
    }
  });

  test("a comment on a feedback not published, or while posting is off, is 404 and writes nothing", async () => {
    const key = await published("Print view");
    const b = await signedIn("sol@customer.example", "Sol");
    const form = commentForm(await (await b.fetch(`/p/demo/${key}`)).text());
    const hidden = (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", message: "Not public" } })).body
      .ticketId;
    expect((await b.submit(form, { text: "Hello" }, `/p/demo/${hidden}/comment`)).status).toBe(404);
    await admin("PUT", "/v1/portal", { posting: "off" });
    try {
      expect((await b.submit(form, { text: "Hello" })).status).toBe(404);
      expect(commentForm(await (await b.fetch(`/p/demo/${key}`)).text())).toBe("");
    } finally {
      await admin("PUT", "/v1/portal", { posting: "review" });
    }
    expect((await admin("GET", `/v1/feedbacks/${key}`)).body.comments).toEqual([]);
    expect((await admin("GET", `/v1/feedbacks/${hidden}`)).body.comments).toEqual([]);
  });

  test("without the session's token or from another site: 403; a filled honeypot or an empty text writes nothing", async () => {
    const key = await published("Zoom controls");
    const b = await signedIn("tom@customer.example", "Tom");
    const form = commentForm(await (await b.fetch(`/p/demo/${key}`)).text());
    expect((await b.submit(form, { text: "Forged", csrf: "nope" })).status).toBe(403);
    expect((await b.submit(form, { text: "Forged" }, undefined, { origin: "https://evil.example" })).status).toBe(403);
    expect((await b.submit(form, { text: "Robot", website: "spam" })).headers.get("location")).toBe(`/p/demo/${key}`);
    const empty = await b.submit(form, { text: "   " });
    // Back to the feedback, whose comment form says why, beside the field.
    expect([empty.status, empty.headers.get("location")]).toEqual([303, `/p/demo/${key}?commented=empty#comment-text`]);
    const page = await (await b.fetch(`/p/demo/${key}?commented=empty`)).text();
    expect(commentForm(page)).toContain(
      '<p class="error" role="alert" id="comment-error">Write something first.</p><textarea id="comment-text" name="text" required maxlength="5000" aria-invalid="true" aria-describedby="comment-error">',
    );
    expect((await admin("GET", `/v1/feedbacks/${key}`)).body.comments).toEqual([]);
    // Longer than a browser lets one type: said as too long.
    const long = await b.submit(form, { text: "x".repeat(5_001) });
    expect(long.headers.get("location")).toBe(`/p/demo/${key}?commented=long#comment-text`);
    expect(await (await b.fetch(`/p/demo/${key}?commented=long`)).text()).toContain('id="comment-error">At most 5000 characters.</p>');
  });

  test("comments are limited per person (10 an hour): 429 with Retry-After", async () => {
    const key = await published("Offline maps");
    const b = await signedIn("uma@customer.example", "Uma");
    for (let i = 0; i < 10; i++) expect((await comment(b, key, `Thought ${i}`)).status).toBe(303);
    const over = await comment(b, key, "One more");
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
