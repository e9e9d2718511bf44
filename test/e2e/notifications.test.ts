import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { type Mailbox, startMailbox } from "../support/mailbox.ts";
import { get, patch, post } from "../support/server.ts";
import { jobsDone, waitFor } from "../support/wait.ts";

let mailbox: Mailbox;

let server: Served;
let db: Database;
beforeAll(async () => {
  mailbox = await startMailbox();
  server = await serveInProcess({ env: { SMTP_URL: mailbox.url, SMTP_FROM: "Retour <notify@retour.test>" } });
  db = new Database(join(server.dataDir, "retour.sqlite"), { readonly: true });
});
afterAll(async () => {
  db.close();
  await server.stop();
  await mailbox.close();
});

const mailsTo = (to: string) => mailbox.to(to);
const settle = () => jobsDone(db);
const report = async (message: string, email: string, name?: string) =>
  (await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "problem", message, user: { email, ...(name && { name }) } }))
    .body.ticketId as string;

describe("follower notifications by e-mail", () => {
  test("on delivered, each follower gets exactly one message, in their language, with an unsubscribe link", async () => {
    const key = await report("The invoice export to PDF gives a blank page", "ann@example.com", "Ann");
    await settle();
    await report("Export de la facture en PDF : page blanche", "bea@example.fr");
    await settle();
    await patch(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin, { status: "delivered" });
    await settle();
    expect(mailsTo("ann@example.com").length).toBe(1);
    expect(mailsTo("bea@example.fr").length).toBe(1);
    const english = mailsTo("ann@example.com")[0]!;
    expect(english.headers).toContain("Subject: Delivered: The invoice export to PDF gives a blank page");
    expect(english.text).toContain("Hello Ann,");
    expect(english.headers).toMatch(/List-Unsubscribe: <http:\/\/localhost:\d+\/unsubscribe\?f=/);
    expect(english.headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const french = mailsTo("bea@example.fr")[0]!;
    expect(french.text).toContain("Ce que vous aviez signalé est maintenant livré");
    // Delivered again later: nobody is told twice.
    await patch(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin, { status: "fixed" });
    await patch(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin, { status: "delivered" });
    await settle();
    expect(mailsTo("ann@example.com").length).toBe(1);
  });

  test("a follower's message goes out under the organization's name, at SMTP_FROM's address; the team's own e-mails as SMTP_FROM stands", async () => {
    const key = await report("Printing a receipt twice charges twice", "ivy@example.com");
    await settle();
    await patch(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin, { status: "delivered" });
    await post(
      `${server.url}/v1/invitations`,
      { email: "newcomer@example.com", role: "member" },
      { authorization: `Bearer ${server.demo.tokens.admin}` },
    );
    await settle();
    expect(mailsTo("ivy@example.com")[0]!.headers).toContain("From: Demo <notify@retour.test>");
    expect(mailsTo("newcomer@example.com")[0]!.headers).toContain("From: Retour <notify@retour.test>");
  });

  test("a refused send is retried, and the follower still gets one message", async () => {
    const key = await report("Calendar sync duplicates every event", "carl@example.com");
    await settle();
    mailbox.refuseNext(1);
    await patch(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin, { status: "delivered" });
    await waitFor(
      "the refused send to be put back in the queue",
      () => (db.query("SELECT count(*) AS n FROM jobs WHERE last_error IS NOT NULL").get() as { n: number }).n,
      (n) => n === 1,
    );
    expect(mailbox.refusalsLeft()).toBe(0);
    expect(mailsTo("carl@example.com").length).toBe(0);
    server.advanceClock(10_000);
    await settle();
    expect(mailsTo("carl@example.com").length).toBe(1);
  });

  test("the unsubscribe link asks for confirmation, then stops the follower; a forged one is refused", async () => {
    const key = await report("Dark theme resets after login", "dora@example.com");
    await settle();
    await patch(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin, { status: "delivered" });
    await settle();
    const link = /(http:\/\/localhost:\d+\/unsubscribe\?\S+)/.exec(mailsTo("dora@example.com")[0]!.text)![1]!;
    const id = (await get(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin)).body.id;
    const confirm = await fetch(link);
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain("dora@example.com");
    expect(db.query("SELECT count(*) AS n FROM followers WHERE feedback_id = ?").get(id)).toEqual({ n: 1 });
    const done = await fetch(link, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(done.status).toBe(200);
    expect(db.query("SELECT count(*) AS n FROM followers WHERE feedback_id = ?").get(id)).toEqual({ n: 0 });
    const forged = await fetch(link.replace("dora%40example.com", "eve%40example.com"), { method: "POST" });
    expect(forged.status).toBe(404);
  });

  test("once unsubscribed in one click, the link opened again says the address no longer gets news of it, and offers no unsubscribe", async () => {
    const key = await report("The tip field forgets its last value", "kim@example.com");
    await settle();
    await patch(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin, { status: "delivered" });
    await settle();
    const oneClick = /List-Unsubscribe: <([^>]+)>/.exec(mailsTo("kim@example.com")[0]!.headers)![1]!.replaceAll("&amp;", "&");
    const posted = { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } };
    expect((await fetch(oneClick, posted)).status).toBe(200);
    const reopened = await fetch(oneClick);
    expect(reopened.status).toBe(200);
    const page = await reopened.text();
    expect(page).toContain("Already unsubscribed: no more news is sent to <strong>kim@example.com</strong> about:");
    expect(page).toContain(`<strong>${key}</strong>`);
    expect(page).not.toContain('<button type="submit">Unsubscribe</button>');
  });

  test("the reporter's message carries their tracking link; a team member who follows over REST is told too", async () => {
    const created = await post(`${server.url}/v1/reports`, {
      publicKey: server.demo.publicKey,
      kind: "problem",
      message: "Receipts print without the shop address",
      user: { email: "fred@example.com" },
    });
    await settle();
    const follow = await post(
      `${server.url}/v1/feedbacks/${created.body.ticketId}/followers`,
      {},
      { authorization: `Bearer ${server.demo.tokens.member}` },
    );
    expect(follow.body).toEqual({ following: true });
    await patch(`${server.url}/v1/feedbacks/${created.body.ticketId}`, server.demo.tokens.admin, { status: "delivered" });
    await settle();
    expect(mailsTo("fred@example.com")[0]!.text).toContain(`Follow your report: ${created.body.statusUrl}`);
    const member = mailsTo("member@demo.test")[0]!.text;
    expect(member).toContain("Receipts print without the shop address");
    expect(member).not.toContain("Follow your report");
  });

  test("the member who marks a feedback delivered is not told of it, as if they had reported it; the other followers are", async () => {
    const created = await post(`${server.url}/v1/reports`, {
      publicKey: server.demo.publicKey,
      kind: "problem",
      message: "The loyalty points vanish after a refund",
      user: { email: "gwen@example.com" },
    });
    await settle();
    for (const token of [server.demo.tokens.member, server.demo.tokens.admin])
      await post(`${server.url}/v1/feedbacks/${created.body.ticketId}/followers`, {}, { authorization: `Bearer ${token}` });
    await patch(`${server.url}/v1/feedbacks/${created.body.ticketId}`, server.demo.tokens.admin, { status: "delivered" });
    await settle();
    const about = (to: string) => mailsTo(to).filter((m) => m.text.includes("The loyalty points vanish"));
    expect([about("gwen@example.com").length, about("member@demo.test").length, about("admin@demo.test").length]).toEqual([1, 1, 0]);
  });

  test("a feedback published on the portal is named by its public title, and a follower without a tracking link gets its portal page", async () => {
    const auth = { authorization: `Bearer ${server.demo.tokens.admin}` };
    const portal = await fetch(`${server.url}/v1/portal`, {
      method: "PUT",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ enabled: true, title: "Demo feedback" }),
    });
    expect(portal.status).toBe(200);
    const created = await post(`${server.url}/v1/reports`, {
      publicKey: server.demo.publicKey,
      kind: "problem",
      message: "Search is broken for the ops team's saved filters",
      user: { email: "hana@example.com" },
    });
    await settle();
    const key = created.body.ticketId as string;
    expect((await post(`${server.url}/v1/feedbacks/${key}/publish`, { title: "Search finds nothing" }, auth)).status).toBe(200);
    await post(`${server.url}/v1/feedbacks/${key}/followers`, {}, { authorization: `Bearer ${server.demo.tokens.member}` });
    await patch(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin, { status: "delivered" });
    await settle();
    const [reporter, member] = [mailsTo("hana@example.com").at(-1)!, mailsTo("member@demo.test").at(-1)!];
    expect(reporter.headers).toContain("Subject: Delivered: Search finds nothing");
    expect(reporter.text).toContain(`Follow your report: ${created.body.statusUrl}`);
    expect(member.text).toContain(`See it on the portal: ${server.url}/p/demo/${key}`);
    expect(member.text).not.toContain("saved filters");
  });

  test("once the portal has a title, the followers' messages go out under it, the name they know the organization by", async () => {
    const portal = await fetch(`${server.url}/v1/portal`, {
      method: "PUT",
      headers: { authorization: `Bearer ${server.demo.tokens.admin}`, "content-type": "application/json" },
      body: JSON.stringify({ enabled: true, title: "Demo ideas" }),
    });
    expect(portal.status).toBe(200);
    const key = await report("The stock count is off by one after a return", "jon@example.com");
    await settle();
    await patch(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin, { status: "delivered" });
    await settle();
    expect(mailsTo("jon@example.com")[0]!.headers).toContain("From: Demo ideas <notify@retour.test>");
  });
});
