import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { FormBrowser } from "../../support/browser.ts";
import { type InProcess, inProcess, signedInAs } from "../../support/in-process.ts";

let http: InProcess;
let member: FormBrowser;
let reader: FormBrowser;
const ORIGIN = "http://localhost:3000";
/** The red of the palette as a chip paints it: dark red text on a light red tint. */
const RED_CHIP = 'style="background:#fde2e1;color:#8f1d1d;border-color:#8f1d1d"';

beforeAll(async () => {
  http = await inProcess();
  member = await signedInAs(http, "member");
  reader = await signedInAs(http, "reader");
});
afterAll(() => http.close());

const page = async (browser: FormBrowser, path: string) => (await browser.fetch(path)).text();
const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)![1]!;
async function post(browser: FormBrowser, path: string, from: string, fields: Array<[string, string]>) {
  const body = new URLSearchParams([["csrf", csrfOf(await page(browser, from))], ...fields]);
  return browser.fetch(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN }, body });
}

/** A new feedback carrying these tags (the tags are created by the change). */
async function tagged(message: string, tags: string[]): Promise<string> {
  const key = (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message } })).body.ticketId;
  const set = await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin, body: { tags } });
  expect(set.status).toBe(200);
  return key;
}
const colorOf = async (name: string) =>
  ((await http.request("GET", "/v1/tags", { token: http.demo.tokens.reader })).body.data as Array<{ name: string; color?: string }>).find(
    (t) => t.name === name,
  )?.color;

describe("Settings → Tags: each tag's colour, from a small palette", () => {
  test("a Member chooses a tag's colour; the page says so, shows the chip in it, and GET /v1/tags returns it", async () => {
    await tagged("Refunds take a week", ["refunds"]);
    const form = await page(member, "/settings/tags");
    expect(form).toContain('<input type="hidden" name="name" value="refunds">');
    const saved = await post(member, "/settings/tags", "/settings/tags", [
      ["name", "refunds"],
      ["color", "red"],
    ]);
    expect([saved.status, saved.headers.get("location")]).toEqual([303, "/settings/tags?saved"]);
    const after = await page(member, "/settings/tags?saved");
    expect(after).toContain("Colour saved.");
    expect(after).toContain(`<span class="chip" ${RED_CHIP}>refunds</span>`);
    expect(after).toContain('<option value="red" selected>Red</option>');
    expect(await colorOf("refunds")).toBe("red");
  });

  test("No colour clears it: the tag is listed without a colour", async () => {
    await tagged("Coupons are ignored", ["coupons"]);
    await post(member, "/settings/tags", "/settings/tags", [
      ["name", "coupons"],
      ["color", "blue"],
    ]);
    expect(await colorOf("coupons")).toBe("blue");
    await post(member, "/settings/tags", "/settings/tags", [
      ["name", "coupons"],
      ["color", ""],
    ]);
    expect(await colorOf("coupons")).toBeUndefined();
  });

  test("a colour outside the palette is refused, 400, and a tag the organization does not have, 404", async () => {
    await tagged("Taxes are rounded twice", ["taxes"]);
    const outside = await post(member, "/settings/tags", "/settings/tags", [
      ["name", "taxes"],
      ["color", "#ff0000"],
    ]);
    expect(outside.status).toBe(400);
    expect(await colorOf("taxes")).toBeUndefined();
    const unknown = await post(member, "/settings/tags", "/settings/tags", [
      ["name", "no-such-tag"],
      ["color", "green"],
    ]);
    expect(unknown.status).toBe(404);
  });

  test("a Reader reads the tags and their colours, without a form, and a colour they post is refused, 403", async () => {
    await tagged("Receipts lack the VAT number", ["receipts"]);
    await post(member, "/settings/tags", "/settings/tags", [
      ["name", "receipts"],
      ["color", "green"],
    ]);
    const seen = await page(reader, "/settings/tags");
    expect(seen).toContain("Admins and Members choose the colours of the tags and rename them.");
    expect(seen).toContain(">receipts</span>");
    expect(seen).toContain("Green");
    expect(seen).not.toContain('name="color"');
    const refused = await post(reader, "/settings/tags", "/settings/tags", [
      ["name", "receipts"],
      ["color", "red"],
    ]);
    expect(refused.status).toBe(403);
    expect(await colorOf("receipts")).toBe("green");
  });
});

describe("tags show as chips in their colour", () => {
  test("in the inbox's list, under the feedback's title", async () => {
    const key = await tagged("Chargebacks are not shown", ["chargebacks"]);
    await post(member, "/settings/tags", "/settings/tags", [
      ["name", "chargebacks"],
      ["color", "red"],
    ]);
    const inbox = await page(member, "/inbox");
    const row = inbox.slice(inbox.indexOf(`>${key}</a>`), inbox.indexOf("</tr>", inbox.indexOf(`>${key}</a>`)));
    expect(row).toContain(`<a class="chip" href="/inbox?tag=chargebacks" title="Feedbacks tagged chargebacks" ${RED_CHIP}>chargebacks</a>`);
  });

  test("on the feedback's page, for a Member and for a Reader; a tag without a colour is a plain chip", async () => {
    const key = await tagged("Dunning e-mails go out twice", ["dunning", "emails"]);
    await post(member, "/settings/tags", "/settings/tags", [
      ["name", "dunning"],
      ["color", "red"],
    ]);
    for (const browser of [member, reader]) {
      const seen = await page(browser, `/inbox/${key}`);
      expect(seen).toContain(`<a class="chip" href="/inbox?tag=dunning" title="Feedbacks tagged dunning" ${RED_CHIP}>dunning</a>`);
      expect(seen).toContain('<a class="chip" href="/inbox?tag=emails" title="Feedbacks tagged emails">emails</a>');
    }
  });
});
