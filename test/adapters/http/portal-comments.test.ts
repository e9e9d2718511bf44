import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SignJWT } from "jose";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";
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
      `<p class="comment-form"><a href="/p/demo/sign-in?next=%2Fp%2Fdemo%2F${key}%3Fto%3Dcomment">Sign in to comment</a></p>`,
    );
    const form = commentForm(await (await (await signedIn("pia@customer.example", "Pia")).fetch(`/p/demo/${key}`)).text());
    expect(form).toContain(`action="/p/demo/${key}/comment"`);
    expect(form).toMatch(/name="csrf" value="[^"]{20,}"/);
    expect(form).toContain('name="website"');
    expect(form).toContain('<textarea id="comment-text" name="text" required maxlength="5000" aria-describedby="comment-hint">');
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
    // Their own comment is there, waiting: the count holds it, and says it waits ("0 comments", or "No comments yet", would say otherwise).
    expect(own).not.toContain("No comments yet");
    const other = await (await (await signedIn("sol@customer.example", "Sol")).fetch(`/p/demo/${key}`)).text();
    const anyone = await (await browser().fetch(`/p/demo/${key}`)).text();
    for (const page of [other, anyone]) expect(page).toContain('<h2 id="comments-title">0 comments</h2>');
    expect([other.includes("I write on the train"), anyone.includes("I write on the train")]).toEqual([false, false]);
  });

  test("the count of comments agrees with the list its reader sees: their own held ones counted, and said to wait for review", async () => {
    const key = await published("Bigger fonts");
    await admin("POST", `/v1/feedbacks/${key}/comments`, { text: "On our list.", visibility: "public" });
    const b = await signedIn("vic@customer.example", "Vic");
    await comment(b, key, "Please, for my old eyes.");
    const own = await (await b.fetch(`/p/demo/${key}`)).text();
    expect(own).toContain('<h2 id="comments-title">2 comments · 1 waiting for review</h2>');
    expect(await (await b.fetch(`/p/demo/${key}?lang=fr`)).text()).toContain(
      '<h2 id="comments-title">2 commentaires · 1 en attente de relecture</h2>',
    );
    // Anyone else reads the public one alone, and its count.
    expect(await (await browser().fetch(`/p/demo/${key}`)).text()).toContain('<h2 id="comments-title">1 comment</h2>');
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
      '<p class="error" role="alert" id="comment-error">Write something first.</p><textarea id="comment-text" name="text" required maxlength="5000" aria-invalid="true" aria-describedby="comment-hint comment-error" autofocus>',
    );
    expect((await admin("GET", `/v1/feedbacks/${key}`)).body.comments).toEqual([]);
    // Longer than a browser lets one type: said as too long.
    const long = await b.submit(form, { text: "x".repeat(5_001) });
    expect(long.headers.get("location")).toBe(`/p/demo/${key}?commented=long#comment-text`);
    expect(await (await b.fetch(`/p/demo/${key}?commented=long`)).text()).toContain('id="comment-error">At most 5,000 characters.</p>');
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

describe("rejecting a comment held for review, from the feedback's page", () => {
  const ORIGIN = { origin: "http://localhost:3000" };
  /** A comment a signed-in person wrote while posting is review: held, with its id. */
  async function heldComment(key: string, email: string, name: string, text: string): Promise<string> {
    await comment(await signedIn(email, name), key, text);
    const comments = (await admin("GET", `/v1/feedbacks/${key}`)).body.comments as Array<{ id?: string; text: string }>;
    return comments.find((c) => c.text === text)!.id!;
  }
  /** The reject form of a held comment on the team's page of its feedback; empty when the page offers none. */
  const rejectForm = (page: string, key: string, id: string): string =>
    new RegExp(`<form method="post" action="/inbox/${key}/comments/${id}/reject"[\\s\\S]*?</form>`).exec(page)?.[0] ?? "";
  const teamComments = async (key: string) =>
    ((await admin("GET", `/v1/feedbacks/${key}`)).body.comments as Array<{ text: string; visibility: string }>).map((c) => [c.text, c.visibility]);

  test("Reject asks once more on a page of its own, naming who wrote the comment and quoting it; until confirmed nothing is deleted", async () => {
    const key = await published("Keyboard shortcuts");
    const id = await heldComment(key, "ines@customer.example", "Ines", "Cheap watches at spam.example");
    const member = await signedInAs(http, "member", `/inbox/${key}`);
    const page = await (await member.fetch(`/inbox/${key}`)).text();
    expect(page).toContain(`action="/inbox/${key}/comments/${id}/publish"`);
    const asked = await member.submit(rejectForm(page, key, id), {}, undefined, ORIGIN);
    expect(asked.status).toBe(200);
    const question = await asked.text();
    expect(question).toContain("<h1>Reject the comment Ines wrote on the portal?</h1>");
    expect(question).toContain('<blockquote class="message quote">Cheap watches at spam.example</blockquote>');
    expect(question).toContain("It is deleted for good: it never appears on the portal");
    expect(question).toContain('<input type="hidden" name="confirm" value="yes">');
    expect(question).toContain(`<button type="submit" class="danger">Reject and delete</button> <a href="/inbox/${key}">Cancel</a>`);
    const french = await (await member.submit(rejectForm(page, key, id), {}, undefined, { ...ORIGIN, "accept-language": "fr" })).text();
    expect(french).toContain("<h1>Rejeter le commentaire que Ines a écrit sur le portail\u202f?</h1>");
    expect(french).toContain(`<button type="submit" class="danger">Rejeter et supprimer</button> <a href="/inbox/${key}">Annuler</a>`);
    expect(await teamComments(key)).toEqual([["Cheap watches at spam.example", "internal"]]);
  });

  test("a held comment rejected is deleted for good: never public, gone from the team's list and from its author's page, and no e-mail goes out", async () => {
    const key = await published("Export to ODS");
    const follower = await signedIn("otto@customer.example", "Otto");
    await follower.submit(
      /<form method="post" action="[^"]*\/vote" class="vote">[\s\S]*?<\/form>/.exec(await (await follower.fetch(`/p/demo/${key}`)).text())![0],
      {},
    );
    const author = await signedIn("jan@customer.example", "Jan");
    await comment(author, key, "Visit my shop for ODS tools");
    const id = ((await admin("GET", `/v1/feedbacks/${key}`)).body.comments as Array<{ id: string }>)[0]!.id;
    await http.runJobs();
    const mails = mailbox.mails.length;
    const member = await signedInAs(http, "member", `/inbox/${key}`);
    const question = await (
      await member.submit(rejectForm(await (await member.fetch(`/inbox/${key}`)).text(), key, id), {}, undefined, ORIGIN)
    ).text();
    const done = await member.submit(question.slice(question.indexOf('<form method="post" action="/inbox/')), {}, undefined, ORIGIN);
    expect([done.status, done.headers.get("location")]).toEqual([303, `/inbox/${key}?portal=commentRejected`]);
    const after = await (await member.fetch(`/inbox/${key}?portal=commentRejected`)).text();
    expect(after).toContain('<p class="notice" role="status" tabindex="-1" autofocus>The comment was rejected and deleted.</p>');
    expect(after).not.toContain("Comments from the portal to review");
    expect(after).not.toContain("Visit my shop");
    expect(await teamComments(key)).toEqual([]);
    expect(await publicComments(key)).toEqual([]);
    expect(await (await author.fetch(`/p/demo/${key}`)).text()).not.toContain("Visit my shop");
    await http.runJobs();
    expect(mailbox.mails.length).toBe(mails);
  });

  test("a Reader may not reject a held comment: refused at once (forbidden), never asked, and the comment stays held", async () => {
    const key = await published("Larger fonts");
    const id = await heldComment(key, "kim@customer.example", "Kim", "Bigger text, please");
    const reader = await signedInAs(http, "reader", `/inbox/${key}`);
    const page = await (await reader.fetch(`/inbox/${key}`)).text();
    expect(rejectForm(page, key, id)).toBe("");
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)![1]!;
    const form = `<form method="post" action="/inbox/${key}/comments/${id}/reject"><input type="hidden" name="csrf" value="${csrf}"></form>`;
    for (const confirm of ["", "yes"]) {
      const refused = await reader.submit(form, { confirm }, undefined, ORIGIN);
      expect([refused.status, refused.headers.get("location")]).toEqual([303, `/inbox/${key}?portalError=forbidden`]);
    }
    expect(await (await reader.fetch(`/inbox/${key}?portalError=forbidden`)).text()).toContain(
      '<p class="error" role="alert" tabindex="-1" autofocus>Your role does not allow this.</p>',
    );
    expect(await teamComments(key)).toEqual([["Bigger text, please", "internal"]]);
  });

  test("a held comment of another organization is not found, from one of its own feedbacks or by this one's key, and stays held", async () => {
    const key = await published("Calendar sync");
    const id = await heldComment(key, "lou@customer.example", "Lou", "Sync with my calendar");
    await http.cli("org", "create", "Elsewhere", "--prefix", "ELSE", "--plan", "free");
    const appId = /^app (\S+)/m.exec(await http.cli("app", "create", "ELSE", "Else app"))![1]!;
    const channel = (await http.cli("channel", "create", "ELSE", appId, "--kind", "api")).trim();
    const own = (await http.request("POST", "/v1/reports", { body: { publicKey: channel, kind: "idea", message: "Their own idea" } })).body.ticketId;
    await http.cli("user", "create", "owner@else.test", "--password", "else-password-1", "--org", "ELSE", "--role", "admin");
    const stranger = new FormBrowser(http.url, {}, http.handle);
    await signIn(stranger, "owner@else.test", "else-password-1", "/inbox");
    const csrf = /name="csrf" value="([^"]+)"/.exec(await (await stranger.fetch("/inbox")).text())![1]!;
    for (const on of [own, key]) {
      const form = `<form method="post" action="/inbox/${on}/comments/${id}/reject"><input type="hidden" name="csrf" value="${csrf}"></form>`;
      for (const confirm of ["", "yes"]) {
        const refused = await stranger.submit(form, { confirm }, undefined, ORIGIN);
        expect([refused.status, refused.headers.get("location")]).toEqual([303, `/inbox/${on}?portalError=not_found`]);
      }
    }
    expect(await teamComments(key)).toEqual([["Sync with my calendar", "internal"]]);
  });

  test("a comment already published is not rejected: refused without asking, the page says it is on the portal, and it stays public", async () => {
    const key = await published("Sort by votes");
    const id = await heldComment(key, "max@customer.example", "Max", "Sorting by votes would help");
    const member = await signedInAs(http, "member", `/inbox/${key}`);
    const page = await (await member.fetch(`/inbox/${key}`)).text();
    const form = rejectForm(page, key, id);
    await member.submit(page.slice(page.indexOf(`<form method="post" action="/inbox/${key}/comments/${id}/publish"`)), {}, undefined, ORIGIN);
    for (const confirm of ["", "yes"]) {
      const refused = await member.submit(form, { confirm }, undefined, ORIGIN);
      expect([refused.status, refused.headers.get("location")]).toEqual([303, `/inbox/${key}?portalError=comment_published`]);
    }
    expect(await (await member.fetch(`/inbox/${key}?portalError=comment_published`)).text()).toContain(
      '<p class="error" role="alert" tabindex="-1" autofocus>This comment is already on the portal: only a comment still waiting for review can be rejected.</p>',
    );
    expect(await publicComments(key)).toEqual([{ author: "Max", team: false, text: "Sorting by votes would help" }]);
  });
});
