import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inProcess, type InProcess } from "../../support/in-process.ts";
import { startMailbox } from "../../support/mailbox.ts";

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

const admin = (method: string, path: string, body?: unknown) =>
  http.request(method, path, { token: http.demo.tokens.admin, ...(body !== undefined && { body }) });

/** A report sent by a customer's server: its feedback's key and its tracking page's address. */
async function report(message: string, email: string, title?: string) {
  const sent = await http.request("POST", "/v1/reports", {
    body: { publicKey: http.demo.publicKey, kind: "problem", message, ...(title && { title }), user: { email } },
  });
  expect(sent.status).toBe(201);
  return { key: sent.body.ticketId as string, statusUrl: sent.body.statusUrl as string };
}

const heading = async (statusUrl: string, lang = "en") => /<h1>([^<]*)<\/h1>/.exec(await (await http.fetch(`${statusUrl}&lang=${lang}`)).text())![1];

/**
 * Ana's report (her order number and company in it) made a feedback; Bob's and Cleo's were merged
 * into it, Cleo's with a title of her own; Dan's older feedback was merged into it too.
 */
async function mergedReports(subject: string) {
  const dan = await report(`The ${subject} page stays blank on my tablet`, "dan@customer.example");
  const ana = await report(`Order 4471 for Acme Corp: the ${subject} page stays blank`, "ana@customer.example");
  const bob = await report(`The ${subject} page is blank since Monday`, "bob@customer.example");
  const cleo = await report(`Nothing shows on the ${subject} page`, "cleo@customer.example", `Blank ${subject} page`);
  for (const other of [bob, cleo, dan]) expect((await admin("POST", `/v1/feedbacks/${other.key}/merge`, { into: ana.key })).status).toBe(200);
  return { ana, bob, cleo, dan };
}

describe("the title a feedback shows each of its reporters", () => {
  test("the reporter it was made from reads its title; another reads their own report's title, or 'Your report' in their language, never the first one's words", async () => {
    const { ana, bob, cleo, dan } = await mergedReports("invoices");
    expect(await heading(ana.statusUrl)).toBe("Order 4471 for Acme Corp: the invoices page stays blank");
    expect(await heading(cleo.statusUrl)).toBe("Blank invoices page");
    expect(await heading(bob.statusUrl)).toBe("Your report about Demo app");
    expect(await heading(bob.statusUrl, "fr")).toBe("Votre signalement sur Demo app");
    // Under a heading that says nothing of the subject, what the reporter wrote is shown, not folded.
    expect(await (await http.fetch(bob.statusUrl)).text()).toContain("<details open><summary>What you wrote</summary>");
    // Dan's report is older than the feedback it joined: being first is not what makes the title his.
    expect(await heading(dan.statusUrl)).toBe("Your report about Demo app");
    for (const page of [bob, cleo, dan]) {
      const body = await (await http.fetch(page.statusUrl)).text();
      expect(body).not.toContain("4471");
      expect(body).not.toContain("Acme");
    }
  });

  test("once the team publishes it, every reporter reads its public title", async () => {
    const { ana, bob, cleo } = await mergedReports("receipts");
    expect((await admin("POST", `/v1/feedbacks/${ana.key}/publish`, { title: "Receipts page is blank" })).status).toBe(200);
    for (const page of [ana, bob, cleo]) expect(await heading(page.statusUrl)).toBe("Receipts page is blank");
  });

  test("the e-mails to its followers name it by the title it shows each, or by their report and its key", async () => {
    const { ana } = await mergedReports("refunds");
    await http.runJobs();
    expect((await admin("POST", `/v1/feedbacks/${ana.key}/comments`, { text: "We are on it.", visibility: "public" })).status).toBe(200);
    expect((await admin("PATCH", `/v1/feedbacks/${ana.key}`, { status: "delivered" })).status).toBe(200);
    await http.runJobs();
    const mails = (email: string) => mailbox.to(email).filter((m) => m.text.includes(ana.key) || m.text.includes("We are on it."));
    expect(mails("ana@customer.example").map((m) => /Subject: (.*)/.exec(m.headers)![1])).toEqual([
      "New reply: Order 4471 for Acme Corp: the refunds page stays blank",
      "Delivered: Order 4471 for Acme Corp: the refunds page stays blank",
    ]);
    expect(mails("cleo@customer.example").map((m) => /Subject: (.*)/.exec(m.headers)![1])).toEqual([
      "New reply: Blank refunds page",
      "Delivered: Blank refunds page",
    ]);
    const bob = mails("bob@customer.example");
    expect(bob.map((m) => /Subject: (.*)/.exec(m.headers)![1])).toEqual([`New reply: your report ${ana.key}`, `Delivered: your report ${ana.key}`]);
    expect(bob[0]!.text).toContain(`replied about your report (${ana.key}):`);
    expect(bob[1]!.text).toContain(`What you reported is now delivered (${ana.key}).`);
    for (const mail of [...bob, ...mails("cleo@customer.example"), ...mails("dan@customer.example")])
      expect(mail.text + mail.headers).not.toContain("4471");
  });
});
