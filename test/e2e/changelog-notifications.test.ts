import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { eventually, Receiver } from "../support/receiver.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { get, patch, post } from "../support/server.ts";
import { jobsDone } from "../support/wait.ts";

/** Every message the local SMTP server accepted, by recipient. */
const mails: Array<{ to: string; raw: string }> = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    let raw = "";
    stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    stream.on("end", () => {
      for (const to of session.envelope.rcptTo) mails.push({ to: to.address, raw });
      callback();
    });
  },
});
const receiver = new Receiver();

let server: Served;
let db: Database;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  receiver.start();
  const port = (smtp.server.address() as { port: number }).port;
  server = await serveInProcess({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_FROM: "Retour <notify@retour.test>", WEBHOOKS_ALLOW_PRIVATE: "true" },
  });
  db = new Database(join(server.dataDir, "retour.sqlite"), { readonly: true });
});
afterAll(async () => {
  db.close();
  await server.stop();
  receiver.stop();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

/** A mail's headers (folded lines joined) and its text (quoted-printable undone). */
function parse(raw: string): { headers: string; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const text = Buffer.from(
    raw
      .slice(split + 4)
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
  return { headers, text };
}
const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(parse(raw).headers)?.[1] ?? "";
const mailsTo = (to: string) => mails.filter((m) => m.to === to);
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
    expect(mailsTo("carl@example.com").map((m) => subjectOf(m.raw))).toEqual(["Delivered: The dark theme resets after signing in"]);
    mails.length = 0;

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
    for (const m of mails) perPerson.set(m.to, (perPerson.get(m.to) ?? 0) + 1);
    expect(Object.fromEntries(perPerson)).toEqual({ "ann@example.com": 1, "bea@example.fr": 1, "carl@example.com": 1 });
    expect(mails.some((m) => subjectOf(m.raw).startsWith("Delivered"))).toBe(false);

    const ann = parse(mailsTo("ann@example.com")[0]!.raw);
    expect(subjectOf(mailsTo("ann@example.com")[0]!.raw)).toBe("New: Exports, sync and themes");
    expect(ann.text).toContain("Hello Ann,");
    expect(ann.text).toContain("All **fixed** in 2.4.");
    expect(ann.text).toContain(`- ${invoices}: Invoice export to PDF gives a blank page`);
    expect(ann.text).toContain(`- ${calendar}: Calendar sync duplicates every recurring event`);
    expect(ann.text.match(/Stop receiving news about DEMO-\d+: http:\/\/localhost:\d+\/unsubscribe\?/g)?.length).toBe(2);
    expect(ann.text).toMatch(/Follow your report: http:\/\/localhost:\d+\/s\//);
    expect(ann.headers).toMatch(/List-Unsubscribe: <http:\/\/localhost:\d+\/unsubscribe\?f=/);
    const french = parse(mailsTo("bea@example.fr")[0]!.raw);
    expect(french.text).toContain("Ce que vous attendiez est livré");

    for (const key of keys) expect((await get(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.member)).body.status).toBe("delivered");

    // Delivered again later, the feedbacks tell nobody twice: the entry's message stood for their delivered one.
    await patch(`${server.url}/v1/feedbacks/${invoices}`, server.demo.tokens.admin, { status: "fixed" });
    await patch(`${server.url}/v1/feedbacks/${invoices}`, server.demo.tokens.admin, { status: "delivered" });
    await settle();
    expect(mails.length).toBe(3);

    const [delivery] = await eventually(
      () => receiver.of("changelog.published"),
      (r) => r.length === 1,
    );
    expect(delivery!.validFor).toEqual(receiver.secrets);
    expect(delivery!.body.data.entry).toMatchObject({ id: entry.body.id, title: "Exports, sync and themes", status: "published" });
    expect([...delivery!.body.data.entry.feedbacks].sort()).toEqual([...keys].sort());
  });
});
