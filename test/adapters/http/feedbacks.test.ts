import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { distinctText } from "../../support/distinct.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let http: InProcess;
let offset = 0;
let other: { token: string; key: string; appId: string };

beforeAll(async () => {
  http = await inProcess({ with: { clock: () => Date.now() + offset } });
  // A second organization, to prove that nothing crosses tenants.
  await http.cli("org", "create", "Other", "--prefix", "OTHER", "--plan", "free");
  const appId = /^app (\S+)/m.exec(await http.cli("app", "create", "OTHER", "Other app"))![1]!;
  const key = (await http.cli("channel", "create", "OTHER", appId, "--kind", "api")).trim();
  await http.cli("user", "create", "owner@other.test");
  await http.cli("member", "add", "OTHER", "owner@other.test", "admin");
  const { token } = JSON.parse(await http.cli("token", "create", "OTHER", "owner@other.test", "--json"));
  other = { token, key, appId };
});
afterAll(() => http.close());

const get = (path: string, token?: string, headers: Record<string, string> = {}) => http.request("GET", path, { token, headers });
const post = (path: string, body: unknown) => http.request("POST", path, { body });
const patch = (path: string, token: string | undefined, body: unknown) =>
  http.request("PATCH", path, { token, ...(typeof body === "string" ? { raw: body, headers: { "content-type": "application/json" } } : { body }) });

const admin = () => http.demo.tokens.admin;
async function createReport(message: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await post(`/v1/reports`, { publicKey: http.demo.publicKey, kind: "problem", message, ...extra });
  expect(res.status).toBe(201);
  return res.body.ticketId;
}

/** Each REST route of the specification that takes a Bearer token, with a body it would accept. */
const BEARER_ROUTES = (): Array<[method: string, path: string]> => [
  ["GET", "/v1/feedbacks"],
  ["GET", "/v1/feedbacks/DEMO-1"],
  ["PATCH", "/v1/feedbacks/DEMO-1"],
  ["GET", "/v1/apps"],
  ["GET", `/v1/apps/${http.demo.appId}/features`],
];
/** What a route answers to a request with this token (none when undefined): status, body and challenge. */
const refusal = async ([method, path]: [string, string], token?: string) => {
  const res = await http.request(method, path, { token, ...(method === "PATCH" && { body: { status: "fixed" } }) });
  return { route: `${method} ${path}`, status: res.status, body: res.body, challenge: res.headers.get("www-authenticate")?.split(" ")[0] };
};

describe("authentication", () => {
  test("401 unauthorized: token absent, on every route", async () => {
    for (const route of BEARER_ROUTES()) {
      expect(await refusal(route)).toEqual({
        route: `${route[0]} ${route[1]}`,
        status: 401,
        body: { error: expect.stringContaining("Bearer"), code: "unauthorized" },
        challenge: "Bearer",
      });
    }
  });

  test("401 invalid_token: an unknown token, on every route", async () => {
    for (const route of BEARER_ROUTES()) {
      expect(await refusal(route, "rtr_unknown")).toEqual({
        route: `${route[0]} ${route[1]}`,
        status: 401,
        body: { error: expect.any(String), code: "invalid_token" },
        challenge: "Bearer",
      });
    }
  });

  test("401 invalid_token: revoked", async () => {
    const { id, token } = JSON.parse(await http.cli("token", "create", "DEMO", "member@demo.test", "--json"));
    expect((await get(`/v1/apps`, token)).status).toBe(200);
    await http.cli("token", "revoke", "DEMO", id);
    const res = await get(`/v1/apps`, token);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("invalid_token");
  });

  test("401 invalid_token: expired", async () => {
    const { token } = JSON.parse(await http.cli("token", "create", "DEMO", "member@demo.test", "--days", "1", "--json"));
    expect((await get(`/v1/apps`, token)).status).toBe(200);
    offset += 86_400_000 + 1_000;
    expect((await get(`/v1/apps`, token)).body.code).toBe("invalid_token");
  });

  test("401 invalid_token: the person left the organization", async () => {
    await http.cli("user", "create", "leaver@demo.test");
    await http.cli("member", "add", "DEMO", "leaver@demo.test", "member");
    const { token } = JSON.parse(await http.cli("token", "create", "DEMO", "leaver@demo.test", "--json"));
    expect((await get(`/v1/apps`, token)).status).toBe(200);
    await http.cli("member", "remove", "DEMO", "leaver@demo.test");
    expect((await get(`/v1/apps`, token)).body.code).toBe("invalid_token");
  });

  test("403 insufficient_scope: token lacks feedbacks:read on every GET", async () => {
    const { token } = JSON.parse(await http.cli("token", "create", "DEMO", "admin@demo.test", "--scopes", "reports:write", "--json"));
    for (const path of ["/v1/feedbacks", "/v1/feedbacks/DEMO-1", "/v1/apps", `/v1/apps/${http.demo.appId}/features`]) {
      const res = await get(`${path}`, token);
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 403, code: "insufficient_scope" });
    }
  });

  test("no token is issued with a scope beyond its holder's role: the CLI refuses it, naming the scopes the role has", async () => {
    await expect(http.cli("token", "create", "DEMO", "reader@demo.test", "--scopes", "feedbacks:read,feedbacks:write")).rejects.toThrow(
      "scopes: expected one of feedbacks:read, agents:manage.",
    );
    const listed = (await http.cli("token", "list", "DEMO")).split("\n");
    expect(listed.filter((line) => line.includes("reader@demo.test")).length).toBeGreaterThan(0);
    expect(listed.filter((line) => line.includes("reader@demo.test") && line.includes("feedbacks:write"))).toEqual([]);
  });

  test("403 insufficient_scope: token lacks feedbacks:write on PATCH", async () => {
    const key = await createReport("Scope test about notifications badge");
    const res = await patch(`/v1/feedbacks/${key}`, http.demo.tokens.readOnly, { status: "prioritized" });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("insufficient_scope");
    expect(res.headers.get("www-authenticate")).toContain('scope="feedbacks:write"');
  });

  test("403 forbidden: the Reader role cannot modify", async () => {
    const key = await createReport("Reader test about the avatar upload");
    const res = await patch(`/v1/feedbacks/${key}`, http.demo.tokens.reader, { status: "prioritized" });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
  });

  test("a role change takes effect at once: a Member demoted to Reader is forbidden", async () => {
    await http.cli("user", "create", "demoted@demo.test");
    await http.cli("member", "add", "DEMO", "demoted@demo.test", "member");
    const { token } = JSON.parse(await http.cli("token", "create", "DEMO", "demoted@demo.test", "--json"));
    const key = await createReport("Role change test about the export");
    expect((await patch(`/v1/feedbacks/${key}`, token, { status: "prioritized" })).status).toBe(200);
    await http.cli("member", "add", "DEMO", "demoted@demo.test", "reader");
    expect((await patch(`/v1/feedbacks/${key}`, token, { status: "fixed" })).body.code).toBe("forbidden");
  });
});

describe("tenant isolation", () => {
  test("another organization's token never sees, reads or changes these feedbacks, apps or features", async () => {
    const key = await createReport("Tenant isolation probe about the billing page");
    const list = await get(`/v1/feedbacks?status=all`, other.token);
    expect(list.body.data.map((f: any) => f.key)).not.toContain(key);
    expect((await get(`/v1/feedbacks/${key}`, other.token)).status).toBe(404);
    const changed = await patch(`/v1/feedbacks/${key}`, other.token, { status: "dismissed" });
    expect({ status: changed.status, code: changed.body.code }).toEqual({ status: 404, code: "not_found" });
    expect((await get(`/v1/apps`, other.token)).body.data.map((a: any) => a.id)).toEqual([other.appId]);
    expect((await get(`/v1/apps/${http.demo.appId}/features`, other.token)).status).toBe(404);
    expect((await get(`/v1/feedbacks/${key}`, admin())).body.status).toBe("triage");
  });
});

describe("GET /v1/feedbacks", () => {
  test("pages by cursor over more than one page, with filters, newest activity first, no duplicates or gaps", async () => {
    const tag = `pagingtag${Date.now()}`;
    const keys: string[] = [];
    for (let i = 0; i < 7; i++) keys.push(await createReport(`${tag} ${distinctText(i)}`, { kind: i % 2 ? "idea" : "problem" }));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(`/v1/feedbacks?query=${tag}&kind=problem&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, admin());
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.data.map((f: any) => f.key));
      for (const f of res.body.data) expect(f.kind).toBe("problem");
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual(keys.filter((_, i) => i % 2 === 0).reverse());
  });

  test("limit defaults to 20", async () => {
    for (let i = 0; i < 21; i++) await createReport(distinctText(i));
    const res = await get(`/v1/feedbacks?status=all`, admin());
    expect(res.body.data.length).toBe(20);
    expect(typeof res.body.nextCursor).toBe("string");
  });

  test("status filters: open (default), closed, all, and a single status", async () => {
    const key = await createReport("Status filter probe about the onboarding tour");
    await patch(`/v1/feedbacks/${key}`, admin(), { status: "dismissed", comment: "won't fix" });
    const keysFor = async (q: string) => (await get(`/v1/feedbacks?query=onboarding%20tour${q}`, admin())).body.data.map((f: any) => f.key);
    expect(await keysFor("")).not.toContain(key);
    expect(await keysFor("&status=closed")).toContain(key);
    expect(await keysFor("&status=all")).toContain(key);
    expect(await keysFor("&status=dismissed")).toContain(key);
    expect(await keysFor("&status=triage")).not.toContain(key);
  });

  test("query searches key, title and report text, as word prefixes, accents merged", async () => {
    const key = await createReport("Le téléchargement du relevé échoue", { title: "Relevé bancaire" });
    const find = async (q: string) => (await get(`/v1/feedbacks?query=${encodeURIComponent(q)}`, admin())).body.data.map((f: any) => f.key);
    expect(await find("telechargement")).toContain(key);
    expect(await find("releve banc")).toContain(key);
    expect(await find(key)).toEqual([key]);
  });

  test("query finds a word by its plural: invoices finds the invoice, companies the company", async () => {
    const key = await createReport("The invoice of my company shows the wrong total", { title: "Wrong invoice total" });
    const find = async (q: string) => (await get(`/v1/feedbacks?query=${encodeURIComponent(q)}`, admin())).body.data.map((f: any) => f.key);
    expect(await find("invoices")).toContain(key);
    expect(await find("companies totals")).toContain(key);
  });

  test("query finds a hyphenated word by its joined form and the joined form by the hyphenated (email and e-mail, sign-in and signin), and sign-in still sign in", async () => {
    const hyphenated = await createReport("The e-mail after sign-in never arrives", { title: "No e-mail after sign-in" });
    const joined = await createReport("The email after signin never arrives", { title: "No email after signin" });
    const apart = await createReport("No mail comes when I sign in", { title: "No mail at sign in" });
    const find = async (q: string) => (await get(`/v1/feedbacks?query=${encodeURIComponent(q)}`, admin())).body.data.map((f: any) => f.key);
    for (const query of ["email", "e-mail", "signin arrives", "sign-in arrives"])
      expect({ query, found: await find(query) }).toEqual({ query, found: [joined, hyphenated] });
    expect(await find("sign-in")).toEqual([apart, joined, hyphenated]);
  });

  test("appId and featureId filters", async () => {
    const key = await createReport("App filter probe about the sidebar");
    expect((await get(`/v1/feedbacks?appId=${http.demo.appId}&query=sidebar`, admin())).body.data.map((f: any) => f.key)).toContain(key);
    expect((await get(`/v1/feedbacks?appId=nope&query=sidebar`, admin())).body.data).toEqual([]);
    expect((await get(`/v1/feedbacks?featureId=${http.demo.featureId}&query=sidebar`, admin())).body.data).toEqual([]);
  });

  test("400 invalid_query: unknown filter or invalid value", async () => {
    for (const q of ["status=opened", "kind=bug", "severity=P5", "limit=0", "limit=101", "limit=ten", "colour=red", `query=${"q".repeat(201)}`]) {
      const res = await get(`/v1/feedbacks?${q}`, admin());
      expect({ q, status: res.status, code: res.body.code }).toEqual({ q, status: 400, code: "invalid_query" });
    }
    expect((await get(`/v1/feedbacks?query=${"q".repeat(200)}&limit=100&limit=1`, admin())).status).toBe(400);
    expect((await get(`/v1/feedbacks?query=${"q".repeat(200)}&limit=100`, admin())).status).toBe(200);
  });

  test("400 invalid_cursor: unreadable, tampered, or used with other filters", async () => {
    for (let i = 0; i < 3; i++) await createReport(`legend ${distinctText(i + 10)}`);
    const first = await get(`/v1/feedbacks?query=legend&limit=1`, admin());
    const cursor: string = first.body.nextCursor;
    const [payload, mac] = cursor.split(".");
    const tampered = `${payload!.slice(0, -2)}${payload!.endsWith("A") ? "B" : "A"}${payload!.slice(-1)}.${mac}`;
    for (const bad of ["garbage", tampered, `${payload}.${mac!.replace(/.$/, (c) => (c === "A" ? "B" : "A"))}`]) {
      const res = await get(`/v1/feedbacks?query=legend&limit=1&cursor=${encodeURIComponent(bad)}`, admin());
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: "invalid_cursor" });
    }
    expect((await get(`/v1/feedbacks?query=other&limit=1&cursor=${encodeURIComponent(cursor)}`, admin())).body.code).toBe("invalid_cursor");
    expect((await get(`/v1/feedbacks?query=legend&limit=1&cursor=${encodeURIComponent(cursor)}`, admin())).status).toBe(200);
  });

  test("French error messages with Accept-Language: fr", async () => {
    const res = await get(`/v1/feedbacks`, undefined, { "accept-language": "fr" });
    expect(res.body).toEqual({
      error: "Un jeton d’accès est requis\u202f: envoyez-le dans l’en-tête Authorization, sous la forme Bearer <jeton>.",
      code: "unauthorized",
    });
  });
});

describe("GET /v1/feedbacks/{key}", () => {
  test("reads by key or by id, with its reports and the full context on the enterprise plan", async () => {
    const key = await createReport("Reading probe about the map zoom", { url: "https://app.example/map", user: { name: "Zoe" } });
    const byKey = await get(`/v1/feedbacks/${key}`, admin());
    expect(byKey.status).toBe(200);
    expect(byKey.body.reportList).toEqual([
      { id: expect.any(String), source: "api", author: "Zoe", at: byKey.body.createdAt, text: "Reading probe about the map zoom" },
    ]);
    // The triage job may have added its diagnostic by now; the page is the report's own.
    expect(byKey.body.fullContext).toMatchObject({ page: { url: "https://app.example/map" } });
    expect(byKey.body.url).toBe(`http://localhost:3000/inbox/${key}`);
    expect((await get(`/v1/feedbacks/${byKey.body.id}`, admin())).body.key).toBe(key);
  });

  test("fullContext is null without the add-on (free plan)", async () => {
    const res = await post(`/v1/reports`, { publicKey: other.key, kind: "idea", message: "Free plan probe about exports" });
    expect((await get(`/v1/feedbacks/${res.body.ticketId}`, other.token)).body.fullContext).toBeNull();
  });

  test("404 not_found: no feedback with this key in the organization, said by name", async () => {
    const res = await get(`/v1/feedbacks/demo-999999`, admin());
    expect({ status: res.status, body: res.body }).toEqual({
      status: 404,
      body: { error: "No feedback DEMO-999999 in this organization.", code: "not_found" },
    });
  });

  test("a key whose escapes do not decode (%FF, a lone %) names no feedback: 404 not_found, on every route under it", async () => {
    for (const key of ["%FF", "%", "%E0%A4%A"]) {
      for (const path of [`/v1/feedbacks/${key}`, `/v1/feedbacks/${key}/similar`, `/v1/feedbacks/${key}/voters`]) {
        const res = await get(path, admin());
        expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 404, code: "not_found" });
      }
      const changed = await patch(`/v1/feedbacks/${key}`, admin(), { status: "fixed" });
      expect({ status: changed.status, code: changed.body.code }).toEqual({ status: 404, code: "not_found" });
    }
  });
});

describe("PATCH /v1/feedbacks/{key}", () => {
  test("changes the status and returns the updated feedback", async () => {
    const key = await createReport("Patch probe about the keyboard shortcuts");
    const res = await patch(`/v1/feedbacks/${key}`, http.demo.tokens.member, { status: "in_development", comment: "PR #12" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ key, status: "in_development" });
    expect((await get(`/v1/feedbacks/${key}`, admin())).body.status).toBe("in_development");
  });

  test("400 invalid_json and invalid_body; comment at most 5000 characters", async () => {
    const key = await createReport("Patch validation probe about tags");
    const url = `/v1/feedbacks/${key}`;
    expect((await patch(url, admin(), "{oops")).body.code).toBe("invalid_json");
    for (const body of [{}, { status: "done" }, { status: "fixed", comment: "c".repeat(5001) }, { status: "fixed", comment: 3 }]) {
      const res = await patch(url, admin(), body);
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: "invalid_body" });
    }
    expect((await patch(url, admin(), { status: "fixed", comment: "c".repeat(5000) })).status).toBe(200);
  });

  test("400 invalid_body for a field the body does not name, as /openapi.json says of it (additionalProperties: false)", async () => {
    const key = await createReport("Patch probe about an unnamed field");
    const res = await patch(`/v1/feedbacks/${key}`, admin(), { status: "fixed", reason: "duplicate" });
    expect([res.status, res.body]).toEqual([400, { code: "invalid_body", error: "The request body is invalid. reason: not a known field." }]);
    const doc = (await get("/openapi.json")).body;
    const schema = doc.paths["/v1/feedbacks/{key}"].patch.requestBody.content["application/json"].schema.$ref.split("/").at(-1);
    expect(doc.components.schemas[schema].additionalProperties).toBe(false);
  });

  test("a merge without into (POST /v1/feedbacks/{key}/merge) is 400 invalid_body naming the unknown fields given beside it", async () => {
    const key = await createReport("Merge probe about a misnamed field");
    const res = await http.request("POST", `/v1/feedbacks/${key}/merge`, { token: admin(), body: { target: "DEMO-1" } });
    expect([res.status, res.body]).toEqual([
      400,
      { code: "invalid_body", error: "The request body is invalid. into: required (not a known field: target)." },
    ]);
  });

  test("the body is read before the token: an unauthenticated PATCH is 401 with a good body, 400 with an unreadable one", async () => {
    expect((await patch(`/v1/feedbacks/DEMO-1`, undefined, { status: "fixed" })).body.code).toBe("unauthorized");
    expect((await patch(`/v1/feedbacks/DEMO-1`, undefined, "{oops")).body.code).toBe("invalid_json");
  });

  test("404 not_found", async () => {
    expect((await patch(`/v1/feedbacks/NOPE-1`, admin(), { status: "fixed" })).body.code).toBe("not_found");
  });
});

describe("apps and features", () => {
  test("GET /v1/apps lists the organization's apps", async () => {
    const res = await get(`/v1/apps`, admin());
    expect(res.body.data).toEqual([{ id: http.demo.appId, name: "Demo app", kind: "web", description: "The app the demo reports are about." }]);
  });

  test("GET /v1/apps/{id}/features gives the flat map with open feedbacks per feature", async () => {
    const res = await get(`/v1/apps/${http.demo.appId}/features`, admin());
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(3);
    const checkout = res.body.data.find((f: any) => f.id === http.demo.featureId);
    expect(checkout).toMatchObject({ name: "Checkout", path: "checkout", kind: "flow", severityFloor: "P1", openFeedbacks: 0 });
    expect(checkout.code).toEqual([{ path: "src/checkout/flow.ts" }]);
  });

  test("404 not_found: unknown app, named", async () => {
    const res = await get(`/v1/apps/nope/features`, admin());
    expect({ status: res.status, body: res.body }).toEqual({
      status: 404,
      body: { error: "No app 'nope' in this organization.", code: "not_found" },
    });
  });
});
