import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { eventually, Receiver } from "../support/receiver.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { type Mailbox, type ReceivedMail, startMailbox } from "../support/mailbox.ts";
import { get, patch, post } from "../support/server.ts";
import { jobsDone } from "../support/wait.ts";
import { markdownIt } from "../../adapters/markdown/markdown.ts";

let mailbox: Mailbox;
const receiver = new Receiver();

let server: Served;
let db: Database;
beforeAll(async () => {
  mailbox = await startMailbox();
  receiver.start();
  server = await serveInProcess({
    env: { SMTP_URL: mailbox.url, SMTP_FROM: "Retour <notify@retour.test>", WEBHOOKS_ALLOW_PRIVATE: "true" },
  });
  db = new Database(join(server.dataDir, "retour.sqlite"), { readonly: true });
});
afterAll(async () => {
  db.close();
  await server.stop();
  receiver.stop();
  await mailbox.close();
});

const subjectOf = (mail: ReceivedMail) => /^Subject: (.*)$/m.exec(mail.headers)?.[1] ?? "";
const mailsTo = (to: string) => mailbox.to(to);
const settle = () => jobsDone(db);
const member = () => ({ authorization: `Bearer ${server.demo.tokens.member}` });
const report = async (message: string, email: string, name?: string) =>
  (await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "problem", message, user: { email, ...(name && { name }) } }))
    .body.ticketId as string;

describe("publishing a changelog entry, through a real SMTP server", () => {
  test("each follower of its feedbacks gets exactly one message, in their language, even following several; no delivered message for those feedbacks", async () => {
    const hook = await post(
      `${server.url}/v1/webhooks`,
      { url: receiver.url, events: ["changelog.published"] },
      { authorization: `Bearer ${server.demo.tokens.admin}` },
    );
    receiver.secrets = [hook.body.secret];
    const invoices = await report("Invoice export to PDF gives a blank page", "ann@example.com", "Ann");
    const calendar = await report("Calendar sync duplicates every recurring event", "ann@example.com", "Ann");
    await settle();
    // Bea, who writes in French, reports the calendar problem too: grouping may fold it, or keep it apart; either way she follows one of the entry's feedbacks.
    const bea = await report("La synchronisation du calendrier duplique chaque rendez-vous récurrent", "bea@example.fr");
    const shipped = await report("The dark theme resets after signing in", "carl@example.com");
    await settle();
    await patch(`${server.url}/v1/feedbacks/${shipped}`, server.demo.tokens.admin, { status: "delivered" });
    await settle();
    expect(mailsTo("carl@example.com").map((m) => subjectOf(m))).toEqual(["Delivered: The dark theme resets after signing in"]);
    mailbox.mails.length = 0;

    const keys = [...new Set([invoices, calendar, bea, shipped])];
    const entry = await post(
      `${server.url}/v1/changelog`,
      { title: "Exports, sync and themes", body: "All **fixed** in 2.4.", feedbacks: keys },
      member(),
    );
    expect(entry.status).toBe(201);
    const published = await post(`${server.url}/v1/changelog/${entry.body.id}/publish`, {}, member());
    expect(published.status).toBe(200);
    await settle();

    const perPerson = new Map<string, number>();
    for (const m of mailbox.mails) perPerson.set(m.to, (perPerson.get(m.to) ?? 0) + 1);
    expect(Object.fromEntries(perPerson)).toEqual({ "ann@example.com": 1, "bea@example.fr": 1, "carl@example.com": 1 });
    expect(mailbox.mails.some((m) => subjectOf(m).startsWith("Delivered"))).toBe(false);

    const ann = mailsTo("ann@example.com")[0]!;
    expect(subjectOf(mailsTo("ann@example.com")[0]!)).toBe('"Exports, sync and themes" has shipped');
    expect(ann.text).toContain("Hello Ann,");
    expect(ann.text).toContain("All fixed in 2.4.");
    expect(ann.text).toContain(`- ${invoices}: Invoice export to PDF gives a blank page`);
    expect(ann.text).toContain(`- ${calendar}: Calendar sync duplicates every recurring event`);
    expect(ann.text.match(/Stop receiving news about DEMO-\d+: http:\/\/localhost:\d+\/unsubscribe\?/g)?.length).toBe(2);
    expect(ann.text).toMatch(/Follow your report: http:\/\/localhost:\d+\/s\//);
    expect(ann.headers).toMatch(/List-Unsubscribe: <http:\/\/localhost:\d+\/unsubscribe\?f=/);
    // A mail client's one-click unsubscribe (RFC 8058) stops news of every feedback the e-mail is about.
    const oneClick = /List-Unsubscribe: <([^>]+)>/.exec(ann.headers)![1]!.replaceAll("&amp;", "&");
    const stopped = await fetch(oneClick, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(stopped.status).toBe(200);
    for (const key of [invoices, calendar]) {
      const { id } = (await get(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.member)).body;
      expect((await server.services.store.listFollowers(id)).map((f) => f.email)).not.toContain("ann@example.com");
    }
    const french = mailsTo("bea@example.fr")[0]!;
    expect(french.text).toContain("Ce que vous attendiez est livré");

    for (const key of keys) expect((await get(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.member)).body.status).toBe("delivered");

    // Delivered again later, the feedbacks tell nobody twice: the entry's message stood for their delivered one.
    await patch(`${server.url}/v1/feedbacks/${invoices}`, server.demo.tokens.admin, { status: "fixed" });
    await patch(`${server.url}/v1/feedbacks/${invoices}`, server.demo.tokens.admin, { status: "delivered" });
    await settle();
    expect(mailbox.mails.length).toBe(3);

    const [delivery] = await eventually(
      () => receiver.of("changelog.published"),
      (r) => r.length === 1,
    );
    expect(delivery!.validFor).toEqual(receiver.secrets);
    expect(delivery!.body.data.entry).toMatchObject({ id: entry.body.id, title: "Exports, sync and themes", status: "published" });
    expect([...delivery!.body.data.entry.feedbacks].sort()).toEqual([...keys].sort());
  });
});

describe("a changelog e-mail, as plain text and HTML, through a real SMTP server", () => {
  const BODY = [
    "## What changed",
    "",
    "**Faster** exports, _at last_: see [the docs](https://docs.example.com/export?from=mail&v=2) or https://status.example.com.",
    "",
    "- CSV",
    "- PDF, **signed**",
    "",
    "Run `retour export --all` <b>now</b>.",
  ].join("\n");
  let dan: ReceivedMail;
  let eve: ReceivedMail;
  beforeAll(async () => {
    const webhooks = await report("Outgoing webhooks stop retrying after the first timeout", "dan@example.com", "Dan");
    const scheduling = await report("Impossible de planifier l'envoi d'un rapport hebdomadaire", "eve@example.fr", "Eve");
    await settle();
    const entry = await post(
      `${server.url}/v1/changelog`,
      { title: "Retries and schedules", body: BODY, feedbacks: [webhooks, scheduling] },
      member(),
    );
    await post(`${server.url}/v1/changelog/${entry.body.id}/publish`, {}, member());
    await settle();
    [dan, eve] = [mailsTo("dan@example.com")[0]!, mailsTo("eve@example.fr")[0]!];
  });

  test("the text part reads the entry's Markdown as prose: no emphasis marks, a link as its text and address, the heading and the list kept, code as written", () => {
    expect(dan.text).toContain(
      [
        "What changed",
        "------------",
        "",
        "Faster exports, at last: see the docs (https://docs.example.com/export?from=mail&v=2) or https://status.example.com.",
        "",
        "- CSV",
        "- PDF, signed",
        "",
        "Run `retour export --all` <b>now</b>.",
      ].join("\n"),
    );
  });

  test("the HTML part shows the entry as the portal does, with the links that stop each feedback's news; the one-click unsubscribe headers stay", async () => {
    expect(dan.headers).toMatch(/^Content-Type: multipart\/alternative;/m);
    const portal = markdownIt.html(BODY);
    expect(dan.html).toContain(portal);
    expect(portal).toContain("<strong>Faster</strong>");
    expect(portal).toContain("&lt;b&gt;now&lt;/b&gt;");
    const stops = (text: string) => [...text.matchAll(/http:\/\/localhost:\d+\/unsubscribe\?[^\s"<]+/g)].map((m) => m[0].replaceAll("&amp;", "&"));
    expect(stops(dan.html!)).toEqual(stops(dan.text));
    expect(stops(dan.text).length).toBe(1);
    expect(dan.headers).toMatch(/List-Unsubscribe: <http:\/\/localhost:\d+\/unsubscribe\?f=/);
    expect(dan.headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });

  test("a French follower gets both parts in French", () => {
    expect(eve.text).toContain("Bonjour Eve,");
    expect(eve.text).toContain("Faster exports, at last");
    expect(eve.html).toContain('<html lang="fr">');
    expect(eve.html).toContain("<title>«\u202fRetries and schedules\u202f» est disponible</title>");
    expect(eve.html).toContain("<p>Bonjour Eve,</p>");
    expect(eve.html).toMatch(/>Ne plus recevoir de nouvelles de DEMO-\d+<\/a>/);
  });
});
