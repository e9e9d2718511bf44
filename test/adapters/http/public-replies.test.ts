import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";
import { startMailbox } from "../../support/mailbox.ts";

let http: InProcess;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
beforeAll(async () => {
  mailbox = await startMailbox();
  http = await inProcess({
    env: { SMTP_URL: mailbox.url, SMTP_FROM: "Retour <team@retour.test>", SMTP_REPLY_TO: "Acme support <support@acme.test>" },
  });
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

  test("a follower who answers the e-mail writes to SMTP_REPLY_TO, not to the sender", async () => {
    const { key } = await followedFeedback("The invoice total rounds down cents.");
    await member("POST", `/v1/feedbacks/${key}/comments`, { text: "Fixed in 4.3.", visibility: "public" });
    await http.runJobs();
    const rita = mailbox.to("rita@customer.example").slice(-1)[0]!;
    expect(rita.headers).toMatch(/^From: Demo <team@retour\.test>$/m);
    expect(rita.headers).toMatch(/^Reply-To: Acme support <support@acme\.test>$/m);
  });

  test("a following member the reply mentions gets one e-mail about it, the mention's; the other followers get the reply", async () => {
    const sent = await http.request("POST", "/v1/reports", {
      body: {
        publicKey: http.demo.publicKey,
        kind: "problem",
        message: "Search ignores accents in customer names.",
        user: { email: "ana@customer.example" },
      },
    });
    const key = sent.body.ticketId as string;
    expect((await member("POST", `/v1/feedbacks/${key}/followers`)).status).toBe(200);
    await http.runJobs();
    const before = mailbox.to("member@demo.test").length;
    const reply = { text: "@member this ships with 4.3, thanks for the patience.", visibility: "public" };
    expect((await http.request("POST", `/v1/feedbacks/${key}/comments`, { token: http.demo.tokens.admin, body: reply })).status).toBe(200);
    await http.runJobs();
    const told = mailbox.to("member@demo.test").slice(before);
    expect(told.map((m) => /^Subject: (.*)$/m.exec(m.headers)![1]!.split(":")[0])).toEqual([`Demo admin mentioned you on ${key}`]);
    expect(mailbox.to("ana@customer.example").at(-1)!.text).toContain("this ships with 4.3");
  });

  test("the reporter's tracking page signs a team reply as its e-mail does: the member's name, marked as the team's", async () => {
    const { key, statusUrl } = await followedFeedback("La facture PDF affiche le mauvais taux de TVA depuis janvier.");
    await member("POST", `/v1/feedbacks/${key}/comments`, { text: "Corrigé pour la prochaine facture.", visibility: "public" });
    await http.runJobs();
    const name = (await member("GET", `/v1/feedbacks/${key}`)).body.comments.at(-1).author as string;
    expect(name).toBe("Demo member");
    expect(mailbox.to("rita@customer.example").at(-1)!.text).toContain(`${name} a répondu à propos de`);
    const page = await (await http.fetch(statusUrl)).text();
    expect(page).toContain(`<li><p class="muted">${name} <span class="badge">Équipe</span> — <time`);
    expect(page).not.toContain("Demo app —");
  });

  test("a reply no member signed (an API key's) is signed by the portal's title, else by \"the team\", on the tracking page and in the e-mail alike", async () => {
    const { key, statusUrl } = await followedFeedback("Le lien de réinitialisation du mot de passe a déjà expiré à l'ouverture.");
    const made = await http.request("POST", "/v1/api-keys", {
      token: http.demo.tokens.admin,
      body: { name: "support-bot", scopes: ["feedbacks:write"] },
    });
    expect(made.status).toBe(201);
    const reply = async (text: string) => {
      await http.request("POST", `/v1/feedbacks/${key}/comments`, { token: made.body.key, body: { text, visibility: "public" } });
      await http.runJobs();
      const page = await (await http.fetch(statusUrl)).text();
      return { mail: mailbox.to("rita@customer.example").at(-1)!.text, page: page.slice(page.lastIndexOf('<li><p class="muted">')) };
    };
    const first = await reply("On regarde.");
    expect(first.mail).toContain("L’équipe a répondu à propos de");
    expect(first.page).toContain('<li><p class="muted">L’équipe <span class="badge">Équipe</span> — <time');
    await http.cli("portal", "set", "DEMO", "--title", "Demo support");
    const second = await reply("C'est réparé.");
    expect(second.mail).toContain("Demo support a répondu à propos de");
    expect(second.page).toContain('<li><p class="muted">Demo support <span class="badge">Équipe</span> — <time');
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
    // The link speaks the voter's language (English); the same link in French reads the same way.
    const page = async (language: string, method = "GET") =>
      (await http.handle(new Request(link.replace("&lang=en", `&lang=${language}`), { method }))).text();
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

describe("a public reply posted from the feedback page where the service sends e-mail", () => {
  test("the notice says the reply is e-mailed to the followers as well, in English and French", async () => {
    const { key } = await followedFeedback("The invoice PDF shows the wrong VAT rate since January.");
    const browser = await signedInAs(http, "member");
    const page = await (await browser.fetch(`/inbox/${key}`)).text();
    const form = /<form method="post" action="\/inbox\/[^"]+\/comment"[^>]*>[\s\S]*?<\/form>/.exec(page)![0];
    const sent = await browser.submit(form, { text: "Fixed in 4.2", visibility: "public" }, undefined, { origin: "http://localhost:3000" });
    expect(sent.headers.get("location")).toBe(`/inbox/${key}?portal=repliedMailed`);
    const said = async (language: string) =>
      await (await browser.fetch(sent.headers.get("location")!, { headers: { "accept-language": language } })).text();
    expect(await said("en")).toContain(
      '<p class="notice" role="status" tabindex="-1" autofocus>Reply sent: the reporters see it on their tracking page, and it is e-mailed to the followers.</p>',
    );
    expect(await said("fr")).toContain(
      '<p class="notice" role="status" tabindex="-1" autofocus>Réponse envoyée\u202f: les auteurs des signalements la voient sur leur page de suivi, et elle est envoyée par e-mail aux abonnés.</p>',
    );
  });
});
