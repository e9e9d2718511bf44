import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { focusedField } from "../../support/focused-field.ts";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const as = (role: "admin" | "member") => signedInAs(http, role, "/settings/apps", { origin: http.url });

const features = async () =>
  (await http.request("GET", `/v1/apps/${http.demo.appId}/features`, { token: http.demo.tokens.admin })).body.data as {
    path: string;
    name: string;
    severityFloor?: string;
    cues?: string[];
    code?: unknown[];
  }[];

/** The form of a page that posts to `action`, alone, so the browser submits that one. */
const formOf = (page: string, action: string) => page.slice(page.indexOf(`<form method="post" action="${action}"`));

describe("an app's settings, one page per section", () => {
  test("the apps page sums up each app and links to its settings; each section is a page of its own, its tab marked current", async () => {
    const admin = await as("admin");
    const list = await (await admin.fetch("/settings/apps")).text();
    expect(list).toContain(`href="/settings/apps/${http.demo.appId}/channels"`);
    expect(list).not.toContain("<textarea");
    for (const section of ["channels", "widget", "grouping", "features", "help"]) {
      const res = await admin.fetch(`/settings/apps/${http.demo.appId}/${section}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(`<a href="/settings/apps/${http.demo.appId}/${section}" aria-current="page">`);
    }
  });

  test("the channels are named in words, a form channel with its public address to share", async () => {
    const page = await (await (await as("admin")).fetch(`/settings/apps/${http.demo.appId}/channels`)).text();
    for (const kind of ["API (from a server)", "Hosted form", "Widget (in web pages)"]) expect(page).toContain(`>${kind}</td>`);
    expect(page).toMatch(new RegExp(`<a href="http://localhost:3000/f/${http.demo.formKey}"[^>]*>http://localhost:3000/f/${http.demo.formKey}</a>`));
    expect(page).toContain('<option value="form">Hosted form</option>');
    // Whether each is on is a badge of its own colour, a disabled one greyed.
    expect([page.includes('<span class="badge state-on">Active</span>'), page.includes('<span class="badge state-off">Disabled</span>')]).toEqual([
      true,
      true,
    ]);
  });

  test("a Member sees no channel's key, only its last characters, which tell two channels of one kind apart", async () => {
    const page = await (await (await as("member")).fetch(`/settings/apps/${http.demo.appId}/channels`)).text();
    expect(page).not.toContain(http.demo.publicKey);
    expect(page).toContain(`<code>…${http.demo.publicKey.slice(-4)}</code>`);
  });

  test("an app created without a name is refused in a sentence saying what to give, 400", async () => {
    const admin = await as("admin");
    const page = await (await admin.fetch("/settings/apps")).text();
    const refused = await admin.submit(formOf(page, "/settings/apps"), { name: "  ", kind: "web" });
    expect(refused.status).toBe(400);
    // Said in the form that was refused, its field focused.
    const form = (await refused.text()).split('<form method="post" action="/settings/apps"')[1]!;
    expect(form).toMatch(
      /<p class="error" role="alert" id="app-name-error">Give the app a name, of at most 100 characters\.<\/p><input id="app-name" name="name" required maxlength="100" aria-invalid="true" aria-describedby="app-name-error" autofocus>/,
    );
    expect(form).toContain('<option value="ios">iOS</option>');
  });

  test("an unknown app or section is a 404 page", async () => {
    const admin = await as("admin");
    expect((await admin.fetch(`/settings/apps/${http.demo.appId}/channels`)).status).toBe(200);
    for (const path of ["/settings/apps/no-such-app/channels", `/settings/apps/${http.demo.appId}/nothing`]) {
      const page = await admin.fetch(path);
      // The settings' own page, its way back to all apps.
      expect([page.status, await page.text()]).toEqual([404, expect.stringContaining('<p><a href="/settings/apps">← All apps</a></p>')]);
    }
  });

  test("the feature map is edited in place: a row changed, one removed, one added, and what the table does not show (code files) kept", async () => {
    const admin = await as("admin");
    const before = await features();
    const page = await (await admin.fetch(`/settings/apps/${http.demo.appId}/features`)).text();
    const rowOf = (path: string) => before.findIndex((f) => f.path === path);
    const payment = rowOf("checkout/payment");
    const search = rowOf("search");
    const added = before.length; // the first empty row
    const res = await admin.submit(formOf(page, `/settings/apps/${http.demo.appId}/features/table`), {
      ...Object.fromEntries(
        before.flatMap((f, i) => [
          [`path-${i}`, f.path],
          [`name-${i}`, f.name],
          [`cues-${i}`, (f.cues ?? []).join(", ")],
        ]),
      ),
      [`name-${payment}`]: "Payment step",
      [`floor-${payment}`]: "P1",
      [`remove-${search}`]: "on",
      [`path-${added}`]: "account/export",
      [`name-${added}`]: "Data export",
      [`cues-${added}`]: "export, csv",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/settings/apps/${http.demo.appId}/features`);
    const after = await features();
    expect(after.map((f) => f.path).sort()).toEqual([...before.map((f) => f.path).filter((p) => p !== "search"), "account/export"].sort());
    expect(after.find((f) => f.path === "checkout/payment")).toMatchObject({
      name: "Payment step",
      severityFloor: "P1",
      code: before[payment]!.code,
    });
    expect(after.find((f) => f.path === "account/export")).toMatchObject({ name: "Data export", cues: ["export", "csv"] });
  });

  test("a row with a path and no name is refused with 400 and the reason beside the row's name, in words; the map is unchanged", async () => {
    const admin = await as("admin");
    const before = await features();
    const page = await (await admin.fetch(`/settings/apps/${http.demo.appId}/features`)).text();
    const res = await admin.submit(formOf(page, `/settings/apps/${http.demo.appId}/features/table`), {
      ...Object.fromEntries(
        before.flatMap((f, i) => [
          [`path-${i}`, f.path],
          [`name-${i}`, f.name],
        ]),
      ),
      [`path-${before.length}`]: "orphan/path",
    });
    expect(res.status).toBe(400);
    expect(focusedField(await res.text())).toEqual({
      id: `name-${before.length}`,
      invalid: true,
      said: ["Name: expected a non-empty text."],
      alerts: 0,
    });
    expect(await features()).toEqual(before);
  });

  test("a Member reads each section and is offered no form", async () => {
    const member = await as("member");
    for (const section of ["channels", "widget", "grouping", "features", "help"]) {
      const read = await member.fetch(`/settings/apps/${http.demo.appId}/${section}`);
      const page = await read.text();
      expect({
        section,
        status: read.status,
        current: page.includes(`href="/settings/apps/${http.demo.appId}/${section}" aria-current="page"`),
      }).toEqual({ section, status: 200, current: true });
      expect(page).not.toContain(`action="/settings/apps/${http.demo.appId}`);
    }
  });
});

describe("Settings → an app's widget says a refused field beside it", () => {
  const widgetForm = async (admin: Awaited<ReturnType<typeof as>>) =>
    formOf(await (await admin.fetch(`/settings/apps/${http.demo.appId}/widget`)).text(), `/settings/apps/${http.demo.appId}/browser`);

  test("an origin with a path is refused (400) beside the origins' field, which takes the focus, marked invalid, its hint and its error as its description, what was typed kept, with no alert above the form", async () => {
    const admin = await as("admin");
    const refused = await admin.submit(await widgetForm(admin), { origins: "https://shop.example/path", queryParams: "tab" });
    expect(refused.status).toBe(400);
    const shown = await refused.text();
    expect(focusedField(shown)).toEqual({
      id: `origins-${http.demo.appId}`,
      invalid: true,
      said: [
        "One exact origin per line, such as https://app.example.com or http://localhost:5173. The widget is refused everywhere else.",
        "Allowed origins: expected an exact origin such as https://app.example.com (scheme, host and port: no path, no wildcard).",
      ],
      alerts: 0,
    });
    expect(shown).toContain(">https://shop.example/path</textarea>");
  });

  test("a query parameter refused is said beside its own field", async () => {
    const admin = await as("admin");
    const refused = await admin.submit(await widgetForm(admin), { origins: "https://shop.example", queryParams: "not/a/name" });
    expect(refused.status).toBe(400);
    const shown = focusedField(await refused.text());
    expect([shown.id, shown.invalid, shown.alerts]).toEqual([`params-${http.demo.appId}`, true, 0]);
    expect(shown.said).toEqual([
      expect.stringMatching(/^Query parameters kept in page addresses \(the values of all others are dropped\): expected /),
    ]);
  });

  test("in French, an origin refused is said beside its field in French", async () => {
    const admin = await signedInAs(http, "admin", "/settings/apps", { origin: http.url, "accept-language": "fr" });
    const refused = await admin.submit(await widgetForm(admin), { origins: "https://shop.example/path" });
    const shown = focusedField(await refused.text());
    expect([shown.id, shown.invalid, shown.alerts]).toEqual([`origins-${http.demo.appId}`, true, 0]);
    expect(shown.said[1]).toBe(
      "Origines autorisées\u202f: doit être une origine exacte comme https://app.example.com (schéma, hôte et port\u202f: ni chemin ni joker).",
    );
  });
});

describe("Settings → an app's feature map and help center say a refused import or row beside its field", () => {
  /** Posts `fields` to the form of an app's section that posts to `action`, as an Admin whose browser speaks `language`. */
  async function refused(section: string, action: string, fields: Record<string, string>, language = "en") {
    const admin = await signedInAs(http, "admin", "/settings/apps", { origin: http.url, "accept-language": language });
    const page = await (await admin.fetch(`/settings/apps/${http.demo.appId}/${section}`)).text();
    return (await admin.submit(formOf(page, `/settings/apps/${http.demo.appId}/${action}`), fields)).text();
  }
  /** The rows of the feature table as the page shows them, with one more row filled. */
  const tableWith = (before: Awaited<ReturnType<typeof features>>, added: Record<string, string>) => ({
    ...Object.fromEntries(
      before.flatMap((f, i) => [
        [`path-${i}`, f.path],
        [`name-${i}`, f.name],
      ]),
    ),
    ...added,
  });

  test("a feature map import that is not JSON opens its section, says so beside the text, which takes the focus and keeps what was pasted", async () => {
    const shown = await refused("features", "features", { json: "[{ path: oops" });
    expect(focusedField(shown)).toEqual({
      id: `features-${http.demo.appId}`,
      invalid: true,
      said: ["Feature map: features: not valid JSON."],
      alerts: 0,
    });
    expect(shown).toContain("<details open><summary>");
    expect(shown).toContain(">[{ path: oops</textarea>");
  });

  test("in French, a feature map import that is not JSON is said beside the text", async () => {
    const shown = await refused("features", "features", { json: "{" }, "fr");
    expect(focusedField(shown)).toEqual({
      id: `features-${http.demo.appId}`,
      invalid: true,
      said: ["Carte des fonctionnalités\u202f: features\u202f: pas du JSON valide."],
      alerts: 0,
    });
  });

  test("a help center import that is not JSON opens its section, says so beside the text, which takes the focus", async () => {
    const shown = await refused("help", "help", { json: "nope" });
    expect(focusedField(shown)).toEqual({
      id: `help-${http.demo.appId}`,
      invalid: true,
      said: ["Help center: articles: not valid JSON."],
      alerts: 0,
    });
    expect(shown).toContain("<details open><summary>");
  });

  test("in French, a help center import that is not JSON is said beside the text", async () => {
    const shown = await refused("help", "help", { json: "nope" }, "fr");
    expect(focusedField(shown)).toEqual({
      id: `help-${http.demo.appId}`,
      invalid: true,
      said: ["Centre d’aide\u202f: articles\u202f: pas du JSON valide."],
      alerts: 0,
    });
  });

  test("a feature table row whose path another row has is refused beside its path, the table kept as sent", async () => {
    const before = await features();
    const shown = await refused(
      "features",
      "features/table",
      tableWith(before, { [`path-${before.length}`]: before[0]!.path, [`name-${before.length}`]: "Twin" }),
    );
    expect(focusedField(shown)).toEqual({ id: `path-${before.length}`, invalid: true, said: ["Path: given more than once."], alerts: 0 });
    expect(shown).toContain(`name="name-${before.length}" value="Twin"`);
  });

  test("in French, a feature table row with a path and no name is refused beside the row's name", async () => {
    const before = await features();
    const shown = await refused("features", "features/table", tableWith(before, { [`path-${before.length}`]: "sans/nom" }), "fr");
    expect(focusedField(shown)).toEqual({ id: `name-${before.length}`, invalid: true, said: ["Nom\u202f: doit être un texte non vide."], alerts: 0 });
    expect(shown).toContain(`value="sans/nom"`);
  });
});
