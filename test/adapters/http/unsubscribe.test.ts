import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { unsubscribeUrl } from "../../../core/notify/unsubscribe-link.ts";
import { FormBrowser } from "../../support/browser.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const admin = (method: string, path: string, body?: unknown) =>
  http.request(method, path, { token: http.demo.tokens.admin, ...(body !== undefined && { body }) });

/** A customer's report, which they follow: its feedback's key and id, and the report's tracking page. */
async function reported(message: string, email: string) {
  const sent = await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message, user: { email } } });
  const key = sent.body.ticketId as string;
  return { key, id: (await admin("GET", `/v1/feedbacks/${key}`)).body.id as string, statusUrl: sent.body.statusUrl as string };
}

/** The way back to a reporter's tracking page (and to the feedback's page on the portal), as a line of the page ends with it. */
const back = (statusUrl: string, words = "See your report", portal = "") =>
  `<span class="links-back"><a href="${statusUrl.replace(/&/g, "&amp;")}">${words}</a>${portal}</span>`;

/** The unsubscribe link an e-mail about these feedbacks carries for `email`, in `language`. */
const sentLink = async (feedbackIds: readonly string[], email: string, language: "en" | "fr") =>
  unsubscribeUrl(http.services.baseUrl, await http.services.store.serviceSecret(), feedbackIds.join(","), email, language);

/** That link as e-mails carried it before they named their language: its page speaks the browser's. */
const linkFor = async (feedbackIds: readonly string[], email: string) => {
  const url = new URL(await sentLink(feedbackIds, email, "en"));
  url.searchParams.delete("lang");
  return String(url);
};

const open = async (link: string, language: string, method = "GET") =>
  (await http.handle(new Request(link, { method, headers: { "accept-language": language } }))).text();

describe("the unsubscribe page says what it stops", () => {
  test("it names the feedback by its key, and by its public title once published, in English and in French; never by its title", async () => {
    const ana = await reported("Order 4471 for Acme Corp: the coupons page stays blank", "ana@customer.example");
    const link = await linkFor([ana.id], "ana@customer.example");
    expect(await open(link, "en")).toContain(
      `Stop sending news to <strong>ana@customer.example</strong> about:</p><ul><li><strong>${ana.key}</strong>${back(ana.statusUrl)}</li></ul>`,
    );
    expect((await admin("POST", `/v1/feedbacks/${ana.key}/publish`, { title: "Coupons page is blank" })).status).toBe(200);
    expect(await open(link, "fr")).toContain(
      `Ne plus envoyer de nouvelles à <strong>ana@customer.example</strong> sur\u202f:</p><ul><li><strong>${ana.key}</strong> — Coupons page is blank${back(ana.statusUrl, "Voir votre signalement")}</li></ul>`,
    );
    for (const page of [await open(link, "en"), await open(link, "en", "POST")]) expect(page).not.toContain("4471");
  });

  test("a link sent in French opens in French whatever the browser prefers, and so does the page its button leads to", async () => {
    const bea = await reported("Export de la facture en PDF : page blanche", "bea@exemple.fr");
    const link = await sentLink([bea.id], "bea@exemple.fr", "fr");
    const asking = await open(link, "en");
    expect(asking).toContain("Ne plus envoyer de nouvelles à <strong>bea@exemple.fr</strong>");
    const action = /<form method="post" action="([^"]+)"/.exec(asking)![1]!.replace(/&amp;/g, "&");
    expect(await open(`${http.services.baseUrl}${action}`, "en", "POST")).toContain('<html lang="fr"');
  });

  test("a changelog e-mail's link names each feedback it stops", async () => {
    const [one, two] = [
      await reported("Gift cards expire too soon", "lea@customer.example"),
      await reported("Wish lists cannot be shared", "lea@customer.example"),
    ];
    const done = await open(await linkFor([one.id, two.id], "lea@customer.example"), "en", "POST");
    expect(done).toContain(
      `Done: you will receive no more news about:</p><ul><li><strong>${one.key}</strong>${back(one.statusUrl)}</li><li><strong>${two.key}</strong>${back(two.statusUrl)}</li></ul>`,
    );
  });

  test("the link of a feedback merged since names and stops the one it joined, whose news its follower gets now", async () => {
    const ana = await reported("The loyalty points page stays blank", "ana@customer.example");
    const bob = await reported("Loyalty points page is blank since Monday", "bob@customer.example");
    const link = await linkFor([bob.id], "bob@customer.example");
    expect((await admin("POST", `/v1/feedbacks/${bob.key}/merge`, { into: ana.key })).status).toBe(200);
    const followers = async () => (await admin("GET", `/v1/feedbacks/${ana.key}`)).body.followers as number;
    expect(await followers()).toBe(2);
    // Bob's way back is his own tracking page, whose report the merge moved into Ana's feedback.
    expect(await open(link, "en")).toContain(`<ul><li><strong>${ana.key}</strong>${back(bob.statusUrl)}</li></ul>`);
    expect(await open(link, "en", "POST")).toContain(`<ul><li><strong>${ana.key}</strong>${back(bob.statusUrl)}</li></ul>`);
    expect(await followers()).toBe(1);
  });

  test("unsubscribing checks the link and reads its feedbacks once, for stopping them and for naming them", async () => {
    const lea = await reported("Gift wrapping is not offered at checkout", "lea@customer.example");
    const link = await linkFor([lea.id], "lea@customer.example");
    const { store } = http.services;
    const { serviceSecret, findFeedbackById } = store;
    const reads = { secret: 0, feedbacks: 0 };
    Object.assign(store, {
      serviceSecret: () => {
        reads.secret++;
        return serviceSecret.call(store);
      },
      findFeedbackById: (id: string) => {
        reads.feedbacks++;
        return findFeedbackById.call(store, id);
      },
    });
    try {
      expect(await open(link, "en", "POST")).toContain(`<ul><li><strong>${lea.key}</strong>${back(lea.statusUrl)}</li></ul>`);
    } finally {
      Object.assign(store, { serviceSecret, findFeedbackById });
    }
    expect(reads).toEqual({ secret: 1, feedbacks: 1 });
  });
});

describe("the unsubscribe page leads back, and can be undone", () => {
  /** Rita's report in French, with her name: she follows it in French, with her tracking link. */
  const ritas = (message: string) =>
    http.request("POST", "/v1/reports", {
      body: { publicKey: http.demo.publicKey, kind: "problem", message, user: { email: "rita@customer.example", name: "Rita" } },
    });
  const ritaFollows = async (id: string) => (await http.services.store.listFollowers(id)).filter((f) => f.email === "rita@customer.example");

  test("it links to the feedback's page on the portal while the portal is on and the feedback published there", async () => {
    const ana = await reported("The wish list forgets its items after a week", "ana@customer.example");
    const link = await linkFor([ana.id], "ana@customer.example");
    const onPortal = `<a href="http://localhost:3000/p/demo/${ana.key}">See it on the portal</a>`;
    await http.cli("portal", "enable", "DEMO");
    try {
      expect(await open(link, "en")).not.toContain("See it on the portal");
      expect((await admin("POST", `/v1/feedbacks/${ana.key}/publish`, { title: "Wish lists forget items" })).status).toBe(200);
      expect(await open(link, "en")).toContain(
        `<li><strong>${ana.key}</strong> — Wish lists forget items${back(ana.statusUrl, "See your report", onPortal)}</li>`,
      );
      expect(await open(link, "en", "POST")).toContain(`${back(ana.statusUrl, "See your report", onPortal)}</li>`);
    } finally {
      await http.cli("portal", "disable", "DEMO");
    }
    expect(await open(link, "en")).not.toContain("See it on the portal");
  });

  test("once unsubscribed, the page offers to subscribe again, which brings back exactly what was stopped: each feedback's, in the follower's language, with their name and tracking link", async () => {
    const [one, two] = [await ritas("L'export PDF coupe la dernière page"), await ritas("La recherche ignore les accents des noms")];
    const ids = await Promise.all([one, two].map(async (r) => (await admin("GET", `/v1/feedbacks/${r.body.ticketId}`)).body.id as string));
    const before = await Promise.all(ids.map(ritaFollows));
    expect(before.flat().map((f) => [f.language, f.name, Boolean(f.trackingSealed)])).toEqual([
      ["fr", "Rita", true],
      ["fr", "Rita", true],
    ]);
    const browser = new FormBrowser(http.url, {}, http.handle);
    const done = await (await browser.submit(await (await browser.fetch(await linkFor(ids, "rita@customer.example"))).text(), {})).text();
    expect(done).toContain('<form method="post" action="/unsubscribe/undo?f=');
    expect(done).toContain('<p>Changed your mind?</p><button type="submit" class="secondary">Subscribe again</button></form>');
    expect((await Promise.all(ids.map(ritaFollows))).flat()).toEqual([]);
    const again = await browser.submit(done, {}, undefined, { origin: http.url });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain(
      `Done: you will receive news again about:</p><ul><li><strong>${one.body.ticketId}</strong>${back(one.body.statusUrl)}</li><li><strong>${two.body.ticketId}</strong>${back(two.body.statusUrl)}</li></ul>`,
    );
    expect(await Promise.all(ids.map(ritaFollows))).toEqual(before);
  });

  test("an undo from another site (403), or with another follower's link (404), brings back nothing", async () => {
    const lea = await reported("The gift card balance shows zero", "lea@customer.example");
    const browser = new FormBrowser(http.url, {}, http.handle);
    const done = await (await browser.submit(await (await browser.fetch(await linkFor([lea.id], "lea@customer.example"))).text(), {})).text();
    expect((await browser.submit(done, {}, undefined, { origin: "https://elsewhere.example" })).status).toBe(403);
    const bobs = new URL(await linkFor([lea.id], "bob@customer.example"));
    expect((await browser.submit(done, {}, `/unsubscribe/undo${bobs.search}`, { origin: http.url })).status).toBe(404);
    expect(await http.services.store.listFollowers(lea.id)).toEqual([]);
  });
});
