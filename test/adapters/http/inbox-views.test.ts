import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ago } from "../../../adapters/http/web/relative-time.ts";
import { distinctText } from "../../support/distinct.ts";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const as = (role: "admin" | "member", headers: Record<string, string> = {}) => signedInAs(http, role, "/inbox", headers);
/** The inbox's side bar of saved views. */
const sideBar = (page: string) => /<section class="views-row" aria-labelledby="views-title">[\s\S]*?<\/section>/.exec(page)?.[0] ?? "";
/** The side bar's form that saves the list on screen, as a browser submits it (its own hidden fields). */
const saveForm = (page: string) => /<form method="post" action="\/inbox\/views">[\s\S]*?<\/form>/.exec(page)![0];

describe("saved views", () => {
  test("a person saves the list on screen under a name; it is in their side bar, marked while shown, and opens the same list", async () => {
    const b = await as("admin");
    const list = await (await b.fetch("/inbox?status=closed&kind=idea&cursor=abc")).text();
    expect(sideBar(list)).toContain("No saved view yet");
    const saved = await b.submit(saveForm(list), { name: "Closed ideas" });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/inbox?status=closed&kind=idea");
    const shown = sideBar(await (await b.fetch("/inbox?status=closed&kind=idea")).text());
    expect(shown).toContain('<a href="/inbox?status=closed&amp;kind=idea" aria-current="page">Closed ideas</a>');
    const elsewhere = sideBar(await (await b.fetch("/inbox")).text());
    expect(elsewhere).toContain('<a href="/inbox?status=closed&amp;kind=idea">Closed ideas</a>');
  });

  test("views are each person's own", async () => {
    const admin = await as("admin");
    expect((await admin.submit(saveForm(await (await admin.fetch("/inbox?severity=P0")).text()), { name: "Fires" })).status).toBe(303);
    expect(sideBar(await (await admin.fetch("/inbox")).text())).toContain("Fires");
    const member = await as("member");
    expect(sideBar(await (await member.fetch("/inbox")).text())).not.toContain("Fires");
  });

  test("a view without a name is refused and nothing is saved: the list it was to save says why once, beside the name typed, and a reload posts nothing", async () => {
    const b = await as("member");
    const refused = await b.submit(saveForm(await (await b.fetch("/inbox?kind=praise")).text()), { name: "   " });
    expect([refused.status, refused.headers.get("location")]).toEqual([303, "/inbox?kind=praise"]);
    const shown = sideBar(await (await b.fetch(refused.headers.get("location")!)).text());
    expect(shown).toContain('<p class="error" role="alert" id="view-refused">Write a name in “Name of this view” to save it.</p>');
    expect(shown).toMatch(/<details open>/);
    expect(shown).toContain('aria-invalid="true" aria-describedby="view-refused"');
    const again = sideBar(await (await b.fetch("/inbox?kind=praise")).text());
    expect(again).not.toContain('role="alert"');
    expect(again).toContain("No saved view yet");
  });

  test("in French, a view without a name says which field needs one", async () => {
    const b = await as("member", { "accept-language": "fr" });
    const refused = await b.submit(saveForm(await (await b.fetch("/inbox?kind=idea")).text()), { name: "" });
    expect(sideBar(await (await b.fetch(refused.headers.get("location")!)).text())).toContain(
      "Écrivez un nom dans «\u202fNom de cette vue\u202f» pour l’enregistrer.",
    );
  });

  test("a refused view keeps the name typed, for the person to correct", async () => {
    const b = await as("member");
    const long = "Quarterly review of every praise that came through the widget, the form and the portal, sorted";
    const refused = await b.submit(saveForm(await (await b.fetch("/inbox?kind=praise")).text()), { name: long });
    expect(sideBar(await (await b.fetch(refused.headers.get("location")!)).text())).toContain(`value="${long}"`);
  });

  test("a view saved says so once, on the list it opens, as a notice that takes the focus", async () => {
    const b = await as("admin");
    const saved = await b.submit(saveForm(await (await b.fetch("/inbox?kind=idea")).text()), { name: "Ideas to read" });
    const page = await (await b.fetch(saved.headers.get("location")!)).text();
    expect(page).toContain('<p class="notice" role="status" tabindex="-1" autofocus>View “Ideas to read” saved.</p>');
    expect(await (await b.fetch("/inbox?kind=idea")).text()).not.toContain("saved.</p>");
  });

  test("in French, a view saved says so with the French quotation marks", async () => {
    const b = await as("admin", { "accept-language": "fr" });
    const saved = await b.submit(saveForm(await (await b.fetch("/inbox?kind=praise")).text()), { name: "Éloges" });
    expect(await (await b.fetch(saved.headers.get("location")!)).text()).toContain("Vue «\u202fÉloges\u202f» enregistrée.");
  });

  test("a view deleted says so on the inbox it leads back to", async () => {
    const b = await as("admin");
    await b.submit(saveForm(await (await b.fetch("/inbox?kind=problem")).text()), { name: "Problems" });
    const inbox = await (await b.fetch("/inbox")).text();
    const action = /action="(\/inbox\/views\/[^"]+\/delete)"(?:(?!<\/li>)[\s\S])*view “Problems”/.exec(sideBar(inbox))![1]!;
    const deleted = await b.submit(inbox, { confirm: "yes" }, action);
    expect(await (await b.fetch(deleted.headers.get("location")!)).text()).toContain('role="status" tabindex="-1" autofocus>View deleted.</p>');
  });

  test("a view is deleted from the side bar, once confirmed", async () => {
    const b = await as("member");
    await b.submit(saveForm(await (await b.fetch("/inbox?status=all")).text()), { name: "Everything" });
    const page = sideBar(await (await b.fetch("/inbox")).text());
    const action = /action="(\/inbox\/views\/[^"]+\/delete)"/.exec(page)![1]!;
    const inbox = await (await b.fetch("/inbox")).text();
    const asked = await b.submit(inbox, {}, action);
    expect(await asked.text()).toContain("Delete this saved view?");
    expect((await b.submit(inbox, { confirm: "yes" }, action)).status).toBe(303);
    expect(sideBar(await (await b.fetch("/inbox")).text())).not.toContain("Everything");
  });
});

describe("relative times", () => {
  test("the inbox says how long ago the last report came, with the exact time in the time element", async () => {
    const sent = await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message: distinctText(7) } });
    const key = sent.body.ticketId as string;
    const b = await as("admin");
    const row = (page: string) => new RegExp(`<tr[^>]*>(?:(?!<tr[ >])[\\s\\S])*?<a href="/inbox/${key}">[\\s\\S]*?</tr>`).exec(page)![0];
    const now = await (await b.fetch("/inbox")).text();
    expect(row(now)).toMatch(
      /<time datetime="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z" title="\d+\u00a0\w+\u00a0\d{4}, \d\d:\d\d\u00a0UTC">just now<\/time>/,
    );
    http.advanceClock(2 * 60_000 + 1_000);
    expect(row(await (await b.fetch("/inbox")).text())).toContain(">2 minutes ago</time>");
    const french = await as("admin", { "accept-language": "fr" });
    expect(row(await (await french.fetch("/inbox")).text())).toMatch(/>il y a 2\smin<\/time>/);
    expect(await (await b.fetch(`/inbox/${key}`)).text()).toContain(">2 minutes ago</time>");
  });

  test("minutes, then hours, then days, then past a week the date itself", () => {
    const at = Date.UTC(2026, 10, 20, 9, 30);
    const later = (ms: number) => ago("en", at, at + ms);
    expect(later(30_000)).toBe("just now");
    expect(later(59 * 60_000)).toBe("59 minutes ago");
    expect(later(3 * 60 * 60_000)).toBe("3 hours ago");
    expect(later(30 * 60 * 60_000)).toBe("yesterday");
    expect(later(3 * 24 * 60 * 60_000)).toBe("3 days ago");
    // Day and time each held together by no-break spaces: a narrow cell breaks after the comma only.
    expect(later(8 * 24 * 60 * 60_000)).toBe("20\u00a0Nov\u00a02026, 09:30\u00a0UTC");
    expect(ago("fr", at, at + 3 * 60 * 60_000)).toMatch(/^il y a 3\sh$/);
    expect(ago("fr", at, at + 10_000)).toBe("à l’instant");
    // Each language keeps its own formatters, made once.
    expect(ago("fr", at, at + 8 * 24 * 60 * 60_000)).toBe("20\u00a0nov.\u00a02026, 09:30\u00a0UTC");
    expect([later(59 * 60_000), later(8 * 24 * 60 * 60_000)]).toEqual(["59 minutes ago", "20\u00a0Nov\u00a02026, 09:30\u00a0UTC"]);
  });
});
