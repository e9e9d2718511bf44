import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";

/** The reporter answers from their tracking page, over HTTP, without JavaScript: a plain form post. */
describe("the tracking page's answer", () => {
  let http: InProcess;
  const mails: Array<{ to: string; subject: string; text: string }> = [];
  beforeAll(async () => {
    http = await inProcess({ with: { notifier: { delivers: true, send: async (m) => void mails.push(m) } } });
  });
  afterAll(() => http.close());

  let address = 0;
  /** A browser of its own address, so that each test starts with a fresh budget. */
  const browser = () => new FormBrowser(http.url, { "x-test-client-address": `198.51.100.${++address}` }, http.handle);
  const report = async (message: string, email = "ann@example.com") => {
    const sent = await http.request("POST", "/v1/reports", {
      body: { publicKey: http.demo.publicKey, kind: "problem", message, user: { email, name: "Ann" } },
    });
    return sent.body as { ticketId: string; statusUrl: string };
  };

  test("an answer becomes a comment by the reporter, shown back on their page, and the team's address is told by e-mail", async () => {
    const { ticketId, statusUrl } = await report("The export to PDF cuts the last page");
    const b = browser();
    const page = await (await b.fetch(statusUrl)).text();
    expect(page).toContain('<form method="post" action="/s/');
    const posted = await b.submit(page, { text: "It happens with landscape pages only.\nThanks!" });
    expect(posted.status).toBe(303);
    const back = posted.headers.get("location")!;
    expect(back).toContain("sent=1");
    const shown = await (await b.fetch(back)).text();
    expect(shown).toContain('role="status"');
    expect(shown).toContain('<p class="message">It happens with landscape pages only.\nThanks!</p>');
    expect(shown).toMatch(/<p class="muted">You — <time/);
    const feedback = (await http.request("GET", `/v1/feedbacks/${ticketId}`, { token: http.demo.tokens.admin })).body;
    expect(feedback.comments.at(-1)).toMatchObject({ author: "Ann", text: "It happens with landscape pages only.\nThanks!", byReporter: true });
    expect(feedback.comments.at(-1).statusChange).toBeUndefined();
    const team = new FormBrowser(http.url, {}, http.handle);
    await signIn(team, http.demo.users.admin.email, http.demo.users.admin.password, `/inbox/${ticketId}`);
    expect(await (await team.fetch(`/inbox/${ticketId}`)).text()).toContain("Ann (the reporter, from their tracking page) · ");
    mails.length = 0;
    await http.runJobs();
    const told = mails.filter((m) => m.subject.startsWith(`Reply on ${ticketId}`));
    expect(told.map((m) => m.to)).toEqual([http.demo.users.admin.email]);
    expect(told[0]!.text).toContain("> It happens with landscape pages only.");
    expect(told[0]!.text).toContain(`/inbox/${ticketId}`);
    await http.runJobs();
    expect(mails.filter((m) => m.subject.startsWith(`Reply on ${ticketId}`)).length).toBe(1);
  });

  test("only the reporter's own answers are shown on a tracking page, never another reporter's", async () => {
    const first = await report("Search ignores accents in names", "bea@example.com");
    const b = browser();
    await b.submit(await (await b.fetch(first.statusUrl)).text(), { text: "Bea's private detail" });
    await http.request("PATCH", `/v1/feedbacks/${first.ticketId}`, {
      token: http.demo.tokens.admin,
      body: { status: "triage", comment: "Team note" },
    });
    const other = await report("Search ignores accents in names!", "carl@example.com");
    const merged = await http.request("POST", `/v1/feedbacks/${other.ticketId}/merge`, {
      token: http.demo.tokens.admin,
      body: { into: first.ticketId },
    });
    expect(merged.status).toBe(200);
    const carl = await (await browser().fetch(other.statusUrl)).text();
    expect(carl).not.toContain("Bea&#39;s private detail");
    expect(carl).not.toContain("Team note");
    expect(carl).toContain("No message yet.");
  });

  test("a post without the page's CSRF token is refused (403) and adds nothing", async () => {
    const { ticketId, statusUrl } = await report("Dark theme flickers on load");
    const b = browser();
    const page = (await (await b.fetch(statusUrl)).text()).replace(/name="csrf" value="[^"]*"/, 'name="csrf" value="forged"');
    const refused = await b.submit(page, { text: "hello" });
    expect(refused.status).toBe(403);
    expect((await http.request("GET", `/v1/feedbacks/${ticketId}`, { token: http.demo.tokens.admin })).body.comments).toEqual([]);
  });

  test("a post from another site is refused (403)", async () => {
    const { statusUrl } = await report("Calendar export misses time zones");
    const b = browser();
    const refused = await b.submit(await (await b.fetch(statusUrl)).text(), { text: "hello" }, undefined, { origin: "https://evil.example" });
    expect(refused.status).toBe(403);
  });

  test("a filled honeypot is thanked and dropped", async () => {
    const { ticketId, statusUrl } = await report("Avatars upload sideways");
    const b = browser();
    const posted = await b.submit(await (await b.fetch(statusUrl)).text(), { text: "buy now", website: "https://spam.example" });
    expect(posted.status).toBe(303);
    expect((await http.request("GET", `/v1/feedbacks/${ticketId}`, { token: http.demo.tokens.admin })).body.comments).toEqual([]);
  });

  test("an empty answer shows the page again with why (400); a wrong tracking token is 404", async () => {
    const { statusUrl } = await report("Password reset e-mail never arrives");
    const b = browser();
    const page = await (await b.fetch(statusUrl)).text();
    const empty = await b.submit(page, { text: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('role="alert"');
    const wrong = await b.submit(page.replace(/name="t" value="[^"]*"/, 'name="t" value="wrong"'), { text: "hello" });
    expect(wrong.status).toBe(404);
  });

  test("past 10 answers an hour from one address: 429 with Retry-After", async () => {
    const { statusUrl } = await report("Notifications arrive twice");
    const b = browser();
    const page = await (await b.fetch(statusUrl)).text();
    for (let i = 0; i < 10; i++) expect((await b.submit(page, { text: `message ${i}` })).status).toBe(303);
    const refused = await b.submit(page, { text: "one more" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
