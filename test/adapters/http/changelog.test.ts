import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inProcess, type InProcess } from "../../support/in-process.ts";

describe("the changelog over REST", () => {
  let http: InProcess;
  const keys: string[] = [];
  beforeAll(async () => {
    http = await inProcess();
    for (const message of ["Export to PDF gives a blank page", "Please add a dark theme"]) {
      const sent = await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message } });
      keys.push(sent.body.ticketId);
    }
    await http.runJobs();
  });
  afterAll(() => http.close());
  const member = () => http.demo.tokens.member;

  test("a draft is written with its feedbacks by key, read back, and listed before anything published", async () => {
    const created = await http.request("POST", "/v1/changelog", {
      token: member(),
      body: { title: "Exports fixed", body: "PDF export works again.", feedbacks: [keys[0]!.toLowerCase()] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: "Exports fixed", status: "draft", feedbacks: [keys[0]] });
    expect(created.body.publishedAt).toBeUndefined();
    const read = await http.request("GET", `/v1/changelog/${created.body.id}`, { token: member() });
    expect(read.body).toEqual(created.body);
    const list = await http.request("GET", "/v1/changelog", { token: member() });
    expect(list.body.data[0].id).toBe(created.body.id);
  });

  test("publishing moves the linked feedbacks to delivered with their status events; publishing again is 409 changelog_published", async () => {
    const created = await http.request("POST", "/v1/changelog", { token: member(), body: { title: "Two at once", feedbacks: keys } });
    const published = await http.request("POST", `/v1/changelog/${created.body.id}/publish`, { token: member() });
    expect([published.status, published.body.status]).toEqual([200, "published"]);
    expect(typeof published.body.publishedAt).toBe("string");
    for (const key of keys) expect((await http.request("GET", `/v1/feedbacks/${key}`, { token: member() })).body.status).toBe("delivered");
    const again = await http.request("POST", `/v1/changelog/${created.body.id}/publish`, { token: member() });
    expect([again.status, again.body.code]).toEqual([409, "changelog_published"]);
    const removed = await http.request("DELETE", `/v1/changelog/${created.body.id}`, { token: member() });
    expect([removed.status, removed.body.code]).toEqual([409, "changelog_published"]);
  });

  test("a draft is changed, then deleted: 204, then 404", async () => {
    const created = await http.request("POST", "/v1/changelog", { token: member(), body: { title: "Soon" } });
    const changed = await http.request("PATCH", `/v1/changelog/${created.body.id}`, {
      token: member(),
      body: { body: "# Heading", feedbacks: [keys[1]] },
    });
    expect(changed.body).toMatchObject({ title: "Soon", body: "# Heading", feedbacks: [keys[1]] });
    expect((await http.request("DELETE", `/v1/changelog/${created.body.id}`, { token: member() })).status).toBe(204);
    expect((await http.request("GET", `/v1/changelog/${created.body.id}`, { token: member() })).status).toBe(404);
  });

  test("an unknown entry id is 404 not_found naming it, on every route that takes one", async () => {
    const named = { status: 404, body: { error: "No changelog entry 'entry_x' in this organization.", code: "not_found" } };
    for (const [method, path, body] of [
      ["GET", "/v1/changelog/entry_x"],
      ["PATCH", "/v1/changelog/entry_x", { title: "Renamed" }],
      ["DELETE", "/v1/changelog/entry_x"],
      ["POST", "/v1/changelog/entry_x/publish"],
    ] as const) {
      const res = await http.request(method, path, { token: member(), ...(body && { body }) });
      expect({ method, status: res.status, body: res.body }).toEqual({ method, ...named });
    }
  });

  test("an unknown feedback key is 400 invalid_body naming feedbacks; a body over 20000 characters too", async () => {
    const unknown = await http.request("POST", "/v1/changelog", { token: member(), body: { title: "x", feedbacks: ["DEMO-9999"] } });
    expect([unknown.status, unknown.body.code]).toEqual([400, "invalid_body"]);
    expect(unknown.body.error).toBe("The request body is invalid. feedbacks: DEMO-9999 names no feedback of this organization.");
    const long = await http.request("POST", "/v1/changelog", { token: member(), body: { title: "x", body: "é".repeat(20_001) } });
    expect([long.status, long.body.code]).toEqual([400, "invalid_body"]);
    const fits = await http.request("POST", "/v1/changelog", { token: member(), body: { title: "x", body: "😀".repeat(20_000) } });
    expect(fits.status).toBe(201);
  });

  test("a feedback key given twice is 400 invalid_body saying so, not as the list's other bounds", async () => {
    const twice = await http.request("POST", "/v1/changelog", { token: member(), body: { title: "x", feedbacks: [keys[0], keys[0]] } });
    expect([twice.status, twice.body.code, twice.body.error]).toEqual([
      400,
      "invalid_body",
      "The request body is invalid. feedbacks: given more than once.",
    ]);
  });

  test("a title of spaces alone is 400 invalid_body, on creating and on correcting (it was stored empty)", async () => {
    const blank = await http.request("POST", "/v1/changelog", { token: member(), body: { title: "   " } });
    expect([blank.status, blank.body.code, blank.body.error]).toEqual([400, "invalid_body", expect.stringContaining("title:")]);
    const made = await http.request("POST", "/v1/changelog", { token: member(), body: { title: "Exports" } });
    const corrected = await http.request("PATCH", `/v1/changelog/${made.body.id}`, { token: member(), body: { title: " " } });
    expect([corrected.status, corrected.body.code]).toEqual([400, "invalid_body"]);
  });

  test("a Reader is refused (403 forbidden), a token without feedbacks:write too (403 insufficient_scope)", async () => {
    const reader = await http.request("GET", "/v1/changelog", { token: http.demo.tokens.reader });
    expect([reader.status, reader.body.code]).toEqual([403, "forbidden"]);
    const readOnly = await http.request("POST", "/v1/changelog", { token: http.demo.tokens.readOnly, body: { title: "x" } });
    expect([readOnly.status, readOnly.body.code]).toEqual([403, "insufficient_scope"]);
  });

  test("/openapi.json describes the changelog routes with the core's schemas", async () => {
    const doc = (await http.request("GET", "/openapi.json")).body;
    expect(Object.keys(doc.paths).filter((p) => p.startsWith("/v1/changelog"))).toEqual([
      "/v1/changelog",
      "/v1/changelog/{id}",
      "/v1/changelog/{id}/publish",
    ]);
    expect(doc.components.schemas.ChangelogEntry.properties.status).toBeDefined();
    expect(doc.paths["/v1/changelog/{id}"].delete.responses["409"].description).toContain("changelog_published");
  });
});
