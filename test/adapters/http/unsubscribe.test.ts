import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { unsubscribeUrl } from "../../../core/notify/unsubscribe-link.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const admin = (method: string, path: string, body?: unknown) =>
  http.request(method, path, { token: http.demo.tokens.admin, ...(body !== undefined && { body }) });

/** A customer's report, which they follow: its feedback's key and id. */
async function reported(message: string, email: string) {
  const sent = await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message, user: { email } } });
  const key = sent.body.ticketId as string;
  return { key, id: (await admin("GET", `/v1/feedbacks/${key}`)).body.id as string };
}

/** The unsubscribe link an e-mail about these feedbacks carries for `email`. */
const linkFor = async (feedbackIds: readonly string[], email: string) =>
  unsubscribeUrl(http.services.baseUrl, await http.services.store.serviceSecret(), feedbackIds.join(","), email);

const open = async (link: string, language: string, method = "GET") =>
  (await http.handle(new Request(link, { method, headers: { "accept-language": language } }))).text();

describe("the unsubscribe page says what it stops", () => {
  test("it names the feedback by its key, and by its public title once published, in English and in French; never by its title", async () => {
    const ana = await reported("Order 4471 for Acme Corp: the coupons page stays blank", "ana@customer.example");
    const link = await linkFor([ana.id], "ana@customer.example");
    expect(await open(link, "en")).toContain(
      `Stop sending news to <strong>ana@customer.example</strong> about:</p><ul><li><strong>${ana.key}</strong></li></ul>`,
    );
    expect((await admin("POST", `/v1/feedbacks/${ana.key}/publish`, { title: "Coupons page is blank" })).status).toBe(200);
    expect(await open(link, "fr")).toContain(
      `Ne plus envoyer de nouvelles à <strong>ana@customer.example</strong> sur\u202f:</p><ul><li><strong>${ana.key}</strong> — Coupons page is blank</li></ul>`,
    );
    for (const page of [await open(link, "en"), await open(link, "en", "POST")]) expect(page).not.toContain("4471");
  });

  test("a changelog e-mail's link names each feedback it stops", async () => {
    const [one, two] = [
      await reported("Gift cards expire too soon", "lea@customer.example"),
      await reported("Wish lists cannot be shared", "lea@customer.example"),
    ];
    const done = await open(await linkFor([one.id, two.id], "lea@customer.example"), "en", "POST");
    expect(done).toContain(
      `Done: you will receive no more news about:</p><ul><li><strong>${one.key}</strong></li><li><strong>${two.key}</strong></li></ul>`,
    );
  });

  test("the link of a feedback merged since names and stops the one it joined, whose news its follower gets now", async () => {
    const ana = await reported("The loyalty points page stays blank", "ana@customer.example");
    const bob = await reported("Loyalty points page is blank since Monday", "bob@customer.example");
    const link = await linkFor([bob.id], "bob@customer.example");
    expect((await admin("POST", `/v1/feedbacks/${bob.key}/merge`, { into: ana.key })).status).toBe(200);
    const followers = async () => (await admin("GET", `/v1/feedbacks/${ana.key}`)).body.followers as number;
    expect(await followers()).toBe(2);
    expect(await open(link, "en")).toContain(`<ul><li><strong>${ana.key}</strong></li></ul>`);
    expect(await open(link, "en", "POST")).toContain(`<ul><li><strong>${ana.key}</strong></li></ul>`);
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
      expect(await open(link, "en", "POST")).toContain(`<ul><li><strong>${lea.key}</strong></li></ul>`);
    } finally {
      Object.assign(store, { serviceSecret, findFeedbackById });
    }
    expect(reads).toEqual({ secret: 1, feedbacks: 1 });
  });
});
