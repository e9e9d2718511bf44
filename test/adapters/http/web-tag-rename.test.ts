import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { FormBrowser } from "../../support/browser.ts";
import { type InProcess, inProcess, signedInAs } from "../../support/in-process.ts";

let http: InProcess;
let member: FormBrowser;
let reader: FormBrowser;
const ORIGIN = "http://localhost:3000";

beforeAll(async () => {
  http = await inProcess();
  member = await signedInAs(http, "member");
  reader = await signedInAs(http, "reader");
});
afterAll(() => http.close());

const page = async (browser: FormBrowser, path: string) => (await browser.fetch(path)).text();
const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)![1]!;
/** Renames a tag from Settings → Tags, as its row's form sends it. */
async function rename(browser: FormBrowser, from: string, to: string, headers: Record<string, string> = {}) {
  const body = new URLSearchParams([
    ["csrf", csrfOf(await page(browser, "/settings/tags"))],
    ["from", from],
    ["to", to],
  ]);
  return browser.fetch("/settings/tags/rename", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, ...headers },
    body,
  });
}

/** A new feedback carrying these tags (the tags are created by the change). */
async function tagged(message: string, tags: string[]): Promise<string> {
  const key = (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message } })).body.ticketId;
  const set = await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin, body: { tags } });
  expect(set.status).toBe(200);
  return key;
}
const tagsOf = async (key: string) => (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body.tags;
const tagNames = async () =>
  ((await http.request("GET", "/v1/tags", { token: http.demo.tokens.reader })).body.data as Array<{ name: string }>).map((t) => t.name);

describe("Settings → Tags: renaming a tag for the whole organization", () => {
  test("a Member renames a tag: every feedback carrying it carries the new name, the inbox finds them by it, and the page says how many changed", async () => {
    const [a, b] = [await tagged("Refund takes a week", ["refunds", "slow"]), await tagged("Refund e-mail is blank", ["refunds"])];
    const form = await page(member, "/settings/tags");
    expect(form).toContain('<label class="visually-hidden" for="tag-name-');
    expect(form).toContain('<input type="hidden" name="from" value="refunds">');
    const renamed = await rename(member, "refunds", "reimbursements");
    expect([renamed.status, renamed.headers.get("location")]).toEqual([303, "/settings/tags"]);
    expect(await page(member, "/settings/tags")).toContain(
      '<p class="notice" role="status" tabindex="-1" autofocus>“refunds” is now “reimbursements”, on 2 feedbacks.</p>',
    );
    expect([await tagsOf(a), await tagsOf(b)]).toEqual([["reimbursements", "slow"], ["reimbursements"]]);
    expect(await tagNames()).toContain("reimbursements");
    expect(await tagNames()).not.toContain("refunds");
    const inbox = await page(member, "/inbox?tag=reimbursements");
    expect([inbox.includes(`>${a}</a>`), inbox.includes(`>${b}</a>`)]).toEqual([true, true]);
  });

  test("renamed to a tag the organization has, in any case, the two are merged into it: a feedback that carried both keeps one", async () => {
    const both = await tagged("Invoice PDF has two totals", ["invoice", "pdf", "Invoices"]);
    const one = await tagged("Invoice date is in the future", ["invoice"]);
    await rename(member, "invoice", "invoices");
    expect(await page(member, "/settings/tags")).toContain("“invoice” is merged into “Invoices”, on 2 feedbacks.");
    expect([await tagsOf(both), await tagsOf(one)]).toEqual([["Invoices", "pdf"], ["Invoices"]]);
    expect(await tagNames()).not.toContain("invoice");
  });

  for (const [what, typed] of [
    ["a comma", "late, lost"],
    ["more than 40 characters", "x".repeat(41)],
  ] as const) {
    test(`a new name with ${what} is refused under its field, 400, with what was typed kept; nothing is renamed`, async () => {
      const key = await tagged(`Parcel is late (${what})`, ["parcels"]);
      const refused = await rename(member, "parcels", typed);
      expect(refused.status).toBe(400);
      const shown = await refused.text();
      const field = shown.slice(shown.indexOf('<input type="hidden" name="from" value="parcels">'));
      expect(field).toMatch(
        new RegExp(
          `^<input type="hidden" name="from" value="parcels">\\s*<div class="search-row"><label class="visually-hidden" for="(tag-name-\\d+)">New name — parcels</label><input id="\\1" name="to" required value="${typed}" aria-invalid="true" aria-describedby="\\1-error" autofocus> <button type="submit" class="secondary">Rename<span class="visually-hidden"> tag “parcels”</span></button></div><p class="error" role="alert" id="\\1-error">New name: expected a non-empty text of at most 40 characters without a comma.</p>`,
        ),
      );
      expect(await tagsOf(key)).toEqual(["parcels"]);
      expect(await tagNames()).toContain("parcels");
    });
  }

  test("a new name holding a text-direction character (U+202E) comes back without it, still refused under its field; nothing is renamed", async () => {
    const key = await tagged("Parcel names read backwards", ["cartons"]);
    const refused = await rename(member, "cartons", "boxes\u202Esexob");
    expect(refused.status).toBe(400);
    const shown = await refused.text();
    expect(shown).toMatch(/name="to" required value="boxessexob" aria-invalid="true"/);
    expect(shown).toContain(
      "New name: text-direction and other control characters (such as U+202E), which would make it read as something else, were removed",
    );
    expect(await tagsOf(key)).toEqual(["cartons"]);
  });

  test("in French, the refusal says it in French", async () => {
    await tagged("Le colis est perdu", ["colis"]);
    const refused = await rename(member, "colis", "a,b", { "accept-language": "fr" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Nouveau nom\u202f: doit être un texte non vide d’au plus 40 caractères sans virgule.");
  });

  test("a tag renamed meanwhile by someone else is said gone, 404, above the list as it is now", async () => {
    const gone = await rename(member, "no-such-tag", "anything");
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain(
      '<p class="error" role="alert" tabindex="-1" autofocus>This tag no longer exists: someone renamed it meanwhile.',
    );
  });

  test("a Reader reads the tags without a rename form, and a rename they post is refused, 403, the tag left as it was", async () => {
    const key = await tagged("Gift cards are refused", ["gift-cards"]);
    const seen = await page(reader, "/settings/tags");
    expect(seen).toContain(">gift-cards</span>");
    expect(seen).not.toContain('action="/settings/tags/rename"');
    expect(seen).toContain("Admins and Members choose the colours of the tags and rename them.");
    const refused = await rename(reader, "gift-cards", "vouchers");
    expect(refused.status).toBe(403);
    expect(await tagsOf(key)).toEqual(["gift-cards"]);
  });
});
