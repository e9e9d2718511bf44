import { afterAll, beforeAll, expect, test } from "bun:test";
import type { FormBrowser } from "../../support/browser.ts";
import { type InProcess, inProcess, signedInAs } from "../../support/in-process.ts";

// What an action did is read first (focused on arrival, as GOV.UK's notification banner), and a
// refused field keeps the focus, its error named as its description. The browser side: test/e2e/web-triage.test.ts.
let http: InProcess;
let member: FormBrowser;

beforeAll(async () => {
  http = await inProcess();
  member = await signedInAs(http, "member");
  const key = (
    await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message: "Parcels arrive late" } })
  ).body.ticketId;
  await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin, body: { tags: ["parcels"] } });
});
afterAll(() => http.close());

/** Renames a tag from Settings → Tags, as its row's form sends it. */
async function rename(from: string, to: string) {
  const csrf = /name="csrf" value="([^"]+)"/.exec(await (await member.fetch("/settings/tags")).text())![1]!;
  return member.fetch("/settings/tags/rename", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
    body: new URLSearchParams({ csrf, from, to }),
  });
}

test("back from an action, its notice is a status that takes the focus on arrival, first under the page's heading", async () => {
  expect((await rename("parcels", "deliveries")).status).toBe(303);
  const page = await (await member.fetch("/settings/tags")).text();
  expect(page).toContain('<h1>Tags</h1><p class="notice" role="status" tabindex="-1" autofocus>');
});

test("a refused field is described by its error, which the page holds once, and is the only thing focused on arrival", async () => {
  const page = await (await rename("deliveries", "late, lost")).text();
  const described = /<input [^>]*aria-invalid="true" aria-describedby="([^"]+)"[^>]*>/.exec(page)?.[1];
  expect(described).toBe("tag-name-0-error");
  expect(page.split(`id="${described}"`).length).toBe(2);
  expect(page.match(/ autofocus[ >]/g)?.length).toBe(1);
});
