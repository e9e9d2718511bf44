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

const member = (method: string, path: string, body?: unknown) =>
  http.request(method, path, { token: http.demo.tokens.member, ...(body !== undefined && { body }) });

/** A feedback reported in French by Rita (who follows it, with her tracking link), a vote relayed for Sam, and one for the member who will reply. */
async function followedFeedback(message: string) {
  const sent = await http.request("POST", "/v1/reports", {
    body: { publicKey: http.demo.publicKey, kind: "problem", message, user: { email: "rita@customer.example", name: "Rita" } },
  });
  const key = sent.body.ticketId as string;
  for (const email of ["sam@customer.example", "member@demo.test"])
    expect((await member("POST", `/v1/feedbacks/${key}/votes`, { email })).status).toBeLessThan(300);
  return { key, statusUrl: sent.body.statusUrl as string };
}

describe("a team reply marked public is e-mailed to the followers", () => {
  test("each follower gets it once, in their language, with their tracking link and the unsubscribe link; its author does not", async () => {
    const { key, statusUrl } = await followedFeedback("L'export en PDF donne une page blanche depuis la mise à jour de lundi.");
    const before = mailbox.mails.length;
    expect(
      (await member("POST", `/v1/feedbacks/${key}/comments`, { text: "Corrigé dans la version 4.2, merci !", visibility: "public" })).status,
    ).toBeLessThan(300);
    await http.runJobs();
    const rita = mailbox.to("rita@customer.example").slice(-1)[0]!;
    expect(rita.text).toContain("Bonjour Rita,");
    expect(rita.text).toContain("Corrigé dans la version 4.2, merci !");
    expect(rita.text).toContain(`Suivre et répondre\u202f: ${statusUrl}`);
    expect(rita.text).toMatch(/Ne plus recevoir de nouvelles de ce sujet\u202f: http:\/\/localhost:3000\/unsubscribe\?f=/);
    expect(rita.headers).toMatch(/List-Unsubscribe: <http:\/\/localhost:3000\/unsubscribe\?f=/i);
    const sam = mailbox.to("sam@customer.example").slice(-1)[0]!;
    expect(sam.headers).toMatch(/Subject: New reply: /);
    expect(sam.text).toContain("Corrigé dans la version 4.2, merci !");
    expect(sam.text).toContain("Stop receiving news about this: http://localhost:3000/unsubscribe?f=");
    expect(mailbox.to("member@demo.test").length).toBe(0);
    expect(mailbox.mails.length).toBe(before + 2);
    // Run again, the job sends nothing twice.
    await http.runJobs();
    expect(mailbox.mails.length).toBe(before + 2);
  });

  test("an internal note is e-mailed to nobody", async () => {
    const { key } = await followedFeedback("Le calendrier ne se synchronise plus avec l'agenda du téléphone.");
    const before = mailbox.mails.length;
    expect((await member("POST", `/v1/feedbacks/${key}/comments`, { text: "Ask the mobile team", visibility: "internal" })).status).toBeLessThan(300);
    await http.runJobs();
    expect(mailbox.mails.length).toBe(before);
  });

  test("the unsubscribe page a voter opens speaks of the subject they follow, never of a report, which they did not write", async () => {
    const { key } = await followedFeedback("Les reçus s'impriment sans l'adresse de la boutique depuis la mise à jour.");
    await member("POST", `/v1/feedbacks/${key}/comments`, { text: "On regarde.", visibility: "public" });
    await http.runJobs();
    const link = /(http:\/\/localhost:3000\/unsubscribe\?\S+)/.exec(mailbox.to("sam@customer.example").at(-1)!.text)![1]!;
    const page = async (language: string, method = "GET") =>
      (await http.handle(new Request(link, { method, headers: { "accept-language": language } }))).text();
    expect(await page("en")).toContain(
      `Stop sending news to <strong>sam@customer.example</strong> about:</p><ul><li><strong>${key}</strong></li></ul>`,
    );
    expect(await page("fr")).toContain(
      `Ne plus envoyer de nouvelles à <strong>sam@customer.example</strong> sur\u202f:</p><ul><li><strong>${key}</strong></li></ul>`,
    );
    expect(await page("en")).not.toMatch(/reçus|this report/);
    expect(await page("en", "POST")).toContain(`Done: you will receive no more news about:</p><ul><li><strong>${key}</strong></li></ul>`);
  });

  test("a follower who unsubscribed hears nothing more", async () => {
    const { key } = await followedFeedback("Les notifications arrivent deux fois sur la tablette depuis hier soir.");
    await member("POST", `/v1/feedbacks/${key}/comments`, { text: "On regarde.", visibility: "public" });
    await http.runJobs();
    const link = /(http:\/\/localhost:3000\/unsubscribe\?\S+)/.exec(mailbox.to("sam@customer.example").at(-1)!.text)![1]!;
    const page = await (await http.handle(new Request(link))).text();
    const form = /<form method="post" action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(page);
    const fields = new URLSearchParams([...form![2]!.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, "&")]));
    const done = await http.handle(
      new Request(new URL(form![1]!.replace(/&amp;/g, "&"), "http://localhost:3000"), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
        body: fields,
      }),
    );
    expect(done.status).toBeLessThan(400);
    const samBefore = mailbox.to("sam@customer.example").length;
    await member("POST", `/v1/feedbacks/${key}/comments`, { text: "C'est corrigé.", visibility: "public" });
    await http.runJobs();
    expect(mailbox.to("sam@customer.example").length).toBe(samBefore);
    expect(mailbox.to("rita@customer.example").at(-1)!.text).toContain("C'est corrigé.");
  });
});
