import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type InProcess, inProcess, signedInAs } from "../../support/in-process.ts";
import { storeCalls } from "../../support/store-calls.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

/** The store calls of the inbox at `address`, opened by a member, whose page must show `shown`. */
async function opened(address: string, shown: string) {
  const browser = await signedInAs(http, "member");
  return storeCalls(http.services.store, async () => expect(await (await browser.fetch(address)).text()).toContain(shown));
}

test("the inbox filtered by a tag reads the organization's tags once, to spell the filter's tag and to offer the tags", async () => {
  const key = (
    await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message: "Refunds land twice" } })
  ).body.ticketId;
  expect((await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin, body: { tags: ["Refunds"] } })).status).toBe(200);
  const calls = await opened("/inbox?tag=refunds", `<a href="/inbox/${key}">${key}</a>`);
  expect(calls.of.listTags).toBe(1);
});

describe("the inbox reads the organization's apps once, for its filters and for the names its rows show", () => {
  test("with no app chosen", async () => {
    await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", message: "Let us sort invoices by amount" } });
    expect((await opened("/inbox", "Let us sort invoices by amount")).of.listApps).toBe(1);
  });

  test("with an app and a feature chosen, which it checks against each other first", async () => {
    const features = await http.request("GET", `/v1/apps/${http.demo.appId}/features`, { token: http.demo.tokens.admin });
    const feature = features.body.data[0].id;
    const calls = await opened(`/inbox?appId=${http.demo.appId}&featureId=${feature}`, `<option value="${feature}" selected>`);
    expect(calls.of.listApps).toBe(1);
  });
});
