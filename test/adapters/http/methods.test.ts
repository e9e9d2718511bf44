import { afterAll, beforeAll, expect, test } from "bun:test";
import { SESSION_COOKIE } from "../../../adapters/http/cookies.ts";
import { startSession } from "../../../core/sessions/start-session.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

test.each([
  ["DELETE", "/v1/reports", "POST"],
  ["PUT", "/v1/feedbacks/DEMO-1", "GET, PATCH"],
  ["POST", "/v1/feedbacks", "GET"],
  ["GET", "/v1/reports/any-id/answers", "POST"],
])("%s %s: 405 method_not_allowed with Allow: %s", async (method, path, allow) => {
  const res = await http.request(method, path);
  expect(res.status).toBe(405);
  expect(res.headers.get("allow")).toBe(allow);
  expect(res.body.code).toBe("method_not_allowed");
});

test("an unknown path is still 404 not_found, without Allow", async () => {
  const res = await http.request("GET", "/v1/nothing-here");
  expect([res.status, res.body.code, res.headers.get("allow")]).toEqual([404, "not_found", null]);
});

test("an address of no page, asked for by a browser, is a 404 page in its language leading to the inbox", async () => {
  for (const [language, title] of [
    ["en", "Page not found"],
    ["fr", "Page introuvable"],
  ] as const) {
    const res = await http.handle(
      new Request(`${http.url}/inboxx`, { headers: { accept: "text/html,application/xhtml+xml", "accept-language": language } }),
    );
    const page = await res.text();
    expect([res.status, res.headers.get("content-type")]).toEqual([404, "text/html; charset=utf-8"]);
    expect(page).toContain(`<h1>${title}</h1>`);
    expect(page).toContain('<a href="/inbox">');
  }
});

test("an unknown address is answered {error, code} where HTML is not asked for, or under the API's paths, whatever is accepted", async () => {
  const asked = [
    ["/inboxx", "application/json"],
    ["/inboxx", "*/*"],
    ["/v1/nothing-here", "text/html"],
    ["/mcp/nothing", "text/html"],
  ];
  for (const [path, accept] of asked) {
    const res = await http.request("GET", path!, { headers: { accept: accept! } });
    expect([path, accept, res.status, res.body.code]).toEqual([path, accept, 404, "not_found"]);
  }
});

test("the 404 page leads a portal's visitor and a reporter nowhere (a portal that may be off is its pages' to say), the team to its inbox", async () => {
  const pageAt = async (path: string) => (await http.handle(new Request(`${http.url}${path}`, { headers: { accept: "text/html" } }))).text();
  for (const path of ["/p/demo/ideas/old-link", "/s/abc/def", "/f/form/x/y"]) {
    const page = await pageAt(path);
    expect([path, page.includes("Page not found"), page.includes("<a href")]).toEqual([path, true, false]);
  }
  expect(await pageAt("/settings/nothing/here")).toContain('<a href="/inbox">Go to the inbox</a>');
});

test("an address whose escapes do not decode, asked for by a browser, is the 404 page; a program is answered {error, code}", async () => {
  for (const path of ["/p/demo/%E0%A4%A", "/f/%E0%A4%A", "/s/%E0%A4%A", "/inbox/%FF"]) {
    const page = await http.handle(new Request(`${http.url}${path}`, { headers: { accept: "text/html" } }));
    expect([path, page.status, (await page.text()).includes("<h1>Page not found</h1>")]).toEqual([path, 404, true]);
    const program = await http.request("GET", path);
    expect([path, program.status, program.body.code]).toEqual([path, 404, "not_found"]);
  }
});

test("a form's address visited by a browser says it takes a form, in its language: 405 with Allow; a program is answered {error, code}", async () => {
  for (const [language, title] of [
    ["en", "This address takes a form"],
    ["fr", "Cette adresse reçoit un formulaire"],
  ] as const) {
    const res = await http.handle(new Request(`${http.url}/p/demo/DEMO-1/vote`, { headers: { accept: "text/html", "accept-language": language } }));
    expect([res.status, res.headers.get("allow"), (await res.text()).includes(`<h1>${title}</h1>`)]).toEqual([405, "POST", true]);
  }
  const program = await http.request("GET", "/p/demo/DEMO-1/vote");
  expect([program.status, program.headers.get("allow"), program.body.code]).toEqual([405, "POST", "method_not_allowed"]);
});

test("a feedback's form address visited by a browser (a refused form's page reloaded, a bookmark) leads back to that feedback, in its language", async () => {
  for (const [language, back] of [
    ["en", "Back to DEMO-7"],
    ["fr", "Revenir à DEMO-7"],
  ] as const) {
    for (const path of ["/inbox/DEMO-7/tracker", "/inbox/DEMO-7/comments/c1/publish"]) {
      const res = await http.handle(new Request(`${http.url}${path}`, { headers: { accept: "text/html", "accept-language": language } }));
      const page = await res.text();
      expect([path, res.status, page.includes(`<a href="/inbox/DEMO-7">${back}</a>`), page.includes('<a href="/inbox">')]).toEqual([
        path,
        405,
        true,
        false,
      ]);
    }
  }
  // A form address under the inbox that is no feedback's leads to the inbox, as before.
  const view = await (await http.handle(new Request(`${http.url}/inbox/views/v1/delete`, { headers: { accept: "text/html" } }))).text();
  expect(view).toContain('<a href="/inbox">Go to the inbox</a>');
});

test("a member signed in reads the 404 page in the application's frame, its navigation and account at hand", async () => {
  const member = await http.services.store.findUserByEmail(http.demo.users.member.email);
  const { secret } = await startSession(http.services, member!.id);
  const res = await http.handle(new Request(`${http.url}/inboxx`, { headers: { accept: "text/html", cookie: `${SESSION_COOKIE}=${secret}` } }));
  const page = await res.text();
  expect(res.status).toBe(404);
  // A cookie sent twice is read as a page reads it, the first one: the 404 and the inbox agree on who is signed in.
  const twice = async (cookie: string) =>
    (await (await http.handle(new Request(`${http.url}/inboxx`, { headers: { accept: "text/html", cookie } }))).text()).includes('class="app-bar"');
  expect([
    await twice(`${SESSION_COOKIE}=${secret}; ${SESSION_COOKIE}=junk`),
    await twice(`${SESSION_COOKIE}=junk; ${SESSION_COOKIE}=${secret}`),
  ]).toEqual([true, false]);
  expect([page.includes('<header class="app-bar">'), page.includes("<h1>Page not found</h1>"), page.includes('action="/logout"')]).toEqual([
    true,
    true,
    true,
  ]);
});
