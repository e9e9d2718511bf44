import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { operatorGrant } from "../../../core/authorization.ts";
import { updateFeedback } from "../../../core/triage/update-feedback.ts";
import { type InProcess, inProcess, signedInAs } from "../../support/in-process.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const report = async (message: string): Promise<string> =>
  (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message } })).body.ticketId;
/** A new feedback of the demo's feature (checkout). */
async function ofFeature(message: string): Promise<string> {
  const key = await report(message);
  expect((await updateFeedback(http.services, operatorGrant(http.demo.orgId), key, { featureId: http.demo.featureId })).ok).toBe(true);
  return key;
}
const inbox = async (role: "member" | "reader" = "member") => (await (await signedInAs(http, role)).fetch("/inbox")).text();
/** What a row says under its title about where the feedback belongs. */
const whereOf = (html: string, key: string) =>
  /<span class="muted where">(.*?)<\/span>/.exec(html.split(/<tr[ >]/).find((r) => r.includes(`href="/inbox/${key}"`)) ?? "")?.[1];

describe("the inbox's list", () => {
  test("with one app, a row names its feature's path alone, and no app", async () => {
    const key = await ofFeature("List: the checkout total forgets the coupon");
    expect(whereOf(await inbox(), key)).toBe("checkout");
  });

  test("with several apps, a row names its app under its title, before its feature's path; the table has no column of apps", async () => {
    const featured = await ofFeature("List: paying by card fails twice");
    const plain = await report("List: the receipts print blank");
    await http.cli("app", "create", "DEMO", "Application mobile Android");
    const page = await inbox();
    expect([whereOf(page, featured), whereOf(page, plain)]).toEqual(["Demo app › checkout", "Demo app"]);
    const heads = [...page.matchAll(/<th scope="col"[^>]*>(.*?)<\/th>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ""));
    expect(heads.slice(1)).toEqual(["Title", "Kind", "Severity", "Status", "Reports", "Followers", "Votes", "Last report"]);
  });

  test("the list's table is named for screen readers by a caption, hidden from the eye under the page's heading, in English and French", async () => {
    await report("List: the caption names the table");
    const french = await (await signedInAs(http, "member", "/inbox", { "accept-language": "fr" })).fetch("/inbox");
    const caption = (page: string) => /<table class="cards feedbacks">(<caption[^>]*>.*?<\/caption>)<thead>/.exec(page)?.[1];
    expect([caption(await inbox()), caption(await french.text())]).toEqual([
      '<caption class="visually-hidden">Feedbacks in the inbox</caption>',
      '<caption class="visually-hidden">Retours de la boîte de réception</caption>',
    ]);
  });

  test("the key column's head holds a select all, hidden until the page's script shows it, for those who may change feedbacks; a Reader's holds the word alone", async () => {
    await report("List: the search box loses its focus");
    const head = (html: string) => /<th scope="col" class="key">(.*?)<\/th>/.exec(html)?.[1];
    expect(head(await inbox("member"))).toBe(
      '<label class="select-all" hidden><input type="checkbox" data-select-all aria-label="Select all on this page"><span class="on-cards">Select all on this page</span></label><span class="key-head">Key</span>',
    );
    expect(head(await inbox("reader"))).toBe("Key");
  });
});
