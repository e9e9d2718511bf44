import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { SESSION_COOKIE } from "../../../adapters/http/cookies.ts";
import { startSession } from "../../../core/sessions/start-session.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";
import { scratchDir } from "../../support/scratch.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const trends = (appId: string, query = "", token = http.demo.tokens.reader) => http.request("GET", `/v1/apps/${appId}/trends${query}`, { token });
const report = (kind: "problem" | "idea", message: string) =>
  http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind, message } });

describe("GET /v1/apps/{id}/trends", () => {
  test("counts today's reports by kind and by feature over 30 days by default, 90 on demand", async () => {
    const before = (await trends(http.demo.appId)).body;
    await report("problem", "The checkout button does nothing on the payment page");
    await report("idea", "A dark theme for the reading view would be welcome");
    await http.runJobs();
    const after = await trends(http.demo.appId);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ appId: http.demo.appId, days: 30 });
    expect(after.body.dates).toHaveLength(30);
    expect(after.body.dates.at(-1)).toBe(new Date().toISOString().slice(0, 10));
    expect(after.body.byKind.problem.at(-1) - before.byKind.problem.at(-1)).toBe(1);
    expect(after.body.byKind.idea.at(-1) - before.byKind.idea.at(-1)).toBe(1);
    const total = (body: typeof after.body) => body.byFeature.reduce((n: number, f: { total: number }) => n + f.total, 0);
    expect(total(after.body) - total(before)).toBe(2);
    expect((await trends(http.demo.appId, "?days=90")).body.dates).toHaveLength(90);
  });

  test("400 invalid_query for another period, a repeated or an unknown parameter, naming it", async () => {
    for (const query of ["?days=7", "?days=30&days=90", "?period=30", "?days="]) {
      const refused = await trends(http.demo.appId, query);
      expect([query, refused.status, refused.body.code]).toEqual([query, 400, "invalid_query"]);
    }
    expect((await trends(http.demo.appId, "?days=7")).body.error).toContain("days");
  });

  test("404 not_found for an app of no organization of the token, named; 401 without a token", async () => {
    expect((await trends("no-such-app")).body).toEqual({ error: "No app 'no-such-app' in this organization.", code: "not_found" });
    expect((await http.request("GET", `/v1/apps/${http.demo.appId}/trends`)).status).toBe(401);
  });
});

describe("the trends page", () => {
  test("each day's bar is titled with its figures, kind by kind, the colon as each language writes it", async () => {
    await report("problem", "Exports stall at the last page");
    const user = await http.services.store.findUserByEmail(http.demo.users.reader.email);
    const { secret } = await startSession(http.services, user!.id);
    const titles = async (language: string) => {
      const page = await http.request("GET", `/trends?lang=${language}`, {
        headers: { cookie: `${SESSION_COOKIE}=${secret}`, "accept-language": language },
      });
      return [...(page.body as string).matchAll(/<g><title>([^<]+)<\/title>/g)].map((m) => m[1]!).at(-1);
    };
    expect(await titles("en")).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}: Problem [1-9]\d*, Idea \d+, Praise \d+$/);
    expect(await titles("fr")).toMatch(/^\d{1,2} [a-zéû]+\.? \d{4}\u202f: Problème [1-9]\d*, Idée \d+, Compliment \d+$/);
  });
});

describe("the trends page's features growing this week", () => {
  test("are drawn as links, in the link colour and underlined, unlike the inbox's titles", async () => {
    const key = (await report("problem", "The basket forgets its items overnight")).body.ticketId;
    await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin, body: { featureId: http.demo.featureId } });
    const user = await http.services.store.findUserByEmail(http.demo.users.reader.email);
    const { secret } = await startSession(http.services, user!.id);
    const page = (await http.request("GET", "/trends", { headers: { cookie: `${SESSION_COOKIE}=${secret}` } })).body as string;
    expect(page).toContain(`<td class="title to-list"><a href="/inbox?status=all&amp;featureId=${http.demo.featureId}">`);
    expect(page).toContain("td.title>a{color:var(--fg);font-weight:600}td.title.to-list>a{color:var(--link);text-decoration:underline}");
  });
});

describe("the trends page of an organization with several apps", () => {
  /** A page as the demo's reader sees it. */
  const read = async (path: string) => {
    const user = await http.services.store.findUserByEmail(http.demo.users.reader.email);
    const { secret } = await startSession(http.services, user!.id);
    return (await http.request("GET", path, { headers: { cookie: `${SESSION_COOKIE}=${secret}` } })).body as string;
  };
  /** The trends page as the demo's reader sees it at `query`. */
  const page = (query = "") => read(`/trends${query}`);
  /** How many reports the chart of reports per day says it holds. */
  const total = (html: string) => Number(/<desc id="per-day-desc">(\d+) reports in/.exec(html)?.[1]);

  test("with one app there is no 'All apps' to choose: the app is all there is", async () => {
    const shown = await page();
    expect(shown).not.toContain("All apps");
    expect(shown).toContain("<title>Trends · Demo app · Retour</title>");
  });

  test("with several, it shows all apps by default, their reports added up; one chosen shows that one alone", async () => {
    const demoApp = total(await page(`?appId=${http.demo.appId}`));
    const appId = /^app (\S+)/m.exec(await http.cli("app", "create", "DEMO", "Kiosk"))![1]!;
    const publicKey = (await http.cli("channel", "create", "DEMO", appId, "--kind", "api")).trim();
    for (const message of ["The kiosk screen freezes", "The kiosk prints no receipt"])
      expect((await http.request("POST", "/v1/reports", { body: { publicKey, kind: "problem", message } })).status).toBe(201);
    const all = await page();
    expect(all).toContain('<option value="" selected>All apps</option>');
    expect(all).toContain("<title>Trends · All apps · Retour</title>");
    expect(total(all)).toBe(demoApp + 2);
    expect(total(await page(`?appId=${appId}`))).toBe(2);
    expect(await page(`?appId=${appId}`)).toContain(`<option value="${appId}" selected>Kiosk</option>`);
    expect(total(await page("?appId="))).toBe(demoApp + 2);
  });

  test("a feature is named by its name, as the inbox's filter names it; two of one app that share a name say their paths too", async () => {
    const appId = /^app (\S+)/m.exec(await http.cli("app", "create", "DEMO", "Billing desk"))![1]!;
    const map = join(scratchDir("trends"), "features.json");
    writeFileSync(
      map,
      JSON.stringify([
        { id: "inv", name: "Billing", path: "billing/invoices" },
        { id: "plans", name: "Billing", path: "billing/plans" },
        { id: "refunds", name: "Money back", path: "refunds" },
      ]),
    );
    await http.cli("features", "import", "DEMO", appId, map);
    const features = await http.services.store.listFeatures(http.demo.orgId, appId);
    const publicKey = (await http.cli("channel", "create", "DEMO", appId, "--kind", "api")).trim();
    for (const feature of features) {
      const key = (await http.request("POST", "/v1/reports", { body: { publicKey, kind: "problem", message: `The ${feature.path} page is blank` } }))
        .body.ticketId;
      await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin, body: { featureId: feature.id } });
    }
    const labels = [...(await page(`?appId=${appId}`)).matchAll(/<span class="hbar-label"><a href="[^"]*">([^<]+)<\/a><\/span>/g)].map((m) => m[1]);
    expect(labels.sort()).toEqual(["Billing (billing/invoices)", "Billing (billing/plans)", "Money back"]);
  });

  test("among all apps, a feature is named after its app", async () => {
    const key = (await report("problem", "Paying by card fails at the last step")).body.ticketId;
    await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin, body: { featureId: http.demo.featureId } });
    expect(await page()).toMatch(/<span class="hbar-label"><a href="[^"]*">Demo app › [^<]+<\/a><\/span>/);
  });

  test("a feature of the chart leads to the inbox's feedbacks of that feature, whatever their status; reports with no feature lead nowhere", async () => {
    const key = (await report("problem", "The receipt e-mail never arrives after paying")).body.ticketId;
    await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin, body: { featureId: http.demo.featureId } });
    const shown = await page();
    const href = `/inbox?status=all&amp;featureId=${http.demo.featureId}`;
    expect(shown).toContain(`<span class="hbar-label"><a href="${href}">`);
    expect(shown).toMatch(/<span class="hbar-label">No feature<\/span>/);
    expect(await read(href.replace("&amp;", "&"))).toContain(`>${key}</a>`);
  });
});
