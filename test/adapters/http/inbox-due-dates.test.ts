import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { operatorGrant } from "../../../core/authorization.ts";
import { changeStatus } from "../../../core/feedback/change-status.ts";
import { updateFeedback } from "../../../core/triage/update-feedback.ts";
import type { FormBrowser } from "../../support/browser.ts";
import { type InProcess, inProcess, signedInAs } from "../../support/in-process.ts";
import { rowKeys } from "../../support/inbox-page.ts";

/** The service's clock, which the test moves (Date.now stays in 2026: a page that read it would mark nothing late). */
let now = Date.parse("2027-03-10T12:00:00Z");
const DAY = 86_400_000;
let http: InProcess;
beforeAll(async () => {
  http = await inProcess({ with: { clock: () => now } });
});
afterAll(() => http.close());

/** A new feedback, due on `dueAt` and owned by the demo member. */
async function dueOn(message: string, dueAt: string): Promise<string> {
  const key: string = (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message } })).body
    .ticketId;
  const set = await updateFeedback(http.services, operatorGrant(http.demo.orgId), key, { dueAt, owner: "member@demo.test" });
  expect(set.ok).toBe(true);
  return key;
}

/** What the inbox's row of a feedback says under its title (owner, due date), as a member signed in now sees it. */
async function underTitle(key: string, language = "en"): Promise<string> {
  const browser = await signedInAs(http, "member");
  const page = await (await browser.fetch("/inbox?status=all", { headers: { "accept-language": language } })).text();
  const row = page.split(/<tr[ >]/).find((r) => r.includes(`href="/inbox/${key}"`));
  return /<span class="muted owner-due">(.*?)<\/span><\/td>/.exec(row ?? "")?.[1] ?? "(no row)";
}

describe("the inbox's rows say when each feedback is due", () => {
  test("in few characters beside its owner: the day and month, the year only outside the year of the service's clock", async () => {
    const soon = await dueOn("Due dates: the invoice total ignores the discount", "2027-03-12");
    const later = await dueOn("Due dates: the calendar export has the wrong time zone", "2028-01-05");
    expect(await underTitle(soon)).toBe("Owner: Demo member · Due\u00a012\u00a0Mar");
    expect(await underTitle(later)).toBe("Owner: Demo member · Due\u00a05\u00a0Jan\u00a02028");
  });

  test("an open feedback is marked overdue once its due day is over by the service's clock: not on that day, from the next", async () => {
    const key = await dueOn("Due dates: password reset e-mails arrive late", "2027-03-10");
    expect(await underTitle(key)).toBe("Owner: Demo member · Due\u00a010\u00a0Mar");
    now += DAY;
    expect(await underTitle(key)).toBe('Owner: Demo member · <strong class="overdue">Overdue (due\u00a010\u00a0Mar)</strong>');
  });

  test("the feedback's own page marks it overdue as its row does", async () => {
    const key = await dueOn("Due dates: the export button is greyed out", "2027-03-01");
    const page = await (await (await signedInAs(http, "member")).fetch(`/inbox/${key}`)).text();
    expect(page).toContain('Owner: Demo member · <strong class="overdue">Overdue (due\u00a01\u00a0Mar)</strong>');
  });

  test("a delivered or dismissed feedback past its due day is late no more", async () => {
    const delivered = await dueOn("Due dates: the logo upload crops it badly", "2027-03-01");
    const dismissed = await dueOn("Due dates: the dark theme flickers", "2027-03-01");
    for (const [key, status] of [
      [delivered, "delivered"],
      [dismissed, "dismissed"],
    ] as const)
      expect((await changeStatus(http.services, operatorGrant(http.demo.orgId), key, { status })).ok).toBe(true);
    expect([await underTitle(delivered), await underTitle(dismissed)]).toEqual([
      "Owner: Demo member · Due\u00a01\u00a0Mar",
      "Owner: Demo member · Due\u00a01\u00a0Mar",
    ]);
  });

  test("the word before the day never ends a line alone: it is joined to the day by a no-break space, in English and French", async () => {
    const key = await dueOn("Due dates: the shipping address form forgets the floor", "2027-04-20");
    expect(await underTitle(key)).toEndWith("Due\u00a020\u00a0Apr");
    expect(await underTitle(key, "fr")).toEndWith("Échéance le\u00a020\u00a0avr.");
    now += 60 * DAY;
    expect(await underTitle(key)).toEndWith("Overdue (due\u00a020\u00a0Apr)</strong>");
    expect(await underTitle(key, "fr")).toEndWith("En retard (échéance le\u00a020\u00a0avr.)</strong>");
    now -= 60 * DAY;
  });

  test("in French", async () => {
    const soon = await dueOn("Due dates: la recherche ne trouve rien", "2027-12-24");
    const late = await dueOn("Due dates: le paiement échoue sur Safari", "2027-03-02");
    expect(await underTitle(soon, "fr")).toBe("Responsable\u202f: Demo member · Échéance le\u00a024\u00a0déc.");
    expect(await underTitle(late, "fr")).toBe(
      'Responsable\u202f: Demo member · <strong class="overdue">En retard (échéance le\u00a02\u00a0mars)</strong>',
    );
  });
});

/** What a feedback's page says beside its key (owner, due date), and what its triage panel says of the due date to a Reader. */
async function onItsPage(key: string, language = "en"): Promise<{ heading: string; readerPanel: string }> {
  const read = async (role: "member" | "reader") =>
    (await (await signedInAs(http, role)).fetch(`/inbox/${key}`, { headers: { "accept-language": language } })).text();
  const heading = /<span class="muted">· <span[^>]*>[^<]*<\/span> · (.*?)<\/span><\/p>/.exec(await read("member"))?.[1] ?? "(none)";
  const readerPanel = /<dt>(?:Due date|Échéance)<\/dt><dd>(.*?)<\/dd>/.exec(await read("reader"))?.[1] ?? "(none)";
  return { heading, readerPanel };
}

describe("a feedback's page says its due date as its row does", () => {
  test("the day and month, the year only outside the year of the service's clock", async () => {
    const soon = await dueOn("Due dates: the receipt e-mail has no logo", "2027-03-12");
    const later = await dueOn("Due dates: the sitemap lists drafts", "2028-01-05");
    expect(await onItsPage(soon)).toEqual({ heading: "Owner: Demo member · Due:\u00a012\u00a0Mar", readerPanel: "12\u00a0Mar" });
    expect(await onItsPage(later)).toEqual({ heading: "Owner: Demo member · Due:\u00a05\u00a0Jan\u00a02028", readerPanel: "5\u00a0Jan\u00a02028" });
  });

  test("its activity says a due date as its heading does: the year only outside the service clock's", async () => {
    const key = await dueOn("Due dates: the invoice total rounds twice", "2027-12-01");
    await updateFeedback(http.services, operatorGrant(http.demo.orgId), key, { dueAt: "2028-01-05" });
    const page = await (await (await signedInAs(http, "member")).fetch(`/inbox/${key}`)).text();
    expect(page).toContain("Due date: — → 1\u00a0Dec</li>");
    expect(page).toContain("Due date: 1\u00a0Dec → 5\u00a0Jan\u00a02028</li>");
  });

  test("in French, the first of a month is the 1er, on the page as in its row", async () => {
    const key = await dueOn("Due dates: le reçu arrive en double", "2027-06-01");
    expect(await onItsPage(key, "fr")).toEqual({
      heading: "Responsable\u202f: Demo member · Échéance\u202f:\u00a01er\u00a0juin",
      readerPanel: "1er\u00a0juin",
    });
    expect(await underTitle(key, "fr")).toBe("Responsable\u202f: Demo member · Échéance le\u00a01er\u00a0juin");
    // The activity says the day it was given as the heading does.
    const page = await (await (await signedInAs(http, "member")).fetch(`/inbox/${key}`, { headers: { "accept-language": "fr" } })).text();
    expect(page).toContain("Échéance\u202f: — → 1er\u00a0juin</li>");
  });
});

describe("the inbox's filter by due date", () => {
  /** The keys of a page's rows, its links and its tabs' counts, as a member sees it. */
  async function listed(address: string, language = "en", member?: FormBrowser) {
    const response = await (member ?? (await signedInAs(http, "member"))).fetch(address, { headers: { "accept-language": language } });
    expect(response.status).toBe(200);
    const page = await response.text();
    const link = (pattern: RegExp) => pattern.exec(page)?.[1]?.replaceAll("&amp;", "&");
    return {
      page,
      keys: rowKeys(page),
      next: link(/<a href="([^"]+)" rel="next">/),
      previous: link(/<a href="([^"]+)" rel="prev">/),
      csv: link(/<a href="([^"]+)"[^>]*>Export CSV<\/a>/),
      tab: (label: string) => new RegExp(`>${label} \\((\\d+)\\)</a>`).exec(page)?.[1],
    };
  }

  test("Overdue lists the open feedbacks past their due day by the service's clock, through its pages, counts and export, and a saved view keeps it", async () => {
    const day = (offset: number) => new Date(now + offset * DAY).toISOString().slice(0, 10);
    const late: string[] = [];
    // One more than a page of overdue feedbacks, all found by the word "kestrel", and those that are not overdue.
    for (let i = 0; i < 21; i++) late.push(await dueOn(`Kestrel ${"overdue ".repeat(i + 1)}report`, day(-1 - (i % 3))));
    const today = await dueOn("Kestrel due today", day(0));
    const delivered = await dueOn("Kestrel delivered after its day", day(-2));
    expect((await changeStatus(http.services, operatorGrant(http.demo.orgId), delivered, { status: "delivered" })).ok).toBe(true);
    const undated = (
      await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message: "Kestrel undated" } })
    ).body.ticketId;

    const member = await signedInAs(http, "member");
    const first = await listed("/inbox?query=kestrel&due=overdue", "en", member);
    expect([first.tab("Open"), first.tab("Delivered"), first.tab("All")]).toEqual(["21", "0", "21"]);
    expect(first.page).toContain('<option value="overdue" selected>Overdue</option>');
    const second = await listed(first.next!);
    expect([...first.keys, ...second.keys].sort()).toEqual([...late].sort());
    expect((await listed(second.previous!)).keys).toEqual(first.keys);

    const csv = (await (await member.fetch(first.csv!)).text()).trim().split(/\r?\n/).slice(1);
    expect(csv.map((line) => line.split(",")[0]).sort()).toEqual([...late].sort());

    const saveForm = /<form method="post" action="\/inbox\/views">[\s\S]*?<\/form>/.exec(first.page)![0];
    const saved = await member.submit(saveForm, { name: "Late kestrels" });
    expect(saved.headers.get("location")).toBe("/inbox?query=kestrel&due=overdue");

    // None of the closed is overdue: their list, and its export, hold nothing.
    expect((await listed("/inbox?query=kestrel&due=overdue&status=closed", "en", member)).keys).toEqual([]);
    const closedCsv = await member.fetch("/inbox/export?query=kestrel&due=overdue&status=closed&format=csv");
    expect([closedCsv.status, (await closedCsv.text()).trim().split(/\r?\n/).length]).toEqual([200, 1]);
    const dated = await listed("/inbox?query=kestrel&due=set&status=all");
    expect([dated.tab("Open"), dated.tab("Delivered"), dated.tab("All")]).toEqual(["22", "1", "23"]);
    expect(dated.keys.slice(0, 2)).toEqual([delivered, today]);
    expect((await listed("/inbox?query=kestrel&due=none")).keys).toEqual([undated]);
  });

  test("in French", async () => {
    const { page } = await listed("/inbox?due=set", "fr");
    expect(page).toContain('<label for="due">Échéance</label>');
    expect(page).toContain(
      '<option value="">Toutes</option><option value="overdue">En retard</option><option value="set" selected>Avec échéance</option><option value="none">Sans échéance</option>',
    );
  });
});

describe("the inbox's order by due date", () => {
  /** The keys of an inbox page's rows and its Next and Previous links, as a member sees it. */
  async function page(address: string, language = "en") {
    const response = await (await signedInAs(http, "member")).fetch(address, { headers: { "accept-language": language } });
    expect(response.status).toBe(200);
    const html = await response.text();
    const link = (rel: string) => new RegExp(`<a href="([^"]+)" rel="${rel}">`).exec(html)?.[1]?.replaceAll("&amp;", "&");
    return {
      html,
      keys: rowKeys(html),
      next: link("next"),
      previous: link("prev"),
    };
  }

  test("Due date lists the soonest due first, then those without one, the most recently active first, across its pages both ways", async () => {
    const day = (offset: number) => new Date(now + offset * DAY).toISOString().slice(0, 10);
    // Nineteen due, from the latest day to the earliest (two a day but the soonest), then three without a due date, each active later.
    const dated: Array<{ key: string; offset: number }> = [];
    for (let i = 0; i < 19; i++)
      dated.push({ key: await dueOn(`Heron ${"late ".repeat(i + 1)}report`, day(10 - Math.floor(i / 2))), offset: 10 - Math.floor(i / 2) });
    const undated: string[] = [];
    for (let i = 0; i < 3; i++) {
      now += 1_000;
      undated.unshift(
        (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message: `Heron undated ${i}` } })).body
          .ticketId,
      );
    }
    const idOf = async (key: string) => (await http.services.store.findFeedback(http.demo.orgId, key))!.id;
    const ids = new Map(await Promise.all(dated.map(async ({ key }) => [key, await idOf(key)] as const)));
    const soonestFirst = dated.sort((a, b) => a.offset - b.offset || (ids.get(a.key)! < ids.get(b.key)! ? 1 : -1)).map((d) => d.key);

    const first = await page("/inbox?query=heron&sort=due");
    expect(first.html).toContain('<option value="due" selected>Due date</option>');
    expect(first.keys).toEqual([...soonestFirst, undated[0]!]);
    const second = await page(first.next!);
    expect(second.keys).toEqual(undated.slice(1));
    expect((await page(second.previous!)).keys).toEqual(first.keys);
  });

  test("in French", async () => {
    const { html } = await page("/inbox?sort=due", "fr");
    expect(html).toContain('<option value="due" selected>Échéance</option>');
  });
});
