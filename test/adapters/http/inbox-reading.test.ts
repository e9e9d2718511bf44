import { afterAll, beforeAll, expect, test } from "bun:test";
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
