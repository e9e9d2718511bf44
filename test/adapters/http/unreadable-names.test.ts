import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";

// Names the team writes and others read refuse the characters that reorder or hide text, through every way they are written.
let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const REORDERING = "text-direction and other control characters (such as U+202E) would make it read as something else";
/** What a web form says of such a name, which it puts back without them. */
const REMOVED =
  "text-direction and other control characters (such as U+202E), which would make it read as something else, were removed: check what remains and send it again";
/** A name that reads "Shop" followed by its own letters backwards; and as it reads with the character removed. */
const REVERSED = "Shop \u202Epohs";
const CLEANED = "Shop pohs";
const as = (role: "admin" | "member", path: string) => signedInAs(http, role, path, { origin: http.url });
/** The form of a page that posts to `action`, alone, so the browser submits that one. */
const formOf = (page: string, action: string) => page.slice(page.indexOf(`<form method="post" action="${action}"`));

describe("names that reorder or hide text, over the API and the CLI", () => {
  test("POST /v1/api-keys with such a name: 400 invalid_body naming name", async () => {
    const refused = await http.request("POST", "/v1/api-keys", {
      body: { name: REVERSED, scopes: ["reports:write"] },
      token: http.demo.tokens.admin,
    });
    expect([refused.status, refused.body.code, refused.body.error]).toEqual([400, "invalid_body", expect.stringContaining(`name: ${REORDERING}.`)]);
  });

  test("PUT /v1/portal with such a status label: 400 invalid_body naming it, and the portal as it was", async () => {
    const refused = await http.request("PUT", "/v1/portal", { body: { statusLabels: { fixed: "Fixed\u202E" } }, token: http.demo.tokens.admin });
    expect([refused.status, refused.body.code, refused.body.error]).toEqual([
      400,
      "invalid_body",
      expect.stringContaining(`statusLabels.fixed: ${REORDERING}.`),
    ]);
    expect((await http.request("GET", "/v1/portal", { token: http.demo.tokens.admin })).body.statusLabels).toEqual({});
  });

  test("PATCH /v1/feedbacks/{key} with a new tag of such a name: 400 invalid_body naming it, and no such tag", async () => {
    const report = { publicKey: http.demo.publicKey, kind: "problem", message: "The export button does nothing" };
    const key = (await http.request("POST", "/v1/reports", { body: report })).body.ticketId;
    const refused = await http.request("PATCH", `/v1/feedbacks/${key}`, { body: { tags: ["safari\u202E"] }, token: http.demo.tokens.member });
    expect([refused.status, refused.body.code, refused.body.error]).toEqual([400, "invalid_body", expect.stringContaining(`tags.0: ${REORDERING}.`)]);
    const tags = (await http.request("GET", "/v1/tags", { token: http.demo.tokens.member })).body.data as { name: string }[];
    expect(tags.map((t) => t.name)).not.toContain("safari\u202E");
  });

  test("the CLI's app create with such a name is refused, saying why", async () => {
    await expect(http.cli("app", "create", "DEMO", REVERSED)).rejects.toThrow(`name: ${REORDERING}.`);
  });
});

describe("names that reorder or hide text, in the web settings: put back without those characters, said beside their field", () => {
  test("Settings → Apps: a new app's name", async () => {
    const admin = await as("admin", "/settings/apps");
    const page = await (await admin.fetch("/settings/apps")).text();
    const refused = await admin.submit(formOf(page, "/settings/apps"), { name: REVERSED, kind: "web" });
    expect([refused.status, await refused.text()]).toEqual([
      400,
      expect.stringContaining(`<p class="error" role="alert" id="app-name-error">Name: ${REMOVED}.</p>`),
    ]);
  });

  test("Settings → Apps: the name refused comes back in its field without those characters, still marked invalid, with the kind chosen", async () => {
    const admin = await as("admin", "/settings/apps");
    const page = await (await admin.fetch("/settings/apps")).text();
    const form = formOf(await (await admin.submit(formOf(page, "/settings/apps"), { name: REVERSED, kind: "ios" })).text(), "/settings/apps");
    expect(form).toContain(`<input id="app-name" name="name" required maxlength="100" value="${CLEANED}" aria-invalid="true"`);
    expect(form).toContain('<option value="ios" selected>iOS</option>');
  });

  test("Settings → API keys: a new key's name", async () => {
    const admin = await as("admin", "/settings/api-keys");
    const page = await (await admin.fetch("/settings/api-keys")).text();
    const refused = await admin.submit(formOf(page, "/settings/api-keys"), { name: REVERSED, "scope.reports:write": "yes" });
    expect([refused.status, await refused.text()]).toEqual([
      400,
      expect.stringContaining(`<p class="error" role="alert" id="key-name-error">Name: ${REMOVED}.</p>`),
    ]);
  });

  test("Settings → API keys: the name refused comes back in its field without those characters, still marked invalid", async () => {
    const admin = await as("admin", "/settings/api-keys");
    const page = await (await admin.fetch("/settings/api-keys")).text();
    const refused = await admin.submit(formOf(page, "/settings/api-keys"), { name: REVERSED, "scope.reports:write": "yes" });
    expect(await refused.text()).toMatch(new RegExp(`name="name"[^>]*value="${CLEANED}"[^>]*aria-invalid="true"`));
  });

  test("Settings → Portal: its title, in French", async () => {
    const admin = await signedInAs(http, "admin", "/settings/portal", { origin: http.url, "accept-language": "fr" });
    const page = await (await admin.fetch("/settings/portal")).text();
    const { slug } = (await http.request("GET", "/v1/portal", { token: http.demo.tokens.admin })).body;
    const refused = await admin.submit(formOf(page, "/settings/portal"), { slug, title: REVERSED });
    expect([refused.status, await refused.text()]).toEqual([
      400,
      expect.stringMatching(
        /id="[a-z-]*title-error">[^<]*des caractères de sens d’écriture ou de contrôle \(comme U\+202E\), qui le feraient lire autrement, ont été retirés\u202f: vérifiez ce qui reste, puis envoyez à nouveau\./,
      ),
    ]);
  });

  test("Settings → Portal: a status label refused comes back in its field without those characters, still marked invalid", async () => {
    const admin = await as("admin", "/settings/portal");
    const page = await (await admin.fetch("/settings/portal")).text();
    const { slug } = (await http.request("GET", "/v1/portal", { token: http.demo.tokens.admin })).body;
    const refused = await admin.submit(formOf(page, "/settings/portal"), { slug, title: "Demo", "label-fixed": "Fixed\u202E" });
    expect(await refused.text()).toMatch(/id="label-fixed"[^>]*value="Fixed"[^>]*aria-invalid="true"/);
  });

  test("the inbox's saved views: a view's name", async () => {
    const member = await as("member", "/inbox");
    const refused = await member.submit(formOf(await (await member.fetch("/inbox")).text(), "/inbox/views"), { name: "Mine\u202E" });
    const shown = await (await member.fetch(refused.headers.get("location")!)).text();
    expect(shown).toContain(`<p class="error" role="alert" id="view-refused">Name of this view: ${REMOVED}.</p>`);
  });
});
