import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";
import { toolCall } from "../../support/mcp-client.ts";

// The demo organization is filled to each limit here, in a file of its own, so no other file's lists change.
let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const admin = () => signedInAs(http, "admin", "/settings/apps", { origin: http.url });
/** The form of a page that posts to `action`, alone, so the browser submits that one. */
const formOf = (page: string, action: string) => page.slice(page.indexOf(`<form method="post" action="${action}"`));
/** A refusal as `outcome()` says it: an alert, first under the page's heading. */
const alert = (said: string) => `<p class="error" role="alert" tabindex="-1" autofocus>${said}</p>`;

describe("API keys: at most 50 live ones per organization", () => {
  const create = (name: string, headers: Record<string, string> = {}) =>
    http.request("POST", "/v1/api-keys", { body: { name, scopes: ["reports:write"] }, token: http.demo.tokens.admin, headers });

  /** The organization at its 50 live keys, whatever the tests before left. */
  async function filled(): Promise<void> {
    const live = (await http.request("GET", "/v1/api-keys", { token: http.demo.tokens.admin })).body.data.length;
    for (let n = live; n < 50; n++) expect((await create(`script-${n}`)).status).toBe(201);
  }

  test("POST /v1/api-keys beyond 50 live keys: 409 limit_reached, naming the limit and what to do", async () => {
    await filled();
    const refused = await create("one-too-many");
    expect([refused.status, refused.body]).toEqual([
      409,
      { error: "An organization may have at most 50 API keys: revoke one before creating another.", code: "limit_reached" },
    ]);
  });

  test("in French, the refusal names the limit in French", async () => {
    await filled();
    const refused = await create("une-de-trop", { "accept-language": "fr" });
    expect(refused.body).toEqual({
      error: "Une organisation peut avoir au plus 50 clés d’API\u202f: révoquez-en une avant d’en créer une autre.",
      code: "limit_reached",
    });
  });

  test("Settings → API keys: a key beyond the limit is refused (409) in an alert naming it", async () => {
    await filled();
    const browser = await admin();
    const page = await (await browser.fetch("/settings/api-keys")).text();
    const refused = await browser.submit(formOf(page, "/settings/api-keys"), { name: "one-too-many", "scope.reports:write": "yes" });
    expect([refused.status, await refused.text()]).toEqual([
      409,
      expect.stringContaining(alert("An organization may have at most 50 API keys: revoke one before creating another.")),
    ]);
  });

  test("a revoked key makes room for another", async () => {
    await filled();
    const [first] = (await http.request("GET", "/v1/api-keys", { token: http.demo.tokens.admin })).body.data;
    expect((await http.request("DELETE", `/v1/api-keys/${first.id}`, { token: http.demo.tokens.admin })).status).toBe(204);
    expect((await create("in-its-place")).status).toBe(201);
  });
});

describe("apps: at most 50 per organization", () => {
  const APP_LIMIT =
    "An organization may have at most 50 apps, and an app is never deleted: give one of its apps a channel rather than create another app.";

  /** The organization at its 50 apps, whatever the tests before left. */
  let made = 0;
  async function filled(): Promise<void> {
    while (await http.services.store.createApp({ id: `filler-${++made}`, orgId: http.demo.orgId, name: `Filler ${made}`, kind: "web" }, 50));
  }

  test("Settings → Apps: an app beyond the limit is refused (409) in an alert naming it", async () => {
    await filled();
    const browser = await admin();
    const page = await (await browser.fetch("/settings/apps")).text();
    const refused = await browser.submit(formOf(page, "/settings/apps"), { name: "One too many", kind: "web" });
    expect([refused.status, await refused.text()]).toEqual([409, expect.stringContaining(alert(APP_LIMIT))]);
  });

  test("the operator's app create is held to it too", async () => {
    await filled();
    await expect(http.cli("app", "create", http.demo.orgId, "One too many")).rejects.toThrow(APP_LIMIT);
  });
});

describe("channels: at most 50 per app, disabled ones included", () => {
  test("Settings → an app's channels: a channel beyond the limit is refused (409) in an alert naming it", async () => {
    const { appId, orgId } = http.demo;
    let n = 0;
    while (await http.services.store.createChannel({ id: `ch-${++n}`, orgId, appId, kind: "form", key: `form_filler_${n}`, active: false }, 50));
    const browser = await admin();
    const page = await (await browser.fetch(`/settings/apps/${appId}/channels`)).text();
    const refused = await browser.submit(formOf(page, `/settings/apps/${appId}/channels`), { kind: "api" });
    expect([refused.status, await refused.text()]).toEqual([
      409,
      expect.stringContaining(
        alert(
          "An app may have at most 50 channels, disabled ones included, and a channel is never deleted: enable one of its disabled channels rather than add another.",
        ),
      ),
    ]);
  });
});

describe("help articles: at most 1,000 per app", () => {
  test("Settings → an app's help center: an import of more than 1,000 articles is refused (409) naming the limit; the articles are kept", async () => {
    const { appId, orgId } = http.demo;
    const before = await http.services.store.listHelpArticles(orgId, appId);
    const articles = Array.from({ length: 1001 }, (_, n) => ({ title: `T${n}`, url: "https://x.io", body: "b" }));
    const browser = await admin();
    const page = await (await browser.fetch(`/settings/apps/${appId}/help`)).text();
    const refused = await browser.submit(formOf(page, `/settings/apps/${appId}/help`), { json: JSON.stringify(articles) });
    expect([refused.status, await refused.text()]).toEqual([
      409,
      expect.stringContaining(alert("An app&#39;s help center holds at most 1,000 articles: import at most 1,000, which replace those it has.")),
    ]);
    expect(await http.services.store.listHelpArticles(orgId, appId)).toEqual(before);
  });
});

describe("tags: at most 500 per organization", () => {
  const LIMIT = {
    error:
      "An organization may have at most 500 tags: tag with one it has, or rename a tag into another to merge them (Settings → Tags) before creating one.",
    code: "limit_reached",
  };

  /** A new feedback's key, the organization at its 500 tags (by tagging that feedback), whatever the tests before left. */
  async function filled(): Promise<string> {
    const report = { publicKey: http.demo.publicKey, kind: "problem", message: "The invoice page is blank" };
    const key = (await http.request("POST", "/v1/reports", { body: report })).body.ticketId;
    const tag = (tags: string[]) => http.request("PATCH", `/v1/feedbacks/${key}`, { body: { tags }, token: http.demo.tokens.member });
    let held = (await http.request("GET", "/v1/tags", { token: http.demo.tokens.member })).body.data.length;
    while (held < 500) {
      const batch = Array.from({ length: Math.min(20, 500 - held) }, (_, i) => `bulk-${held + i}`);
      expect((await tag(batch)).status).toBe(200);
      held += batch.length;
    }
    return key;
  }

  test("PATCH /v1/feedbacks/{key} creating a tag beyond 500: 409 limit_reached, naming the limit and what to do", async () => {
    const key = await filled();
    const refused = await http.request("PATCH", `/v1/feedbacks/${key}`, { body: { tags: ["one-too-many"] }, token: http.demo.tokens.member });
    expect([refused.status, refused.body]).toEqual([409, LIMIT]);
  });

  test("update_feedback over MCP creating a tag beyond 500: a tool error whose text is the limit_reached body naming the limit, as PATCH answers it", async () => {
    const key = await filled();
    const res = await http.handle(toolCall(http.url, http.demo.tokens.member, "update_feedback", { key, tags: ["one-too-many"] }));
    const { result } = (await res.json()) as { result: { isError?: boolean; content: Array<{ text: string }> } };
    expect([res.status, result.isError, JSON.parse(result.content[0]!.text)]).toEqual([200, true, LIMIT]);
  });

  test("/openapi.json names limit_reached among the 409s of PATCH /v1/feedbacks/{key} and POST /v1/feedbacks/bulk, which tags beyond the specification may answer", async () => {
    const { paths } = (await http.request("GET", "/openapi.json")).body;
    expect([
      paths["/v1/feedbacks/{key}"].patch.responses["409"]?.description,
      paths["/v1/feedbacks/bulk"].post.responses["409"]?.description,
    ]).toEqual([expect.stringContaining("limit_reached"), expect.stringContaining("limit_reached")]);
  });
});
