import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { operatorGrant } from "../../../core/authorization.ts";
import { changeStatus } from "../../../core/feedback/change-status.ts";
import { updateFeedback } from "../../../core/triage/update-feedback.ts";
import type { FormBrowser } from "../../support/browser.ts";
import { type InProcess, inProcess, signedInAs } from "../../support/in-process.ts";
import { rowKeys } from "../../support/inbox-page.ts";
import { storeCalls } from "../../support/store-calls.ts";

let http: InProcess;
let member: FormBrowser;

/** Titles without digits (a search for a key matches the numbers of words), half of them about a lantern. */
const SUBJECTS = ["invoice", "calendar", "upload", "password", "search", "export", "profile", "billing", "theme", "receipt", "sync", "map"];
const WHAT = ["freezes", "is blank", "looks wrong", "is slow"];
const WHERE = ["on phones", "on tablets", "at night", "in French", "for admins"];

beforeAll(async () => {
  http = await inProcess();
  // 120 feedbacks (the demo has none): six pages of 20 in the open list.
  for (let i = 0; i < 120; i++) {
    const message = `The ${SUBJECTS[i % 12]} ${WHAT[Math.floor(i / 12) % 4]} ${WHERE[Math.floor(i / 48) % 5]}${i % 2 ? " near the lantern" : ""} (${"x".repeat(i)})`;
    const made = await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message } });
    expect(made.status).toBe(201);
  }
  member = await signedInAs(http, "member");
});
afterAll(() => http.close());

interface Page {
  readonly address: string;
  readonly keys: string[];
  readonly previous?: string;
  readonly next?: string;
}

/** A page of the inbox as `browser` sees it: its rows' keys, and where its Previous and Next links lead. */
async function open(address: string, browser = member): Promise<Page> {
  const response = await browser.fetch(address);
  expect(response.status).toBe(200);
  const html = await response.text();
  const rel = (name: string) => new RegExp(`<a href="([^"]+)" rel="${name}">`).exec(html)?.[1]?.replaceAll("&amp;", "&");
  return {
    address,
    keys: rowKeys(html),
    ...(rel("prev") && { previous: rel("prev") }),
    ...(rel("next") && { next: rel("next") }),
  };
}

/** Every page of a list, from its first, through the Next links. */
async function forward(first: string): Promise<Page[]> {
  const pages = [await open(first)];
  while (pages.at(-1)!.next) pages.push(await open(pages.at(-1)!.next!));
  return pages;
}

/** The keys of each page met going back from `last` through the Previous links, to the first page. */
async function backward(last: Page): Promise<string[][]> {
  const seen = [last.keys];
  for (let page = last; page.previous; ) {
    page = await open(page.previous);
    seen.push(page.keys);
  }
  return seen.reverse();
}

describe("the inbox's title, which a screen reader says first when a search or a filter reloads the page", () => {
  /** The page's title at `address`, and the count its selected status tab shows, in `language`. */
  async function titled(address: string, language: "en" | "fr" = "en") {
    const html = await (await member.fetch(address, { headers: { "accept-language": language } })).text();
    return { title: /<title>([^<]*)<\/title>/.exec(html)?.[1], tab: /<a href="[^"]*" aria-current="page">[^<(]*\((\d+)\)<\/a>/.exec(html)?.[1] };
  }

  test("a search names its words and how many feedbacks the whole list holds, every page of it, as its tab counts them", async () => {
    const first = await titled("/inbox?query=lantern");
    expect(first).toEqual({ title: "Inbox: 60 results for “lantern” · Retour", tab: "60" });
    const second = (await open("/inbox?query=lantern")).next!;
    expect((await titled(second)).title).toBe("Inbox: 60 results for “lantern” · Retour");
    expect((await titled("/inbox?query=zanzibar")).title).toBe("Inbox: 0 results for “zanzibar” · Retour");
  });

  test("a filter, or a status besides Open, says how many feedbacks the list holds; the list as it opens, in any order, is the Inbox", async () => {
    expect(await titled("/inbox?kind=problem")).toEqual({ title: "Inbox: 120 feedbacks, filtered · Retour", tab: "120" });
    expect((await titled("/inbox?status=closed")).title).toBe("Inbox: 0 feedbacks, filtered · Retour");
    expect((await titled("/inbox")).title).toBe("Inbox · Retour");
    expect((await titled("/inbox?sort=reports")).title).toBe("Inbox · Retour");
  });

  test("in French, with a narrow no-break space before the colon and inside the quotes, singular up to one", async () => {
    expect((await titled("/inbox?query=lantern", "fr")).title).toBe("Boîte de réception\u202f: 60 résultats pour «\u202flantern\u202f» · Retour");
    expect((await titled("/inbox?query=zanzibar", "fr")).title).toBe("Boîte de réception\u202f: 0 résultat pour «\u202fzanzibar\u202f» · Retour");
    expect((await titled("/inbox?kind=problem", "fr")).title).toBe("Boîte de réception\u202f: 120 retours, filtrés · Retour");
    expect((await titled("/inbox?status=closed", "fr")).title).toBe("Boîte de réception\u202f: 0 retour, filtré · Retour");
    expect((await titled("/inbox", "fr")).title).toBe("Boîte de réception · Retour");
  });
});

describe("the inbox's way back to the page before, as it pages by cursor", () => {
  test("Previous leads back through every page Next went through, each as it was, to the first page, whose address has no cursor", async () => {
    const pages = await forward("/inbox");
    expect(pages.map((p) => p.keys.length)).toEqual([20, 20, 20, 20, 20, 20]);
    expect(pages[0]!.previous).toBeUndefined();
    expect(pages[1]!.previous).toBe("/inbox");
    expect(await backward(pages.at(-1)!)).toEqual(pages.map((p) => p.keys));
  });

  test("the way back keeps the search, the filters and the order in the address, as Next does", async () => {
    const pages = await forward("/inbox?query=lantern&sort=reports&kind=problem");
    expect(pages.map((p) => p.keys.length)).toEqual([20, 20, 20]);
    for (const page of pages.slice(1)) expect(new URL(page.previous!, http.url).searchParams.get("query")).toBe("lantern");
    expect(pages[1]!.previous).toBe("/inbox?kind=problem&query=lantern&sort=reports");
    expect(pages[2]!.previous).toMatch(/^\/inbox\?kind=problem&query=lantern&sort=reports&cursor=[^&]+$/);
    expect(await backward(pages.at(-1)!)).toEqual(pages.map((p) => p.keys));
  });

  test("a page's address alone leads back: someone else opening a shared third page goes back to the second as it was", async () => {
    const pages = await forward("/inbox");
    const reader = await signedInAs(http, "reader");
    const shared = await open(pages[2]!.address, reader);
    expect(shared.keys).toEqual(pages[2]!.keys);
    expect((await open(shared.previous!, reader)).keys).toEqual(pages[1]!.keys);
  });

  test("a search for a key, whose feedback comes first on the first page, goes back to that first page", async () => {
    const grant = operatorGrant(http.demo.orgId);
    // DEMO-1 ranks first in the severity order, so it stands among the rows read back from the second page.
    expect((await updateFeedback(http.services, grant, "DEMO-1", { severity: "P0" })).ok).toBe(true);
    const pages = await forward("/inbox?query=DEMO-1&sort=severity");
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]!.keys[0]).toBe("DEMO-1");
    expect(pages[1]!.previous).toBe("/inbox?query=DEMO-1&sort=severity");
    expect(await backward(pages.at(-1)!)).toEqual(pages.map((p) => p.keys));
  });

  test("a search for a key leaves no hole either: with a row moved up meanwhile, the page back is the 20 rows before, the key's own feedback aside", async () => {
    const grant = operatorGrant(http.demo.orgId);
    expect((await updateFeedback(http.services, grant, "DEMO-1", { severity: "P0" })).ok).toBe(true);
    const [, second] = await forward("/inbox?query=DEMO-1&sort=severity");
    // A feedback of the second page, made P1, moves up onto the first: one row more stands before the second page.
    expect((await updateFeedback(http.services, grant, second!.keys.at(-1)!, { severity: "P1" })).ok).toBe(true);
    const [first, after] = await forward("/inbox?query=DEMO-1&sort=severity");
    const back = await open((await open(second!.address)).previous!);
    expect(back.keys).toEqual([...first!.keys.slice(1), after!.keys[0]!]);
    expect(back.previous).toBe("/inbox?query=DEMO-1&sort=severity");
  });

  test("a feedback that left the list meanwhile leaves no hole: the page back holds the rows just before the current page", async () => {
    const pages = await forward("/inbox");
    const gone = pages[1]!.keys[5]!;
    expect((await changeStatus(http.services, operatorGrant(http.demo.orgId), gone, { status: "dismissed" })).ok).toBe(true);
    const back = await open((await open(pages[2]!.address)).previous!);
    expect(back.keys).toEqual([pages[0]!.keys.at(-1)!, ...pages[1]!.keys.filter((k) => k !== gone)]);
    expect(back.previous).toBe("/inbox");
  });

  test("the links, in French: the second page goes back and on, the third also to the first page; a cursor the list refuses, to the first page alone", async () => {
    const pages = await forward("/inbox");
    const nav = async (address: string) => {
      const html = await (await member.fetch(address, { headers: { "accept-language": "fr" } })).text();
      return /<nav class="paging" aria-label="Pages">(.*?)<\/nav>/.exec(html)?.[1]?.replace(/href="[^"]+"/g, "href");
    };
    expect(await nav(pages[1]!.address)).toBe('<a href rel="prev">← Page précédente</a><a href rel="next">Page suivante →</a>');
    expect(await nav(pages[2]!.address)).toBe(
      '<a href>Première page</a><a href rel="prev">← Page précédente</a><a href rel="next">Page suivante →</a>',
    );
    expect(await nav("/inbox?cursor=tampered")).toBe("<a href>Première page</a>");
  });
});

describe("a feedback's page goes on through the list past the edges of the list's page", () => {
  interface Opened {
    readonly key: string;
    readonly back: string;
    readonly previous?: string;
    readonly next?: string;
  }

  /** A feedback's page as `member` reaches it through a link (following the redirect a link to another page of the list makes): where it leads back and on. */
  async function feedbackAt(link: string): Promise<Opened> {
    const reached = await member.fetch(link);
    const response = reached.status === 303 ? await member.fetch(reached.headers.get("location")!) : reached;
    expect(response.status).toBe(200);
    const html = await response.text();
    const href = (pattern: RegExp) => pattern.exec(html)?.[1]?.replaceAll("&amp;", "&");
    const key = decodeURIComponent(new URL(link, http.url).pathname.slice("/inbox/".length));
    // Back at the feedback's row (#KEY), which the list marks.
    const [back, row] = href(/<p class="list-nav"><a href="([^"]+)">/)!.split("#");
    expect(row).toBe(key);
    return {
      key,
      back: back!,
      ...(href(/<a href="([^"]+)" rel="prev">/) && { previous: href(/<a href="([^"]+)" rel="prev">/) }),
      ...(href(/<a href="([^"]+)" rel="next">/) && { next: href(/<a href="([^"]+)" rel="next">/) }),
    };
  }

  test("Next from each feedback (j) goes through the whole filtered list, page after page, each leading back to the page that holds it", async () => {
    const pages = await forward("/inbox?query=lantern&sort=reports");
    expect(pages.length).toBe(3);
    await open(pages[0]!.address);
    const met: Opened[] = [await feedbackAt(`/inbox/${pages[0]!.keys[0]}`)];
    while (met.at(-1)!.next) met.push(await feedbackAt(met.at(-1)!.next!));
    expect(met.map((f) => f.key)).toEqual(pages.flatMap((p) => p.keys));
    expect(met.map((f) => f.back)).toEqual(pages.flatMap((p) => p.keys.map(() => p.address)));
  });

  test("Previous from each feedback (k) goes back through the whole filtered list, from the last page to the first, each leading back to the page that holds it", async () => {
    const pages = await forward("/inbox?query=lantern&sort=reports");
    const met: Opened[] = [await feedbackAt(`/inbox/${pages.at(-1)!.keys.at(-1)}`)];
    while (met.at(-1)!.previous) met.push(await feedbackAt(met.at(-1)!.previous!));
    expect(met.map((f) => f.key).reverse()).toEqual(pages.flatMap((p) => p.keys));
    expect(met.map((f) => f.back).reverse()).toEqual(pages.flatMap((p) => p.keys.map(() => p.address)));
  });

  test("Previous (k) from the first feedback of a page with no other row before it leads to the feedback a search for its key pins first, on the first page", async () => {
    const grant = operatorGrant(http.demo.orgId);
    const list = "/inbox?query=DEMO-1&sort=severity";
    expect((await updateFeedback(http.services, grant, "DEMO-1", { severity: "P0" })).ok).toBe(true);
    const [, second] = await forward(list);
    // A row of the second page moves up: the page back from it is the 20 rows before, and before those stands only the pinned DEMO-1.
    expect((await updateFeedback(http.services, grant, second!.keys.at(-1)!, { severity: "P1" })).ok).toBe(true);
    const back = await open((await open(second!.address)).previous!);
    expect(back.previous).toBe(list);
    expect((await feedbackAt(`/inbox/${back.keys[0]}`)).previous).toBe(`/inbox/DEMO-1?${new URLSearchParams({ list })}`);
  });

  test("a save on the last feedback of a page keeps the way on to the first of the next page, and to its page of the list", async () => {
    const pages = await forward("/inbox?query=lantern&status=triage");
    await open(pages[0]!.address);
    const last = pages[0]!.keys.at(-1)!;
    const saved = await member.sendForm(await (await member.fetch(`/inbox/${last}`)).text(), `/inbox/${last}/status`, { status: "prioritized" });
    const next = await feedbackAt((await feedbackAt(saved.headers.get("location")!)).next!);
    expect([next.key, next.back]).toEqual([pages[1]!.keys[0]!, pages[1]!.address]);
  });

  test("the feedback beside across an edge takes one read at most: none for the next page's first, one read back for the page before's last", async () => {
    const pages = await forward("/inbox?query=lantern");
    await open(pages[1]!.address);
    const reads = async (key: string) => (await storeCalls(http.services.store, () => member.fetch(`/inbox/${key}`))).of;
    const [middle, last, first] = [await reads(pages[1]!.keys[5]!), await reads(pages[1]!.keys.at(-1)!), await reads(pages[1]!.keys[0]!)];
    expect([middle.listFeedbacks, middle.listFeedbacksUpTo]).toEqual([1, undefined]);
    expect([last.listFeedbacks, last.listFeedbacksUpTo]).toEqual([1, undefined]);
    expect([first.listFeedbacks, first.listFeedbacksUpTo]).toEqual([1, 1]);
  });

  test("a list searched for text with an & or a + leads back, from its feedbacks, to that very list, and on through it", async () => {
    const list = `/inbox?${new URLSearchParams({ query: "lantern & near+" })}`;
    const shown = await open(list);
    expect(shown.keys.length).toBeGreaterThan(1);
    const opened = await feedbackAt(`/inbox/${shown.keys[0]}`);
    expect([opened.back, opened.next]).toEqual([list, `/inbox/${shown.keys[1]}`]);
  });
});
