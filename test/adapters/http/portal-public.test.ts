import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { LOOK_ALIKES_PER_ADDRESS_PER_MINUTE } from "../../../core/portal/look-alikes.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let http: InProcess;
const admin = () => http.demo.tokens.admin;
const call = (method: string, path: string, body?: unknown) => http.request(method, path, { token: admin(), ...(body !== undefined && { body }) });
const anonymous = (path: string, headers: Record<string, string> = {}) => http.request("GET", path, { headers });

async function published(title: string, options: { kind?: string; description?: string; message?: string } = {}): Promise<string> {
  const res = await http.request("POST", "/v1/reports", {
    body: { publicKey: http.demo.publicKey, kind: options.kind ?? "idea", message: options.message ?? `${title}, please`, title },
  });
  const key = res.body.ticketId as string;
  expect((await call("POST", `/v1/feedbacks/${key}/publish`, options.description ? { description: options.description } : {})).status).toBe(200);
  return key;
}

let dark: string;
let pdf: string;
let hidden: string;
beforeAll(async () => {
  http = await inProcess();
  dark = await published("Dark mode", { description: "A darker theme for night work." });
  pdf = await published("Export to PDF", { kind: "problem", message: "PDF export gives a blank page, zanzibar" });
  const res = await http.request("POST", "/v1/reports", {
    body: { publicKey: http.demo.publicKey, kind: "idea", message: "Never published", title: "Secret roadmap item" },
  });
  hidden = res.body.ticketId;
});
afterAll(() => http.close());

describe("a portal that is off", () => {
  test("every public page and JSON answers 404 not_found, published feedbacks or not", async () => {
    for (const path of ["/v1/portal/demo/feedbacks", `/v1/portal/demo/feedbacks/${dark}`]) {
      const res = await anonymous(path);
      expect([path, res.status, res.body.code]).toEqual([path, 404, "not_found"]);
    }
    for (const path of ["/p/demo", `/p/demo/${dark}`, "/p/demo/roadmap", "/p/demo/sitemap.xml", "/p/demo/robots.txt"]) {
      const res = await anonymous(path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.body).not.toContain("Dark mode");
    }
    // A page of no open portal is the service's own page, styled, in the reader's language.
    const look = await http.request("POST", "/v1/portal/demo/similar", { body: { text: "Dark mode for the app" } });
    expect([look.status, look.body.code]).toEqual([404, "not_found"]);
    const page = await anonymous("/p/demo", { "accept-language": "fr" });
    expect([page.body.includes("<style>"), page.body.includes('<html lang="fr">'), page.body.includes('<div class="narrow"><h1>')]).toEqual([
      true,
      true,
      true,
    ]);
    expect((await call("PUT", "/v1/portal", { enabled: true })).status).toBe(200);
  });
});

describe("public JSON", () => {
  test("its refusals are readable by any page too: 400 invalid_query, 400 invalid_cursor and 404 not_found carry Access-Control-Allow-Origin: *", async () => {
    const refused = [
      "/v1/portal/demo/feedbacks?foo=1",
      "/v1/portal/demo/feedbacks?cursor=zzz",
      "/v1/portal/demo/feedbacks/DEMO-999",
      "/v1/portal/nobody/feedbacks",
    ];
    for (const path of refused) {
      const res = await anonymous(path);
      expect([path, res.status, res.body.code, res.headers.get("access-control-allow-origin")]).toEqual([
        path,
        ...(path.includes("foo") ? [400, "invalid_query"] : path.includes("cursor") ? [400, "invalid_cursor"] : [404, "not_found"]),
        "*",
      ]);
    }
  });

  test("a published feedback shows public fields only, with its status's public label and its public comments", async () => {
    await call("POST", `/v1/feedbacks/${dark}/comments`, { text: "Internal: ask design", visibility: "internal" });
    await call("POST", `/v1/feedbacks/${dark}/comments`, { text: "Planned for May.", visibility: "public" });
    const res = await anonymous(`/v1/portal/demo/feedbacks/${dark}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const { createdAt, comments, app, ...rest } = res.body;
    expect(rest).toEqual({
      key: dark,
      publicTitle: "Dark mode",
      publicDescription: "A darker theme for night work.",
      kind: "idea",
      status: "triage",
      statusLabel: "Under review",
      votes: 0,
      url: `${http.url}/p/demo/${dark}`,
    });
    expect(Object.keys(app).sort()).toEqual(["id", "name"]);
    expect(Date.parse(createdAt)).toBeGreaterThan(0);
    expect(comments).toEqual([{ author: "Demo admin", team: true, at: expect.any(String), text: "Planned for May." }]);
  });

  test("a key not published answers exactly as a key that does not exist: 404 not_found", async () => {
    const unpublished = await anonymous(`/v1/portal/demo/feedbacks/${hidden}`);
    const unknown = await anonymous("/v1/portal/demo/feedbacks/DEMO-99999");
    expect([unpublished.status, unpublished.body]).toEqual([unknown.status, unknown.body]);
    expect(unpublished.body.code).toBe("not_found");
    expect((await anonymous("/v1/portal/nope/feedbacks")).status).toBe(404);
  });

  test("the list holds published feedbacks only, filtered by kind, app and status, and searched in public words alone", async () => {
    const keys = async (q: string) => (await anonymous(`/v1/portal/demo/feedbacks${q}`)).body.data.map((f: { key: string }) => f.key);
    expect((await keys("")).sort()).toEqual([dark, pdf].sort());
    expect(await keys("?kind=problem")).toEqual([pdf]);
    expect((await keys(`?appId=${http.demo.appId}`)).sort()).toEqual([dark, pdf].sort());
    expect(await keys("?appId=other")).toEqual([]);
    expect(await keys("?query=darker")).toEqual([dark]);
    expect(await keys("?query=theme%20night")).toEqual([dark]);
    expect(await keys("?query=themes")).toEqual([dark]);
    // A hyphenated search word is met by its parts too: "night work" is found by night-work.
    expect(await keys("?query=night-work")).toEqual([dark]);
    // A word of a report only: the public search never reads reports.
    expect(await keys("?query=zanzibar")).toEqual([]);
    expect(await keys("?query=secret")).toEqual([]);
    // Emoji or punctuation alone is no word to find a feedback by: nothing, not everything.
    expect(await keys(`?query=${encodeURIComponent("🐛 !!!")}`)).toEqual([]);
    expect(await keys("?status=delivered")).toEqual([]);
    expect((await anonymous("/v1/portal/demo/feedbacks?sort=best")).body.code).toBe("invalid_query");
  });

  test("status labels follow the reader's language and the team's own labels", async () => {
    const fr = await anonymous(`/v1/portal/demo/feedbacks/${dark}`, { "accept-language": "fr" });
    expect(fr.body.statusLabel).toBe("À l’étude");
    await call("PUT", "/v1/portal", { statusLabels: { triage: "Being read" } });
    expect((await anonymous(`/v1/portal/demo/feedbacks/${dark}`, { "accept-language": "fr" })).body.statusLabel).toBe("Being read");
    await call("PUT", "/v1/portal", { statusLabels: {} });
  });

  test("top puts most reported first (until votes exist), new the newest, trending the most recently active; pages follow by cursor", async () => {
    // Two reports: the feedback of the second is merged into the first.
    const res = await http.request("POST", "/v1/reports", {
      body: { publicKey: http.demo.publicKey, kind: "problem", message: "PDF blank again", title: "PDF blank" },
    });
    expect((await call("POST", `/v1/feedbacks/${res.body.ticketId}/merge`, { into: pdf })).status).toBe(200);
    const order = async (sort: string) => (await anonymous(`/v1/portal/demo/feedbacks?sort=${sort}`)).body.data.map((f: { key: string }) => f.key);
    expect(await order("top")).toEqual([pdf, dark]);
    expect(await order("new")).toEqual([pdf, dark]);
    expect(await order("trending")).toEqual([pdf, dark]);
    const first = await anonymous("/v1/portal/demo/feedbacks?sort=top&limit=1");
    expect(first.body.data.map((f: { key: string }) => f.key)).toEqual([pdf]);
    const second = await anonymous(`/v1/portal/demo/feedbacks?sort=top&limit=1&cursor=${first.body.nextCursor}`);
    expect([second.body.data.map((f: { key: string }) => f.key), second.body.nextCursor]).toEqual([[dark], null]);
    const replayed = await anonymous(`/v1/portal/demo/feedbacks?sort=new&limit=1&cursor=${first.body.nextCursor}`);
    expect(replayed.body.code).toBe("invalid_cursor");
  });

  test("a strong ETag and public caching; If-None-Match answers 304 without a body; a change makes a new ETag", async () => {
    const res = await anonymous("/v1/portal/demo/feedbacks");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=30, stale-while-revalidate=300");
    const again = await anonymous("/v1/portal/demo/feedbacks", { "if-none-match": etag });
    expect([again.status, again.body, again.headers.get("etag")]).toEqual([304, "", etag]);
    // If-None-Match compares weakly: the tag marked weak (as a proxy that compressed it sends it back), or one in a list, matches too.
    for (const header of [`W/${etag}`, `"other", ${etag}`])
      expect((await anonymous("/v1/portal/demo/feedbacks", { "if-none-match": header })).status).toBe(304);
    await call("POST", `/v1/feedbacks/${dark}/publish`, { description: "A darker theme, for night work." });
    const changed = await anonymous("/v1/portal/demo/feedbacks", { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });
});

describe("look-alikes for the post form", () => {
  let calendar: string;
  let looks = 0;
  /** A look from the post form's script, from its own client address unless one is given. */
  const look = (body: unknown, client = `198.51.100.${++looks}`) =>
    http.request("POST", "/v1/portal/demo/similar", { body, headers: { "x-test-client-address": client } });

  beforeAll(async () => {
    const report = (title: string, message: string) =>
      http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", message, title } });
    calendar = (await report("Calendar sync with Google", "Sync my bookings with Google Calendar automatically")).body.ticketId;
    await report("Outlook calendar sync", "Sync my bookings with the Outlook calendar, zanzibar");
    await http.runJobs();
    expect((await call("POST", `/v1/feedbacks/${calendar}/publish`, {})).status).toBe(200);
  });

  test("the published feedbacks of the portal that look like a title are offered, public fields only; unpublished ones never", async () => {
    const res = await look({ text: "Sync bookings with my calendar" });
    expect([res.status, res.headers.get("cache-control")]).toEqual([200, "no-store"]);
    expect(res.body.data).toEqual([expect.objectContaining({ key: calendar, publicTitle: "Calendar sync with Google", votes: 0 })]);
    expect(Object.keys(res.body.data[0]).sort()).toEqual([
      "app",
      "commentCount",
      "createdAt",
      "key",
      "kind",
      "publicTitle",
      "status",
      "statusLabel",
      "url",
      "votes",
    ]);
    expect(JSON.stringify(res.body)).not.toContain("Outlook");
    expect((await look({ text: "zanzibar outlook" })).body.data).toEqual([]);
  });

  test("a published feedback is offered for what the portal shows of it, never for its reports' own words", async () => {
    const report = (title: string, message: string) =>
      http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message, title } });
    const billing = (
      await report("Quorvex acquisition leaks on the billing screen", "The billing screen shows our Quorvex merger price before March")
    ).body.ticketId;
    await http.runJobs();
    const shown = { title: "The billing screen shows a wrong figure", description: "A figure on the billing screen is wrong." };
    expect((await call("POST", `/v1/feedbacks/${billing}/publish`, shown)).status).toBe(200);
    expect((await look({ text: "Quorvex merger price before March" })).body.data).toEqual([]);
    expect((await look({ text: "Billing screen shows a wrong figure" })).body.data.map((f: { key: string }) => f.key)).toEqual([billing]);
  });

  test("which published feedbacks are looked at is decided by what the portal shows of them: a word of their reports alone changes nothing", async () => {
    const secret = (
      await http.request("POST", "/v1/reports", {
        body: {
          publicKey: http.demo.publicKey,
          kind: "problem",
          title: "Quillfeather workspace",
          message: "The Quillfeather holding's workspace is stuck",
        },
      })
    ).body.ticketId;
    await http.runJobs();
    const shown = { title: "Tariff sheet export to Excel fails", description: "Exporting the tariff sheet to Excel gives an error." };
    expect((await call("POST", `/v1/feedbacks/${secret}/publish`, shown)).status).toBe(200);
    const keys = async (text: string) => (await look({ text })).body.data.map((f: { key: string }) => f.key);
    expect(await keys("Quillfeather")).toEqual([]);
    const publicOnly = await keys("Tariff sheet export to Excel fails");
    expect(await keys("Quillfeather tariff sheet export to Excel fails")).toEqual(publicOnly);
    expect(publicOnly).toContain(secret);
  });

  test("a look written with accents finds the published feedback as the portal's search does, accents or not", async () => {
    const invoice = (
      await http.request("POST", "/v1/reports", {
        body: { publicKey: http.demo.publicKey, kind: "problem", title: "Téléchargement facture", message: "Le téléchargement de la facture échoue" },
      })
    ).body.ticketId;
    await http.runJobs();
    const shown = { title: "Le téléchargement de la facture échoue", description: "Télécharger une facture en PDF donne une erreur." };
    expect((await call("POST", `/v1/feedbacks/${invoice}/publish`, shown)).status).toBe(200);
    for (const text of ["Téléchargement échoué", "telechargement echoue"])
      expect([text, (await look({ text })).body.data.map((f: { key: string }) => f.key)]).toEqual([text, [invoice]]);
  });

  test("with the app the person chose, only that app's feedbacks are offered; an app of no portal's has none", async () => {
    expect((await look({ text: "Sync bookings with my calendar", appId: http.demo.appId })).body.data.map((f: { key: string }) => f.key)).toEqual([
      calendar,
    ]);
    expect((await look({ text: "Sync bookings with my calendar", appId: "app_elsewhere" })).body.data).toEqual([]);
  });

  test("status labels follow the reader's language", async () => {
    const res = await http.request("POST", "/v1/portal/demo/similar", {
      body: { text: "Sync bookings with my calendar" },
      headers: { "accept-language": "fr", "x-test-client-address": "198.51.100.200" },
    });
    expect(res.body.data[0].statusLabel).toBe("À l’étude");
  });

  test("a body without text is 400 invalid_body", async () => {
    const res = await look({ title: "Sync bookings" });
    expect([res.status, res.body.code]).toEqual([400, "invalid_body"]);
  });

  test("looks past the address's budget, the widget's own, are 429 rate_limited with Retry-After", async () => {
    http.startFreshMinute();
    for (let i = 0; i < LOOK_ALIKES_PER_ADDRESS_PER_MINUTE; i++) expect((await look({ text: "calendar" }, "198.51.100.250")).status).toBe(200);
    const refused = await look({ text: "calendar" }, "198.51.100.250");
    expect([refused.status, refused.body.code]).toEqual([429, "rate_limited"]);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("the public JSON from another site's page", () => {
  test("a page of any origin may ask with If-None-Match: the preflight grants it, and the 304 carries the grant and the ETag", async () => {
    const origin = { origin: "https://customer.example" };
    for (const path of ["/v1/portal/demo/feedbacks", `/v1/portal/demo/feedbacks/${pdf}`]) {
      const asked = await http.request("OPTIONS", path, {
        headers: { ...origin, "access-control-request-method": "GET", "access-control-request-headers": "if-none-match" },
      });
      expect([path, asked.status, asked.headers.get("access-control-allow-origin"), asked.headers.get("access-control-allow-headers")]).toEqual([
        path,
        204,
        "*",
        "if-none-match, accept-language",
      ]);
      const first = await anonymous(path, origin);
      expect(first.headers.get("access-control-expose-headers")).toBe("etag");
      const again = await anonymous(path, { ...origin, "if-none-match": first.headers.get("etag")! });
      expect([path, again.status, again.headers.get("access-control-allow-origin"), again.headers.get("etag")]).toEqual([
        path,
        304,
        "*",
        first.headers.get("etag"),
      ]);
    }
  });
});

describe("anonymous pages", () => {
  test("the board lists published feedbacks, escaped, under the strict CSP, cacheable, and says noindex while indexing is off", async () => {
    const script = await published(`<script>alert("x")</script> Fast search`);
    const res = await anonymous("/p/demo");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("content-security-policy")).toStartWith("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.headers.get("content-security-policy")).not.toContain("script-src");
    expect(res.headers.get("cache-control")).toBe("public, max-age=30, stale-while-revalidate=300");
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    // Public, yet kept apart by the cookie: once signed in, the browser asks again instead of showing this copy.
    expect(res.headers.get("vary")).toBe("Cookie, Accept-Language");
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(res.body).toContain(`<link rel="canonical" href="${http.url}/p/demo">`);
    expect(res.body).toContain('<meta property="og:title"');
    expect(res.body).toContain("Dark mode");
    expect(res.body).toContain(`href="/p/demo/${script}"`);
    expect(res.body).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Fast search");
    expect(res.body).not.toContain("<script");
    expect(res.body).not.toContain("Secret roadmap item");
    const cached = await anonymous("/p/demo", { "if-none-match": res.headers.get("etag")! });
    expect(cached.status).toBe(304);
  });

  test("the board's headings go down one level at a time: the page's, then each feedback's and the filters'", async () => {
    const board = (await anonymous("/p/demo")).body as string;
    const levels = [...board.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
    expect(levels.length).toBeGreaterThan(2);
    expect(levels.filter((level, i) => level - (levels[i - 1] ?? 0) > 1)).toEqual([]);
  });

  test("the board sorts, filters and searches from its address, and speaks French with ?lang=fr or Accept-Language", async () => {
    const problems = await anonymous("/p/demo?kind=problem&sort=new");
    expect(problems.body).toContain("Export to PDF");
    expect(problems.body).not.toContain("Dark mode");
    expect((await anonymous("/p/demo?query=zanzibar")).body).toContain("Nothing matches “zanzibar”.");
    expect((await anonymous("/p/demo?kind=praise&status=dismissed")).body).toContain("Nothing matches these filters.");
    const fr = await anonymous("/p/demo?lang=fr");
    expect(fr.body).toContain('<html lang="fr">');
    expect(fr.body).toContain("Idées et problèmes");
    expect((await anonymous("/p/demo", { "accept-language": "fr-FR" })).body).toContain("Feuille de route");
    // The language chosen with the switch holds from page to page: links and forms carry it; the switch keeps the filters.
    expect(fr.body).toContain(`href="/p/demo/${dark}?lang=fr"`);
    expect(fr.body).toContain('href="/p/demo/roadmap?lang=fr"');
    expect(fr.body).toContain('<input type="hidden" name="lang" value="fr">');
    const filtered = await anonymous("/p/demo?kind=problem&lang=fr");
    expect(filtered.body).toContain('href="/p/demo?kind=problem&amp;lang=en" hreflang="en"');
    expect((await anonymous("/p/demo")).body).toContain(`href="/p/demo/${dark}"`);
  });

  test("the board of the portal's only app (where the widget's sign-in leads) offers no Clear filters: it shows no app filter to clear", async () => {
    const clear = '<a class="clear" href="/p/demo">Clear filters</a>';
    const ofTheApp = (await anonymous(`/p/demo?appId=${http.demo.appId}`)).body as string;
    expect(ofTheApp).not.toContain('id="f-app"');
    expect(ofTheApp).not.toContain(clear);
    expect((await anonymous(`/p/demo?appId=${http.demo.appId}&kind=problem`)).body).toContain(clear);
    expect((await anonymous("/p/demo?appId=other")).body).toContain(clear);
  });

  test("a feedback's page leads back to the board: « Back to ideas & problems », « Retour aux idées et problèmes »", async () => {
    expect((await anonymous(`/p/demo/${dark}`)).body).toContain('<a class="back" href="/p/demo">← Back to ideas &amp; problems</a>');
    expect((await anonymous(`/p/demo/${dark}?lang=fr`)).body).toContain("← Retour aux idées et problèmes</a>");
  });

  test("a feedback's page shows its public description and public comments only; a key not published is the board's 404", async () => {
    const res = await anonymous(`/p/demo/${dark}`);
    expect(res.status).toBe(200);
    expect(res.body).toContain("A darker theme, for night work.");
    expect(res.body).toContain("Planned for May.");
    expect(res.body).not.toContain("Internal: ask design");
    expect(res.body).toContain(`<link rel="canonical" href="${http.url}/p/demo/${dark}">`);
    const missing = await anonymous(`/p/demo/${hidden}`);
    expect(missing.status).toBe(404);
    expect(missing.body).not.toContain("Secret roadmap item");
    expect(missing.headers.get("cache-control")).toBe("no-store");
  });

  test("a key in lower case goes to the feedback's own address for good (301), a key merged into a published feedback for as long as it is merged (302)", async () => {
    const lower = await anonymous(`/p/demo/${dark.toLowerCase()}`);
    expect([lower.status, lower.headers.get("location")]).toEqual([301, `/p/demo/${dark}`]);
    const res = await http.request("POST", "/v1/reports", {
      body: { publicKey: http.demo.publicKey, kind: "idea", message: "Night theme", title: "Night theme" },
    });
    const night = res.body.ticketId;
    await call("POST", `/v1/feedbacks/${night}/publish`, {});
    await call("POST", `/v1/feedbacks/${night}/merge`, { into: dark });
    const merged = await anonymous(`/p/demo/${night}`);
    expect([merged.status, merged.headers.get("location")]).toEqual([302, `/p/demo/${dark}?merged=${night}`]);
    // The merged key is named as keys are written, however it was typed.
    expect((await anonymous(`/p/demo/${night.toLowerCase()}`)).headers.get("location")).toBe(`/p/demo/${dark}?merged=${night}`);
    expect((await anonymous("/v1/portal/demo/feedbacks")).body.data.map((f: { key: string }) => f.key)).not.toContain(night);
    await call("POST", `/v1/feedbacks/${night}/unmerge`);
    expect((await anonymous(`/p/demo/${night}`)).status).toBe(200);
  });

  test("the page a merged key leads to names the feedback merged into it, by its public title, or by its key when it was never published", async () => {
    const report = async (title: string) =>
      (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", message: title, title } })).body
        .ticketId as string;
    const [published, unpublished] = [await report("Theme by schedule"), await report("Theme at sunset")];
    await call("POST", `/v1/feedbacks/${published}/publish`, { title: "Dark theme on a schedule" });
    for (const key of [published, unpublished]) await call("POST", `/v1/feedbacks/${key}/merge`, { into: dark });
    const landing = async (key: string) => (await anonymous((await anonymous(`/p/demo/${key}`)).headers.get("location")!)).body as string;
    expect(await landing(published)).toContain("“Dark theme on a schedule” was merged here: its votes and followers now count on this page.");
    expect(await landing(unpublished)).toContain(`${unpublished} was merged here`);
    expect((await anonymous(`/p/demo/${dark}?merged=${published}&lang=fr`)).body).toContain(
      "«\u202fDark theme on a schedule\u202f» a été regroupé ici\u202f: ses votes et ses abonnés comptent désormais sur cette page.",
    );
    for (const key of [published, unpublished]) await call("POST", `/v1/feedbacks/${key}/unmerge`);
  });

  test("a page asked to name a feedback that was not merged into it names none", async () => {
    const other = (
      await http.request("POST", "/v1/reports", {
        body: { publicKey: http.demo.publicKey, kind: "idea", message: "Bigger font", title: "Bigger font" },
      })
    ).body.ticketId;
    await call("POST", `/v1/feedbacks/${other}/publish`, {});
    // A key merged into another published feedback is not named on this one's page.
    const elsewhere = (
      await http.request("POST", "/v1/reports", {
        body: { publicKey: http.demo.publicKey, kind: "idea", message: "Font sizes", title: "Font sizes" },
      })
    ).body.ticketId;
    await call("POST", `/v1/feedbacks/${elsewhere}/merge`, { into: other });
    expect((await anonymous(`/p/demo/${other}?merged=${elsewhere}`)).body).toContain(`${elsewhere} was merged here`);
    for (const named of [other, elsewhere, "DEMO-99999", "“Free money” was merged here", "x".repeat(65)]) {
      const page = await anonymous(`/p/demo/${dark}?merged=${encodeURIComponent(named)}`);
      expect(page.status).toBe(200);
      expect(page.body).toContain(`<link rel="canonical" href="${http.url}/p/demo/${dark}">`);
      expect(page.body).not.toContain("was merged here");
    }
  });

  test("the sitemap lists the board, the roadmap and each published feedback; robots.txt disallows all until indexing is on", async () => {
    const sitemap = await anonymous("/p/demo/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(sitemap.body).toContain(`<loc>${http.url}/p/demo/${dark}</loc>`);
    expect(sitemap.body).toContain(`<loc>${http.url}/p/demo/roadmap</loc>`);
    expect(sitemap.body).not.toContain(`/p/demo/${hidden}<`);
    expect((await anonymous("/p/demo/robots.txt")).body).toBe("User-agent: *\nDisallow: /\n");
    await call("PUT", "/v1/portal", { indexing: true });
    expect((await anonymous("/p/demo/robots.txt")).body).toBe(`User-agent: *\nAllow: /p/demo\nSitemap: ${http.url}/p/demo/sitemap.xml\n`);
    const board = await anonymous("/p/demo");
    expect(board.body).not.toContain("noindex");
    expect(board.headers.get("x-robots-tag")).toBeNull();
    await call("PUT", "/v1/portal", { indexing: false });
  });

  test("the board's title says what it shows, as a screen reader reads it after a search or a filter reloads the page: the portal's on its home, the words searched, or filtered", async () => {
    const title = async (path: string) => /<title>([^<]*)<\/title>/.exec((await anonymous(path)).body)![1];
    expect(await title("/p/demo")).toBe("Demo");
    expect(await title("/p/demo?query=zanzibar")).toBe("Results for “zanzibar” · Demo");
    expect(await title("/p/demo?query=%3Cb%3Epdf")).toBe("Results for “&lt;b&gt;pdf” · Demo");
    expect(await title("/p/demo?kind=problem")).toBe("Ideas &amp; problems, filtered · Demo");
    expect(await title("/p/demo?sort=new")).toBe("Demo");
    expect(await title("/p/demo?query=pdf&lang=fr")).toBe("Résultats pour «\u202fpdf\u202f» · Demo");
    expect(await title("/p/demo?status=all&lang=fr")).toBe("Idées et problèmes, filtrés · Demo");
  });

  test("the brand colour and title lead every page", async () => {
    await call("PUT", "/v1/portal", { title: "Acme ideas", brandColor: "#fde047" });
    const res = await anonymous("/p/demo/roadmap");
    expect(res.body).toContain("--brand:#fde047;--on-brand:#111827");
    expect(res.body).toContain("<title>Roadmap · Acme ideas</title>");
  });

  test("the focus ring stands out 3:1 from the page in light and dark: the brand colour where it does, the link colour where it does not", async () => {
    const rings = async (brandColor: string | null) => {
      await call("PUT", "/v1/portal", { brandColor });
      const style = /<style>([^<]*)<\/style>/.exec((await anonymous("/p/demo/roadmap")).body)![1]!;
      return [...style.matchAll(/--focus:(#[0-9a-f]{6})/g)].map((m) => m[1]);
    };
    // A pale yellow vanishes on white but shows on the dark page; the default indigo is 2.99:1 on the dark page.
    expect(await rings("#fde047")).toEqual(["#1d4ed8", "#fde047"]);
    expect(await rings(null)).toEqual(["#4f46e5", "#93c5fd"]);
    expect(await rings("#0e7490")).toEqual(["#0e7490", "#0e7490"]);
    expect(/<style>[^<]*:focus-visible\{outline:3px solid var\(--focus\)/.test((await anonymous("/p/demo/roadmap")).body)).toBe(true);
  });
  // Last: it moves the clock 91 days on, past the demo tokens' lifetime.
  test("the roadmap shows published feedbacks in columns prioritized, in development, fixed, and delivered in the last 90 days", async () => {
    const planned = await published("Calendar sync");
    const shipped = await published("Faster login");
    await call("PATCH", `/v1/feedbacks/${planned}`, { status: "prioritized" });
    await call("PATCH", `/v1/feedbacks/${shipped}`, { status: "delivered" });
    const res = await anonymous("/p/demo/roadmap");
    expect(res.status).toBe(200);
    for (const label of ["Planned", "In progress", "Fixed", "Complete"]) expect(res.body).toContain(label);
    expect(res.body).toContain("Calendar sync");
    expect(res.body).toContain("Faster login");
    expect(res.body).not.toContain("Dark mode");
    http.advanceClock(91 * 24 * 3_600_000);
    const later = await anonymous("/p/demo/roadmap");
    expect(later.body).toContain("Calendar sync");
    expect(later.body).not.toContain("Faster login");
  });
});

describe("a board whose published feedbacks are all done", () => {
  test("says nothing is open right now and links to every status, rather than that there is nothing", async () => {
    const app = await inProcess();
    const as = (method: string, path: string, body?: unknown) =>
      app.request(method, path, { token: app.demo.tokens.admin, ...(body !== undefined && { body }) });
    expect((await as("PUT", "/v1/portal", { enabled: true })).status).toBe(200);
    const sent = await app.request("POST", "/v1/reports", { body: { publicKey: app.demo.publicKey, kind: "idea", message: "Dark mode, please" } });
    const key = sent.body.ticketId as string;
    expect((await as("POST", `/v1/feedbacks/${key}/publish`, {})).status).toBe(200);
    expect((await as("PATCH", `/v1/feedbacks/${key}`, { status: "delivered" })).status).toBe(200);
    const board = await app.request("GET", "/p/demo");
    expect(board.body).toContain("Nothing open right now.");
    expect(board.body).toMatch(/<a href="\/p\/demo\?status=all[^"]*">See every status, done ones included<\/a>/);
    expect((await app.request("GET", "/p/demo?status=all")).body).toContain("Dark mode");
    app.close();
  });
});

describe("a board with nothing published yet", () => {
  let app: InProcess;
  const as = (method: string, path: string, body?: unknown) =>
    app.request(method, path, { token: app.demo.tokens.admin, ...(body !== undefined && { body }) });
  beforeAll(async () => {
    app = await inProcess();
    expect((await as("PUT", "/v1/portal", { enabled: true })).status).toBe(200);
    // A report the team has not published: the board has nothing to show, whatever its status.
    await app.request("POST", "/v1/reports", { body: { publicKey: app.demo.publicKey, kind: "idea", message: "Dark mode, please" } });
  });
  afterAll(() => app.close());

  test("says nothing is published yet, offering no link to every status (which would list nothing) and no filter", async () => {
    const board = (await app.request("GET", "/p/demo")).body as string;
    expect(board).toContain('<p class="empty">Nothing has been published here yet.</p>');
    expect(board).not.toContain("See every status");
    expect(board).not.toContain('class="filters"');
    const french = (await app.request("GET", "/p/demo?lang=fr")).body as string;
    expect(french).toContain('<p class="empty">Rien n’a encore été publié ici.</p>');
  });

  test("where people can post, invites them to post the first idea or problem", async () => {
    expect((await as("PUT", "/v1/portal", { signInUrl: "https://app.acme.example/login" })).status).toBe(200);
    expect((await as("POST", "/v1/portal/sso-secret")).status).toBe(200);
    try {
      const board = (await app.request("GET", "/p/demo")).body as string;
      expect(board).toContain('Nothing has been published here yet. <a href="/p/demo/new">Post the first idea or problem</a>');
      expect((await as("PUT", "/v1/portal", { posting: "off" })).status).toBe(200);
      expect((await app.request("GET", "/p/demo")).body).toContain('<p class="empty">Nothing has been published here yet.</p>');
    } finally {
      await as("PUT", "/v1/portal", { signInUrl: null, posting: "review" });
    }
  });
});
