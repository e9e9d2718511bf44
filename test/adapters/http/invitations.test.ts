import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";
import { linkIn, startMailbox } from "../../support/mailbox.ts";
import { focusedField } from "../../support/focused-field.ts";
import { createUser } from "../../../core/users/create-user.ts";

let http: InProcess;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
beforeAll(async () => {
  mailbox = await startMailbox();
  http = await inProcess({ env: { SMTP_URL: mailbox.url, SMTP_FROM: "Retour <team@retour.test>" } });
});
afterAll(async () => {
  http.close();
  await mailbox.close();
});

const browser = () => new FormBrowser("http://localhost:3000", {}, http.handle);
async function admin(): Promise<FormBrowser> {
  const b = browser();
  await signIn(b, http.demo.users.admin.email, http.demo.users.admin.password, "/inbox");
  return b;
}
const invite = (email: string, role = "member", token = http.demo.tokens.admin, headers: Record<string, string> = {}) =>
  http.request("POST", "/v1/invitations", { body: { email, role }, token, headers });
/** The path and query of a link of this service, as a browser of it opens it. */
const pathOf = (url: string) => url.slice("http://localhost:3000".length);

describe("invitations from the members page, by e-mail", () => {
  test("the role a person is invited with starts at Member: Admin is chosen, never given by default", async () => {
    const members = await (await (await admin()).fetch("/settings/members")).text();
    expect(/<option value="(\w+)" selected>/.exec(/<select id="invite-role"[\s\S]*?<\/select>/.exec(members)![0])?.[1]).toBe("member");
  });

  test("an address that is not one is refused beside the invitation form, in words, keeping what was typed and the role chosen", async () => {
    const b = await admin();
    const members = await (await b.fetch("/settings/members")).text();
    const refused = await b.submit(members, { email: "bob@", role: "reader" }, "/settings/invitations");
    expect(refused.status).toBe(400);
    const page = await refused.text();
    const form = page.slice(page.indexOf('<form method="post" action="/settings/invitations">'));
    expect(form).toMatch(
      /^<form[^>]*><input[^>]*>\n<p class="error" role="alert" id="invite-error">E-mail: expected an e-mail address such as ann@example.com\.<\/p>/,
    );
    expect(form).toContain('value="bob@" aria-invalid="true" aria-describedby="invite-error"');
    expect(/<select id="invite-role"[\s\S]*?<\/select>/.exec(form)![0]).toContain('<option value="reader" selected>');
  });

  test("an Admin invites by e-mail; the mailed link lets the person choose a name and a password and lands them in the organization, signed in", async () => {
    const b = await admin();
    const members = await (await b.fetch("/settings/members")).text();
    expect(members).toContain("<h2>Invite someone</h2>");
    const sent = await b.submit(members, { email: "Nadia@Example.com", role: "member" }, "/settings/invitations");
    expect(sent.status).toBe(303);
    const shown = await (await b.fetch("/settings/members")).text();
    expect(shown).toContain("Pending invitations");
    expect(shown).toContain("nadia@example.com");
    // Said before the e-mail job has run: it is on its way, not sent.
    expect(shown).toContain("Invitation made for nadia@example.com; its e-mail is on its way. Its link, shown this once");

    expect(await http.runJobs()).toBe(1);
    const [mail] = mailbox.to("nadia@example.com");
    expect(mail!.headers).toContain("Subject: Join Demo");
    expect(mail!.headers).not.toContain("List-Unsubscribe");
    expect(mail!.text).toContain("invites you to join Demo on Retour (role: Member)");
    const link = linkIn(mail!, "/invitation");

    const nadia = browser();
    const joinPage = await (await nadia.fetch(pathOf(link))).text();
    expect(joinPage).toContain("<h1>Join Demo</h1>");
    expect(joinPage).toContain("nadia@example.com");
    const joined = await nadia.submit(joinPage, { name: "Nadia Ortiz", password: "a long enough password" });
    expect(joined.status).toBe(303);
    expect(joined.headers.get("location")).toBe(`/inbox?org=${encodeURIComponent(http.demo.orgId)}`);
    const inbox = await nadia.fetch("/inbox");
    expect(inbox.status).toBe(200);
    expect(await inbox.text()).toContain("Signed in as");
    const listed = await (await b.fetch("/settings/members")).text();
    expect(listed).toContain('<td data-label="E-mail">nadia@example.com</td>');
    expect(listed).not.toContain("Pending invitations</h2><div");

    // The same password signs in later.
    await signIn(browser(), "nadia@example.com", "a long enough password", "/inbox");
  });

  test("the link works once: opened again, it says it was used", async () => {
    const { url } = (await invite("once@example.com")).body;
    const first = browser();
    const page = await (await first.fetch(pathOf(url))).text();
    expect((await first.submit(page, { name: "Once", password: "a long enough password" })).status).toBe(303);
    const again = await browser().fetch(pathOf(url));
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("This invitation was used already");
  });

  test("a used link opened by a signed-in person, the one who joined going Back or anyone else, leads to the inbox instead of asking to sign in", async () => {
    const { url } = (await invite("back@example.com")).body;
    const joiner = browser();
    const page = await (await joiner.fetch(pathOf(url))).text();
    expect((await joiner.submit(page, { name: "Back", password: "a long enough password" })).status).toBe(303);
    for (const visitor of [joiner, await admin()]) {
      const back = await visitor.fetch(pathOf(url));
      expect(back.status).toBe(303);
      expect(back.headers.get("location")).toBe("/inbox");
    }
    const inbox = await joiner.fetch("/inbox");
    expect(inbox.status).toBe(200);
    expect(await inbox.text()).toContain("Signed in as");
  });

  test("a link past its 7 days, a revoked one and a made-up one each say so on a page of their own", async () => {
    const late = (await invite("late@example.com")).body;
    const revoked = (await invite("revoked@example.com")).body;
    expect((await http.request("DELETE", `/v1/invitations/${revoked.id}`, { token: http.demo.tokens.admin })).status).toBe(204);
    const revokedPage = await browser().fetch(pathOf(revoked.url));
    expect(revokedPage.status).toBe(410);
    expect(await revokedPage.text()).toContain("This invitation was revoked");
    const unknown = await browser().fetch("/invitation?t=made-up");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("This invitation link does not work");

    http.advanceClock(7 * 24 * 60 * 60_000 + 1);
    const expired = await browser().fetch(pathOf(late.url));
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("This invitation has expired");
    const listed = (await http.request("GET", "/v1/invitations", { token: http.demo.tokens.admin })).body.data;
    expect(listed.find((i: { email: string }) => i.email === "late@example.com")).toMatchObject({ expired: true });
    expect(listed.find((i: { email: string }) => i.email === "revoked@example.com")).toBeUndefined();
  });

  test("an expired invitation's mail is not sent when its job runs late", async () => {
    await http.runJobs();
    const before = mailbox.mails.length;
    await invite("slow@example.com");
    http.advanceClock(7 * 24 * 60 * 60_000 + 1);
    await http.runJobs();
    expect(mailbox.mails.length).toBe(before);
  });

  test("a person who already has an account gives its password and joins; a wrong one is refused", async () => {
    await http.cli("user", "create", "known@example.com", "--password", "known person password");
    const { url } = (await invite("known@example.com", "reader")).body;
    const b = browser();
    const page = await (await b.fetch(pathOf(url))).text();
    expect(page).toContain("You already have a Retour account");
    expect(page).not.toContain('name="name"');
    const wrong = await b.submit(page, { password: "not the password" });
    expect(wrong.status).toBe(401);
    expect(focusedField(await wrong.text())).toEqual({ id: "password", invalid: true, said: ["Wrong password."], alerts: 0 });
    expect((await b.submit(page, { password: "known person password" })).status).toBe(303);
    expect((await b.fetch("/inbox")).status).toBe(200);
    expect(await http.cli("member", "list", "DEMO")).toContain("known@example.com  reader");
  });

  test("an account without a password that another organization counts on is never given one by this organization's invitation: its link asks for the password, as an account's does", async () => {
    // An account made without a password (as the command line once did), Admin of another organization.
    await http.cli("org", "create", "Elsewhere", "--prefix", "ELSE");
    if (!(await createUser(http.services, { email: "owner@elsewhere.test" })).ok) throw new Error("no account");
    await http.cli("member", "add", "ELSE", "owner@elsewhere.test", "admin");
    // This organization's Admin is handed the link, and would choose the password of the other's Admin.
    const { url } = (await invite("owner@elsewhere.test", "reader")).body;
    const b = browser();
    const page = await (await b.fetch(pathOf(url))).text();
    expect(page).toContain("You already have a Retour account");
    expect((await b.submit(page, { name: "Taken", password: "a long enough password" })).status).toBe(401);
    expect(await http.cli("member", "list", "DEMO")).not.toContain("owner@elsewhere.test");
    const intruder = browser();
    const login = await (await intruder.fetch("/login")).text();
    expect((await intruder.submit(login, { email: "owner@elsewhere.test", password: "a long enough password" })).status).not.toBe(303);
  });

  test("an account without a password that this organization counts on since the invitation was made (the operator added it) is asked for its password too", async () => {
    if (!(await createUser(http.services, { email: "added.later@example.com" })).ok) throw new Error("no account");
    const { url } = (await invite("added.later@example.com", "reader")).body;
    await http.cli("member", "add", "DEMO", "added.later@example.com", "member");
    const page = await (await browser().fetch(pathOf(url))).text();
    expect(page).toContain("You already have a Retour account");
  });

  test("a name and a password of 10 characters are asked of a new person; the link still works after a refusal, which keeps the name typed", async () => {
    const { url } = (await invite("weak@example.com")).body;
    const b = browser();
    const page = await (await b.fetch(pathOf(url))).text();
    const weak = await b.submit(page, { name: "Weak", password: "short" });
    expect(weak.status).toBe(400);
    const refused = await weak.text();
    expect(refused).toContain('name="name" autocomplete="name" required maxlength="100" value="Weak">');
    const nameless = await b.submit(page, { name: "  ", password: "a long enough password" });
    expect(nameless.status).toBe(400);
    expect((await b.submit(page, { name: "Strong", password: "a long enough password" })).status).toBe(303);
  });

  test("a password too weak is said beside the password's field, which takes the focus, marked invalid and described by the error, with no alert above the form", async () => {
    const { url } = (await invite("weak-beside@example.com")).body;
    const b = browser();
    const refused = await b.submit(await (await b.fetch(pathOf(url))).text(), { name: "Weak", password: "short" });
    expect(focusedField(await refused.text())).toEqual({
      id: "password",
      invalid: true,
      said: ["The password must be at least 10 characters long."],
      alerts: 0,
    });
  });

  test("no name is said beside the name's field, which takes the focus, marked invalid and described by the error", async () => {
    const { url } = (await invite("nameless-beside@example.com")).body;
    const b = browser();
    const refused = await b.submit(await (await b.fetch(pathOf(url))).text(), { name: "  ", password: "a long enough password" });
    const shown = await refused.text();
    expect(focusedField(shown)).toEqual({ id: "name", invalid: true, said: ["Write your name in “Your name”."], alerts: 0 });
    expect(shown).toContain('value="  "');
  });

  test("in French, a password too weak is said beside the password's field", async () => {
    const { url } = (await invite("faible@example.com")).body;
    const b = new FormBrowser("http://localhost:3000", { "accept-language": "fr" }, http.handle);
    const refused = await b.submit(await (await b.fetch(pathOf(url))).text(), { name: "Faible", password: "court" });
    expect(focusedField(await refused.text())).toEqual({
      id: "password",
      invalid: true,
      said: ["Le mot de passe doit compter au moins 10 caractères."],
      alerts: 0,
    });
  });

  test("in French, a new person who gives no name is told which field needs it", async () => {
    const { url } = (await invite("sans-nom@example.com")).body;
    const b = new FormBrowser("http://localhost:3000", { "accept-language": "fr" }, http.handle);
    const refused = await b.submit(await (await b.fetch(pathOf(url))).text(), { name: "", password: "un mot de passe assez long" });
    expect(refused.status).toBe(400);
    expect(focusedField(await refused.text())).toEqual({
      id: "name",
      invalid: true,
      said: ["Écrivez votre nom dans «\u202fVotre nom\u202f»."],
      alerts: 0,
    });
  });

  test("the invitation form refuses a post from another site", async () => {
    const { url } = (await invite("csrf@example.com")).body;
    const b = browser();
    const page = await (await b.fetch(pathOf(url))).text();
    const forged = await b.submit(page, { name: "X", password: "a long enough password" }, undefined, { origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    expect((await browser().fetch(pathOf(url))).status).toBe(200);
  });
});

describe("the invitations API", () => {
  test("POST /v1/invitations answers the invitation with its link once, and mails it in the request's language", async () => {
    const created = await invite("api@example.com", "reader", http.demo.tokens.admin, { "accept-language": "fr" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: "api@example.com", role: "reader", expired: false });
    expect(created.body.url).toMatch(/^http:\/\/localhost:3000\/invitation\?t=/);
    expect(Date.parse(created.body.expiresAt) - Date.parse(created.body.createdAt)).toBe(7 * 24 * 60 * 60_000);
    await http.runJobs();
    const [mail] = mailbox.to("api@example.com");
    expect(mail!.headers).toContain("Subject: Invitation à rejoindre Demo sur Retour");
    expect(mail!.text).toContain("(rôle\u202f: Lecteur)");
    expect(linkIn(mail!, "/invitation")).toBe(created.body.url);
    const listed = await http.request("GET", "/v1/invitations", { token: http.demo.tokens.admin });
    expect(listed.status).toBe(200);
    const entry = listed.body.data.find((i: { id: string }) => i.id === created.body.id);
    expect(entry).toEqual({
      id: created.body.id,
      email: "api@example.com",
      role: "reader",
      createdAt: created.body.createdAt,
      expiresAt: created.body.expiresAt,
      expired: false,
    });
    expect(JSON.stringify(listed.body)).not.toContain(new URL(created.body.url).searchParams.get("t")!);
  });

  test("the link's token is kept only as its digest", async () => {
    const { url } = (await invite("digest@example.com")).body;
    const token = new URL(url).searchParams.get("t")!;
    expect(await http.services.store.findInvitationByToken(token)).toBeNull();
    expect((await http.services.store.findInvitationByToken(http.services.digest(token)))?.email).toBe("digest@example.com");
  });

  test("a Member is forbidden, a token without members:manage lacks the scope, a bad body and an existing member are refused", async () => {
    expect((await invite("x@example.com", "member", http.demo.tokens.member)).body.code).toBe("forbidden");
    const readOnly = await invite("x@example.com", "member", http.demo.tokens.readOnly);
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.code).toBe("insufficient_scope");
    expect(readOnly.headers.get("www-authenticate")).toContain('scope="members:manage"');
    expect((await invite("not an e-mail")).body.code).toBe("invalid_body");
    expect((await invite("x@example.com", "owner")).body.code).toBe("invalid_body");
    const member = await invite(http.demo.users.member.email);
    expect(member.status).toBe(409);
    expect(member.body.code).toBe("already_member");
    expect((await http.request("GET", "/v1/invitations", { token: http.demo.tokens.member })).status).toBe(403);
    expect((await http.request("DELETE", "/v1/invitations/nope", { token: http.demo.tokens.admin })).body.code).toBe("not_found");
  });

  test("the routes are described in /openapi.json", async () => {
    const { body } = await http.request("GET", "/openapi.json");
    expect(Object.keys(body.paths["/v1/invitations"])).toEqual(["get", "post"]);
    expect(body.paths["/v1/invitations/{id}"].delete).toBeDefined();
  });
});

describe("cli invite", () => {
  test("invites as the operator and prints the link, which opens the page to join", async () => {
    const out = await http.cli("invite", "DEMO", "cli@example.com", "--role", "member");
    expect(out).toContain(
      "cli@example.com is invited as member of DEMO; the server e-mails the link if its SMTP_URL is set. The link works once, for 7 days:",
    );
    const url = /(http:\/\/localhost:3000\/invitation\?t=\S+)/.exec(out)![1]!;
    expect(await (await browser().fetch(pathOf(url))).text()).toContain("<h1>Join Demo</h1>");
  });
});

describe("invitations, counted", () => {
  test("a fourth invitation to one address within the hour is 429 rate_limited, with Retry-After", async () => {
    for (let i = 0; i < 3; i++) expect((await invite("counted@example.com")).status).toBe(201);
    const fourth = await invite("counted@example.com");
    expect([fourth.status, fourth.body.code]).toEqual([429, "rate_limited"]);
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("from the members page, a fourth invitation to one address within the hour is refused 429, with Retry-After", async () => {
    const b = await admin();
    const members = await (await b.fetch("/settings/members")).text();
    for (let i = 0; i < 3; i++) expect((await invite("counted-by-form@example.com")).status).toBe(201);
    const fourth = await b.submit(members, { email: "counted-by-form@example.com", role: "member" }, "/settings/invitations");
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("the members page says why a fourth invitation to one address is refused, and in how many minutes to try again", async () => {
    const b = await admin();
    const members = await (await b.fetch("/settings/members")).text();
    for (let i = 0; i < 3; i++) expect((await invite("told-when@example.com")).status).toBe(201);
    const fourth = await (await b.submit(members, { email: "told-when@example.com", role: "member" }, "/settings/invitations")).text();
    expect(fourth).toMatch(
      /told-when@example\.com cannot be invited again yet: an address receives at most 3 invitations an hour, and an organization sends at most 50\. Try again in (a minute|\d+ minutes)\./,
    );
  });
});
