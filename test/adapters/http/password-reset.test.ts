import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";
import { linkIn, startMailbox } from "../../support/mailbox.ts";
import { focusedField } from "../../support/focused-field.ts";

let http: InProcess;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
beforeAll(async () => {
  mailbox = await startMailbox();
  http = await inProcess({ env: { SMTP_URL: mailbox.url } });
});
afterAll(async () => {
  http.close();
  await mailbox.close();
});

/** A browser from its own client address: each has its own budgets. */
let addresses = 0;
const browser = (address = `198.51.100.${++addresses}`) =>
  new FormBrowser("http://localhost:3000", { "x-test-client-address": address }, http.handle);
const pathOf = (url: string) => url.slice("http://localhost:3000".length);
let people = 0;
async function person(): Promise<{ email: string; password: string }> {
  const email = `person${++people}@example.com`;
  const password = `first password ${people}`;
  await http.cli("user", "create", email, "--password", password, "--org", "DEMO", "--role", "member");
  return { email, password };
}
async function askReset(b: FormBrowser, email: string): Promise<Response> {
  const form = await (await b.fetch("/forgot-password")).text();
  return b.submit(form, { email });
}

describe("forgot password", () => {
  test("the e-mail says it is sent automatically (Auto-Submitted), so that out-of-office replies are not sent back", async () => {
    const { email } = await person();
    await askReset(browser(), email);
    await http.runJobs();
    expect(mailbox.to(email).at(-1)!.headers).toContain("Auto-Submitted: auto-generated");
  });

  test("what asking did is said first and takes the focus on arrival, the one thing on the page that does", async () => {
    const { email } = await person();
    const shown = await (await askReset(browser(), email)).text();
    await http.runJobs();
    expect(shown).toContain(
      '<h1>Reset your password</h1>\n<p class="notice" role="status" tabindex="-1" autofocus>If an account uses this address, a link to choose a new password is on its way.',
    );
    expect(shown.match(/ autofocus[ >]/g)?.length).toBe(1);
  });

  test("the sign-in page offers it; the mailed link sets a new password, signs the person in here and ends their other sessions", async () => {
    const { email, password } = await person();
    const elsewhere = browser();
    await signIn(elsewhere, email, password, "/inbox");
    const b = browser();
    const login = await (await b.fetch("/login")).text();
    expect(login).toContain('<a href="/forgot-password">Forgot your password?</a>');
    const asked = await askReset(b, email);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("If an account uses this address, a link to choose a new password is on its way.");
    expect(mailbox.to(email)).toEqual([]);

    expect(await http.runJobs()).toBe(1);
    const [mail] = mailbox.to(email);
    expect(mail!.headers).toContain("Subject: Choose a new Retour password");
    expect(mail!.headers).not.toContain("List-Unsubscribe");
    expect(mail!.text).toContain("it works once, for 30 minutes");
    const link = linkIn(mail!, "/reset-password");
    const form = await (await b.fetch(pathOf(link))).text();
    expect(form).toContain("Choose a new password");
    const reset = await b.submit(form, { password: "a brand new password" });
    expect(reset.status).toBe(303);
    expect(reset.headers.get("location")).toBe("/inbox");
    expect((await b.fetch("/inbox")).status).toBe(200);
    expect((await elsewhere.fetch("/inbox")).status).toBe(303);
    await signIn(browser(), email, "a brand new password", "/inbox");
    const old = await browser().submit(await (await browser().fetch("/login")).text(), { email, password });
    expect(old.status).not.toBe(303);
  });

  test("the answer never says whether the e-mail exists: the same page, and nothing is mailed to an unknown address", async () => {
    const { email } = await person();
    const b = browser();
    const known = await askReset(b, email);
    const unknown = await askReset(b, "nobody-here@example.com");
    expect(unknown.status).toBe(known.status);
    expect(await unknown.text()).toBe(await known.text());
    // Each answer queued one job: the link's, and the decoy's, which mails nothing.
    expect(await http.runJobs()).toBe(2);
    expect(mailbox.to("nobody-here@example.com")).toEqual([]);
    expect(mailbox.to(email).length).toBe(1);
  });

  test("the link works once, and for 30 minutes", async () => {
    const { email } = await person();
    const other = await person();
    const b = browser();
    await askReset(b, email);
    await askReset(b, other.email);
    await http.runJobs();
    const first = linkIn(mailbox.to(email)[0]!, "/reset-password");
    const second = linkIn(mailbox.to(other.email)[0]!, "/reset-password");
    const form = await (await b.fetch(pathOf(first))).text();
    expect((await b.submit(form, { password: "a brand new password" })).status).toBe(303);
    const used = await browser().fetch(pathOf(first));
    expect(used.status).toBe(410);
    expect(await used.text()).toContain("This link no longer works");
    // The same form posted again, from a browser with a valid form token of its own.
    const c = browser();
    const csrf = /name="csrf" value="([^"]+)"/.exec(await (await c.fetch("/forgot-password")).text())![1]!;
    const replayed = await c.submit(form, { csrf, password: "yet another password" });
    expect(replayed.status).toBe(410);

    expect((await browser().fetch(pathOf(second))).status).toBe(200);
    http.advanceClock(30 * 60_000);
    const late = await browser().fetch(pathOf(second));
    expect(late.status).toBe(410);
    expect(await late.text()).toContain("Ask for a new link");
  });

  test("setting a new password through one link closes the person's other links: one left in a mailbox sets no password after it", async () => {
    const { email } = await person();
    const b = browser();
    await askReset(b, email);
    await askReset(b, email);
    await http.runJobs();
    const [first, second] = mailbox.to(email).map((m) => linkIn(m, "/reset-password"));
    const form = await (await b.fetch(pathOf(second!))).text();
    expect((await b.submit(form, { password: "a brand new password" })).status).toBe(303);
    const earlier = await browser().fetch(pathOf(first!));
    expect(earlier.status).toBe(410);
    expect(await earlier.text()).toContain("This link no longer works");
  });

  /** The page a mailed reset link opens, in a browser of `headers`. */
  async function resetForm(headers: Record<string, string> = {}) {
    const { email } = await person();
    const b = new FormBrowser("http://localhost:3000", { "x-test-client-address": `198.51.100.${++addresses}`, ...headers }, http.handle);
    await askReset(b, email);
    await http.runJobs();
    const link = linkIn(mailbox.to(email)[0]!, "/reset-password");
    return { b, form: await (await b.fetch(pathOf(link))).text() };
  }

  test("a password under 10 characters is refused and the link still works", async () => {
    const { b, form } = await resetForm();
    const weak = await b.submit(form, { password: "short" });
    expect(weak.status).toBe(400);
    expect((await b.submit(form, { password: "long enough now" })).status).toBe(303);
  });

  test("a password under 10 characters is said beside the password's field, which takes the focus, marked invalid, its hint and the error as its description", async () => {
    const { b, form } = await resetForm();
    const weak = await b.submit(form, { password: "short" });
    expect(focusedField(await weak.text())).toEqual({
      id: "password",
      invalid: true,
      said: ["At least 10 characters. Your other sessions end.", "The password must be at least 10 characters long."],
      alerts: 0,
    });
  });

  test("in French, a password under 10 characters is said beside the password's field", async () => {
    const { b, form } = await resetForm({ "accept-language": "fr" });
    const weak = await b.submit(form, { password: "court" });
    expect(focusedField(await weak.text())).toEqual({
      id: "password",
      invalid: true,
      said: ["Au moins 10 caractères. Vos autres sessions prennent fin.", "Le mot de passe doit compter au moins 10 caractères."],
      alerts: 0,
    });
  });

  test("the mail speaks the language of the page it was asked from", async () => {
    const { email } = await person();
    const b = new FormBrowser("http://localhost:3000", { "x-test-client-address": "198.51.100.200", "accept-language": "fr" }, http.handle);
    const asked = await askReset(b, email);
    expect(await asked.text()).toContain("Si un compte utilise cette adresse");
    await http.runJobs();
    expect(mailbox.to(email)[0]!.headers).toContain("Subject: Choisir un nouveau mot de passe Retour");
  });

  test("rate-limited per e-mail, from any address: the fourth request in an hour is refused with Retry-After", async () => {
    const { email } = await person();
    for (let i = 0; i < 3; i++) expect((await askReset(browser(), email)).status).toBe(200);
    const refused = await askReset(browser(), email);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many requests.");
    await http.runJobs();
    expect(mailbox.to(email).length).toBe(3);
  });

  test("rate-limited per client address, whatever the e-mail: the eleventh request in an hour is refused", async () => {
    const b = browser("203.0.113.77");
    for (let i = 0; i < 10; i++) expect((await askReset(b, `someone${i}@example.com`)).status).toBe(200);
    expect((await askReset(b, "someone-else@example.com")).status).toBe(429);
    expect((await askReset(browser("203.0.113.78"), "someone-else@example.com")).status).toBe(200);
  });

  test("the form refuses a post from another site", async () => {
    const b = browser();
    const form = await (await b.fetch("/forgot-password")).text();
    expect((await b.submit(form, { email: "x@example.com" }, undefined, { origin: "https://evil.example" })).status).toBe(403);
  });

  test("a password the operator sets closes the reset links the person was sent: one left in a mailbox sets no other", async () => {
    const { email } = await person();
    const b = browser();
    await askReset(b, email);
    await http.runJobs();
    const link = linkIn(mailbox.to(email).at(-1)!, "/reset-password");
    await http.cli("user", "password", email, "--password", "set by the operator");
    const opened = await b.fetch(pathOf(link));
    expect(opened.status).toBe(410);
    expect(await opened.text()).toContain("This link no longer works");
    await signIn(browser(), email, "set by the operator", "/inbox");
  });
});

describe("forgot password on a service that sends no e-mail (no SMTP_URL)", () => {
  let quiet: InProcess;
  beforeAll(async () => {
    quiet = await inProcess();
  });
  afterAll(() => quiet.close());

  test("the page says no link can be sent and who can help, asks for no address, and a post promises nothing either", async () => {
    const b = new FormBrowser("http://localhost:3000", {}, quiet.handle);
    const page = await (await b.fetch("/forgot-password")).text();
    const said = "This service does not send e-mail, so it cannot send you a link. Ask an Admin of your organization to set a new password for you.";
    expect(page).toContain(said);
    expect(page).not.toContain('name="email"');
    // As an old page's form would post it, with this browser's token (which the sign-in page gives).
    await b.fetch("/login");
    const csrf = decodeURIComponent(/retour_csrf=([^;]+)/.exec(b.cookieHeader())![1]!);
    const posted = await b.submit(`<form method="post" action="/forgot-password"><input type="hidden" name="csrf" value="${csrf}"></form>`, {
      email: quiet.demo.users.member.email,
    });
    const answer = await posted.text();
    expect([posted.status, answer.includes(said), answer.includes("on its way")]).toEqual([200, true, false]);
  });
});

describe("the pages read before signing in", () => {
  test("sign-in, forgot password and an invitation offer the other language, and show the page asked again in it", async () => {
    const invited = await http.request("POST", "/v1/invitations", {
      token: http.demo.tokens.admin,
      body: { email: "polyglot@example.com", role: "member" },
    });
    const invitation = new URL(invited.body.url).pathname + new URL(invited.body.url).search;
    for (const [path, french] of [
      ["/login", "Connexion à Retour"],
      ["/forgot-password", "Réinitialiser votre mot de passe"],
      [invitation, "Rejoindre"],
    ] as const) {
      const b = browser();
      const page = await (await b.fetch(path)).text();
      const link = /<p class="language-switch"><a href="([^"]+)" lang="fr">Français<\/a><\/p>/.exec(page)![1]!.replaceAll("&amp;", "&");
      const switched = await b.fetch(link);
      expect([switched.status, switched.headers.get("location")]).toEqual([303, path]);
      expect(await (await b.fetch(path)).text()).toContain(french);
    }
  });
});
