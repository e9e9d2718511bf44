import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import Parser from "rss-parser";
import { inProcess, type InProcess } from "../../support/in-process.ts";

describe("the public changelog and its Atom feed", () => {
  let http: InProcess;
  beforeAll(async () => {
    http = await inProcess();
    // The changelog is a page of the portal: on once an Admin turns the portal on.
    expect((await http.request("PUT", "/v1/portal", { token: http.demo.tokens.admin, body: { enabled: true } })).status).toBe(200);
    const write = (title: string, body: string) => http.request("POST", "/v1/changelog", { token: http.demo.tokens.member, body: { title, body } });
    const first = await write("Exports to PDF fixed", "The **last page** is back. See [notes](https://example.com/notes).");
    await http.request("POST", `/v1/changelog/${first.body.id}/publish`, { token: http.demo.tokens.member });
    http.advanceClock(60_000);
    const second = await write("Dark theme & <more>", "Now with *contrast*.\n\n<script>alert(1)</script>");
    await http.request("POST", `/v1/changelog/${second.body.id}/publish`, { token: http.demo.tokens.member });
    await write("Secret draft", "Not yet");
  });
  afterAll(() => http.close());

  test("the page lists the published entries, newest first, their Markdown rendered; drafts never", async () => {
    const res = await http.fetch(`${http.url}/p/demo/changelog`);
    expect(res.status).toBe(200);
    const page = await res.text();
    const titles = [...page.matchAll(/<h2>([^<]+)<\/h2>/g)].map((m) => m[1]);
    expect(titles).toEqual(["Dark theme &amp; &lt;more&gt;", "Exports to PDF fixed"]);
    expect(page).toContain("<strong>last page</strong>");
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).not.toContain("Secret draft");
    expect(page).toContain('href="/p/demo/changelog.atom?lang=en"');
  });

  test("the Atom feed parses with a feed library: titles, links, dates and content", async () => {
    const res = await http.fetch(`${http.url}/p/demo/changelog.atom`);
    expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const feed = await new Parser().parseString(await res.text());
    expect(feed.title).toContain("What's new");
    expect(feed.link).toBe(`${http.url}/p/demo/changelog`);
    expect(feed.items.map((i) => i.title)).toEqual(["Dark theme & <more>", "Exports to PDF fixed"]);
    for (const item of feed.items) {
      expect(item.link).toMatch(new RegExp(`^${http.url}/p/demo/changelog#entry-`));
      expect(Number.isNaN(Date.parse(item.isoDate!))).toBe(false);
    }
    expect(Date.parse(feed.items[0]!.isoDate!)).toBeGreaterThan(Date.parse(feed.items[1]!.isoDate!));
    expect(feed.items[1]!.content).toContain("<strong>last page</strong>");
    expect(feed.items[1]!.content).toContain('<a href="https://example.com/notes"');
    expect(feed.items[0]!.content).not.toContain("<script>");
    expect(feed.items.some((i) => i.title === "Secret draft")).toBe(false);
  });

  test("the feed is Atom 1.0 as RFC 4287 requires: an id, a title and an updated date on the feed and on every entry", async () => {
    const atom = await (await http.fetch(`${http.url}/p/demo/changelog.atom`)).text();
    const [head, ...entries] = atom.split("<entry>");
    for (const part of [head!, ...entries])
      for (const element of ["id", "title", "updated"]) expect(part).toMatch(new RegExp(`<${element}(?: [^>]*)?>[^<]+</${element}>`));
    expect(entries).toHaveLength(2);
  });

  test("the feed speaks the page's language: the one chosen with ?lang=, else Accept-Language, which it says it varies with", async () => {
    const feed = async (query: string, language: string) => {
      const res = await http.fetch(`${http.url}/p/demo/changelog.atom${query}`, { headers: { "accept-language": language } });
      return { vary: res.headers.get("vary"), atom: await res.text() };
    };
    const english = await feed("", "en");
    expect(english.atom).toContain('<title xml:lang="en">What&apos;s new · Demo</title>');
    expect(english.vary).toBe("Accept-Language");
    const french = await feed("", "fr-FR,fr;q=0.9");
    expect(french.atom).toContain('<title xml:lang="fr">Nouveautés · Demo</title>');
    const chosen = await feed("?lang=fr", "en");
    expect(chosen.atom).toContain('<title xml:lang="fr">Nouveautés · Demo</title>');
    expect(chosen.atom).toContain(`<link rel="self" type="application/atom+xml" href="${http.url}/p/demo/changelog.atom?lang=fr"/>`);
    expect(chosen.atom).toContain(`<link rel="alternate" type="text/html" href="${http.url}/p/demo/changelog?lang=fr"/>`);
    // Its identity and its entries' are the same in every language.
    const ids = (atom: string) => [...atom.matchAll(/<id>([^<]+)<\/id>/g)].map((m) => m[1]);
    expect(ids(chosen.atom)).toEqual(ids(english.atom));
    // The page a reader chose French on links to the feed in French.
    expect(await (await http.fetch(`${http.url}/p/demo/changelog?lang=fr`)).text()).toContain('href="/p/demo/changelog.atom?lang=fr"');
  });

  test("a page in French by the browser's Accept-Language links to the feed in French, which a feed reader, sending no such header, keeps", async () => {
    const page = await (await http.fetch(`${http.url}/p/demo/changelog`, { headers: { "accept-language": "fr-FR,fr;q=0.9" } })).text();
    expect(page).toContain('href="/p/demo/changelog.atom?lang=fr"');
    const atom = await (await http.fetch(`${http.url}/p/demo/changelog.atom`, { headers: { "accept-language": "fr" } })).text();
    expect(atom).toContain(`<link rel="self" type="application/atom+xml" href="${http.url}/p/demo/changelog.atom?lang=fr"/>`);
  });

  test("page and feed carry a strong ETag and public caching, and answer If-None-Match with 304, as the portal's other pages", async () => {
    for (const path of ["/p/demo/changelog", "/p/demo/changelog.atom"]) {
      const res = await http.fetch(`${http.url}${path}`);
      const etag = res.headers.get("etag");
      expect([path, etag?.match(/^"[0-9a-f]{64}"$/) !== null, res.headers.get("cache-control")]).toEqual([
        path,
        true,
        "public, max-age=30, stale-while-revalidate=300",
      ]);
      const again = await http.fetch(`${http.url}${path}`, { headers: { "if-none-match": etag! } });
      expect([path, again.status, await again.text()]).toEqual([path, 304, ""]);
    }
  });

  test("under an entry, the published feedbacks it shipped, by their public title, with votes and status; one not published is never named", async () => {
    const report = async (message: string) =>
      (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", message } })).body.ticketId as string;
    const [shown, hidden] = [await report("Export invoices to CSV"), await report("Internal only: the admin CSV")];
    await http.request("POST", `/v1/feedbacks/${shown}/publish`, { token: http.demo.tokens.member, body: { title: "CSV export of invoices" } });
    const entry = await http.request("POST", "/v1/changelog", {
      token: http.demo.tokens.member,
      body: { title: "CSV everywhere", body: "Invoices export to CSV.", feedbacks: [shown, hidden] },
    });
    await http.request("POST", `/v1/changelog/${entry.body.id}/publish`, { token: http.demo.tokens.member });
    const page = await (await http.fetch(`${http.url}/p/demo/changelog`)).text();
    const article = page.slice(page.indexOf(`id="entry-${entry.body.id}"`), page.indexOf("</article>", page.indexOf(`id="entry-${entry.body.id}"`)));
    expect(article).toContain('<h3 class="shipped-title">What you asked for</h3>');
    expect(article).toContain(`<a href="/p/demo/${shown}">CSV export of invoices</a><span class="status st-delivered">Complete</span>`);
    expect(article).toContain('<span class="count">0 votes</span>');
    expect([article.includes(hidden), article.includes("Internal only")]).toEqual([false, false]);
  });

  test("a shipped feedback merged since into a published one is told by the one it joined, once", async () => {
    const report = async (message: string) =>
      (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", message } })).body.ticketId as string;
    const [first, second] = [await report("Receipts by e-mail"), await report("E-mail me my receipts")];
    for (const key of [first, second])
      await http.request("POST", `/v1/feedbacks/${key}/publish`, { token: http.demo.tokens.member, body: { title: `Receipts (${key})` } });
    const entry = await http.request("POST", "/v1/changelog", {
      token: http.demo.tokens.member,
      body: { title: "Receipts by mail", body: "Done.", feedbacks: [first, second] },
    });
    await http.request("POST", `/v1/changelog/${entry.body.id}/publish`, { token: http.demo.tokens.member });
    expect((await http.request("POST", `/v1/feedbacks/${first}/merge`, { token: http.demo.tokens.member, body: { into: second } })).status).toBe(200);
    const page = await (await http.fetch(`${http.url}/p/demo/changelog`)).text();
    const article = page.slice(page.indexOf(`id="entry-${entry.body.id}"`), page.indexOf("</article>", page.indexOf(`id="entry-${entry.body.id}"`)));
    expect([...article.matchAll(/<a href="\/p\/demo\/([A-Z]+-\d+)">/g)].map((m) => m[1])).toEqual([second]);
  });

  test("a shipped feedback's portal page names the published entry that shipped it, linked to it in What's new; a draft linking it is never named", async () => {
    const key = (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", message: "Print labels" } })).body
      .ticketId as string;
    await http.request("POST", `/v1/feedbacks/${key}/publish`, { token: http.demo.tokens.member, body: { title: "Shipping labels" } });
    const write = (title: string) =>
      http.request("POST", "/v1/changelog", { token: http.demo.tokens.member, body: { title, body: "Done.", feedbacks: [key] } });
    const entry = (await write("Labels & slips")).body.id as string;
    await write("Labels, the sequel (draft)");
    const before = await (await http.fetch(`${http.url}/p/demo/${key}`)).text();
    expect(before).not.toContain('class="shipped-in"');
    await http.request("POST", `/v1/changelog/${entry}/publish`, { token: http.demo.tokens.member });
    const page = await (await http.fetch(`${http.url}/p/demo/${key}`)).text();
    expect(page).toContain(`<p class="shipped-in">Shipped in <a href="/p/demo/changelog#entry-${entry}">Labels &amp; slips</a></p>`);
    expect(page).not.toContain("the sequel");
    // The link leads to the entry on the changelog page, headed by its title.
    expect(await (await http.fetch(`${http.url}/p/demo/changelog`)).text()).toContain(
      `<article class="entry" id="entry-${entry}"><h2>Labels &amp; slips</h2>`,
    );
    const french = await (await http.fetch(`${http.url}/p/demo/${key}?lang=fr`)).text();
    expect(french).toContain(`Livré dans la nouveauté <a href="/p/demo/changelog?lang=fr#entry-${entry}">Labels &amp; slips</a>`);
  });

  test("an address that names no portal is 404, page and feed", async () => {
    for (const path of ["changelog", "changelog.atom"]) {
      expect((await http.fetch(`${http.url}/p/demo/${path}`)).status).toBe(200);
      const none = await http.fetch(`${http.url}/p/nobody/${path}`);
      expect([none.status, await none.text()]).toEqual([404, expect.stringContaining("<h1>Not found.</h1>")]);
    }
  });
});

describe("the Atom feed of a changelog with no entry yet", () => {
  let http: InProcess;
  beforeAll(async () => {
    http = await inProcess();
  });
  afterAll(() => http.close());

  const updated = async () => {
    const res = await http.fetch(`${http.url}/p/demo/changelog.atom`);
    return { at: Date.parse(/<updated>([^<]+)<\/updated>/.exec(await res.text())![1]!), etag: res.headers.get("etag") };
  };
  const setPortal = (body: Record<string, unknown>) => http.request("PUT", "/v1/portal", { token: http.demo.tokens.admin, body });

  test("is updated when the portal was last changed, and keeps that date from one poll to the next", async () => {
    http.advanceClock(86_400_000);
    const before = http.services.clock();
    expect((await setPortal({ enabled: true })).status).toBe(200);
    const first = await updated();
    expect(first.at).toBeGreaterThanOrEqual(before);
    expect(first.at).toBeLessThanOrEqual(http.services.clock());
    http.advanceClock(3_600_000);
    expect(await updated()).toEqual(first);
    // A save that changes nothing is no change; a new title is one.
    expect((await setPortal({ enabled: true })).status).toBe(200);
    expect(await updated()).toEqual(first);
    expect((await setPortal({ title: "Demo ideas" })).status).toBe(200);
    expect((await updated()).at).toBeGreaterThanOrEqual(first.at + 3_600_000);
  });
});
