import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type InProcess, inProcess, signedInAs } from "../../support/in-process.ts";
import { rowKeys } from "../../support/inbox-page.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

/** A new feedback carrying these tags. */
async function tagged(message: string, tags: string[]): Promise<string> {
  const key = (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message } })).body.ticketId;
  expect((await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin, body: { tags } })).status).toBe(200);
  return key;
}
const page = async (address: string, role: "member" | "reader" = "member") => (await (await signedInAs(http, role)).fetch(address)).text();
/** Where each tag chip of a feedback's row leads, by tag. */
function chipLinks(html: string, key: string): Record<string, string> {
  const start = html.indexOf(`<a href="/inbox/${key}">${key}</a>`);
  const row = html.slice(start, html.indexOf("</tr>", start));
  return Object.fromEntries(
    [...row.matchAll(/<a class="chip" href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(([, href, tag]) => [tag, href!.replaceAll("&amp;", "&")]),
  );
}
/** The keys of the page's rows. */

describe("tag chips lead to the inbox filtered by their tag", () => {
  test("a row's chip narrows the list on screen to its tag: its other filters and order kept, another tag replaced, from the first page", async () => {
    for (const title of ["invoices show the wrong currency", "invoices round the wrong way"])
      await tagged(`Tag links: ${title}`, ["invoices", "currency"]);
    const others = "status=all&kind=problem&sort=reports";
    // The second page of the list, one feedback a page: the address its own next link would give.
    const cursor = (await http.request("GET", `/v1/feedbacks?${others}&tag=invoices&limit=1`, { token: http.demo.tokens.admin })).body.nextCursor;
    const html = await page(`/inbox?${others}&tag=invoices&cursor=${encodeURIComponent(cursor)}`);
    const [key] = rowKeys(html);
    expect(chipLinks(html, key!)).toEqual({
      invoices: `/inbox?${others}&tag=invoices`,
      currency: `/inbox?${others}&tag=currency`,
    });
  });

  test("the list a chip leads to holds its feedback, and only feedbacks with that tag", async () => {
    const key = await tagged("Tag links: the refund e-mail is empty", ["refund-mail"]);
    const untagged = await tagged("Tag links: the receipt e-mail is empty", ["receipts"]);
    const listed = rowKeys(await page(chipLinks(await page("/inbox"), key)["refund-mail"]!));
    expect(listed).toContain(key);
    expect(listed).not.toContain(untagged);
  });

  test("on a feedback's page, for a Member and for a Reader, a chip leads to the inbox's feedbacks with that tag alone, whatever list the page was opened from", async () => {
    const key = await tagged("Tag links: the dunning e-mail goes out twice", ["dunning mail"]);
    for (const role of ["member", "reader"] as const) {
      const browser = await signedInAs(http, role);
      await browser.fetch("/inbox?status=all&severity=P1");
      const seen = await (await browser.fetch(`/inbox/${key}`)).text();
      expect([...seen.matchAll(/<a class="chip" href="([^"]+)"/g)].map((m) => m[1])).toEqual(["/inbox?tag=dunning+mail"]);
    }
  });
});
