import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const EMOJI = "🐛";
const report = (message: string) => ({ publicKey: http.demo.publicKey, kind: "problem", message });

describe("lengths are counted in characters (Unicode code points)", () => {
  test("a message of 10,000 emoji is accepted; 10,001 is 413 message_too_long", async () => {
    expect((await http.request("POST", "/v1/reports", { body: report(EMOJI.repeat(10_000)) })).status).toBe(201);
    const refused = await http.request("POST", "/v1/reports", { body: report(EMOJI.repeat(10_001)) });
    expect([refused.status, refused.body.code]).toEqual([413, "message_too_long"]);
  });

  test("an idempotency key of 255 emoji sent as UTF-8 is accepted; 256 is 400 invalid_idempotency_key", async () => {
    // Header values travel as bytes, which fetch hands over one per character.
    const utf8 = (text: string) => String.fromCharCode(...new TextEncoder().encode(text));
    const send = (key: string) => http.request("POST", "/v1/reports", { body: report("Keys"), headers: { "idempotency-key": utf8(key) } });
    expect((await send(EMOJI.repeat(255))).status).toBe(201);
    const replayed = await send(EMOJI.repeat(255));
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    const refused = await send(EMOJI.repeat(256));
    expect([refused.status, refused.body.code]).toEqual([400, "invalid_idempotency_key"]);
  });

  test("a comment of 5,000 emoji is accepted; 5,001 is 400 invalid_body naming comment", async () => {
    const key = (await http.request("POST", "/v1/reports", { body: report("Comment lengths") })).body.ticketId;
    const change = (comment: string) =>
      http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.member, body: { status: "prioritized", comment } });
    expect((await change(EMOJI.repeat(5_000))).status).toBe(200);
    const refused = await change(EMOJI.repeat(5_001));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      code: "invalid_body",
      error: "The request body is invalid. comment: expected a text of at most 5000 characters.",
    });
  });

  test("a search text of 200 emoji is accepted; 201 is 400 invalid_query naming query", async () => {
    const search = (text: string) => http.request("GET", `/v1/feedbacks?query=${encodeURIComponent(text)}`, { token: http.demo.tokens.reader });
    expect((await search(EMOJI.repeat(200))).status).toBe(200);
    const refused = await search(EMOJI.repeat(201));
    expect([refused.status, refused.body.code]).toEqual([400, "invalid_query"]);
    expect(refused.body.error).toBe("A filter is unknown or invalid. query: expected a non-empty text of at most 200 characters.");
  });

  test("/openapi.json publishes the same limits as maxLength (which JSON Schema counts in code points)", async () => {
    const doc = (await http.request("GET", "/openapi.json")).body;
    expect(doc.components.schemas.ReportRequest.properties.message.maxLength).toBe(10_000);
    expect(doc.components.schemas.StatusChange.properties.comment).toMatchObject({ type: "string", maxLength: 5000 });
  });
});

describe("a search text with no letter or digit", () => {
  test("only emoji or punctuation finds no feedback and exports none; spaces alone filter nothing", async () => {
    const key = (await http.request("POST", "/v1/reports", { body: report(`Checkout crashes ${EMOJI}!!!`) })).body.ticketId;
    const list = (query: string) =>
      http.request("GET", `/v1/feedbacks?status=all&limit=100&query=${encodeURIComponent(query)}`, { token: http.demo.tokens.reader });
    for (const query of [EMOJI, "!!!", `${EMOJI} !!!`]) expect({ query, data: (await list(query)).body.data }).toEqual({ query, data: [] });
    expect((await list("   ")).body.data.map((f: { key: string }) => f.key)).toContain(key);
    expect((await list("checkout")).body.data.map((f: { key: string }) => f.key)).toContain(key);
    const exported = await http.request("GET", `/v1/feedbacks/export?format=jsonl&status=all&query=${encodeURIComponent("!!!")}`, {
      token: http.demo.tokens.reader,
    });
    expect([exported.status, exported.body]).toEqual([200, ""]);
  });
});

describe("strict query parsing: every invalid or empty filter is 400 invalid_query, naming the parameter", () => {
  const list = (query: string, language = "en") =>
    http.request("GET", `/v1/feedbacks?${query}`, { token: http.demo.tokens.reader, headers: { "accept-language": language } });

  test.each([
    ["limit=1.5", "limit: expected an integer from 1 to 100."],
    ["limit=0", "limit: expected an integer from 1 to 100."],
    ["limit=", "limit: expected an integer from 1 to 100."],
    ["appId=", "appId: expected a non-empty text."],
    ["featureId=", "featureId: expected a non-empty text."],
    ["query=", "query: expected a non-empty text of at most 200 characters."],
    ["cursor=", "cursor: expected a non-empty text."],
    ["status=shipped", "status: expected one of open, closed, all, triage, prioritized, in_development, fixed, delivered, dismissed."],
    ["kind=bug", "kind: expected one of problem, idea, praise."],
    ["severity=P9", "severity: expected one of P0, P1, P2, P3."],
    ["sort=recent", "sort: expected one of activity, reports, severity, votes, revenue, due."],
    ["sort=recent", "sort: expected one of activity, reports, severity, votes, revenue, due."],
    ["order=recent", "order: not a known field."],
    ["status=open&status=all", "status: given more than once."],
  ])("%s", async (query, why) => {
    const refused = await list(query);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ code: "invalid_query", error: `A filter is unknown or invalid. ${why}` });
  });

  test("the reason is given in French with Accept-Language: fr", async () => {
    const refused = await list("limit=1.5", "fr");
    expect(refused.body.error).toBe("Un filtre est inconnu ou invalide. limit\u202f: doit être un entier de 1 à 100.");
  });

  test("valid filters still pass", async () => {
    expect((await list("limit=2&status=all&kind=problem")).status).toBe(200);
  });
});

describe("a refused body names its field", () => {
  test("a list with bounds says both: POST /v1/feedbacks/bulk with no key expects a list of 1 to 100 items", async () => {
    const refused = await http.request("POST", "/v1/feedbacks/bulk", { token: http.demo.tokens.admin, body: { keys: [], set: { status: "fixed" } } });
    expect([refused.status, refused.body.error]).toEqual([400, expect.stringMatching(/keys: expected a list of 1 to 100 items\.$/)]);
  });

  test("POST /v1/reports with an unknown kind: invalid_ingest saying kind and the allowed values", async () => {
    const refused = await http.request("POST", "/v1/reports", { body: { ...report("Kinds"), kind: "complaint" } });
    expect(refused.body).toEqual({
      code: "invalid_ingest",
      error: "A field of the report is missing or invalid. kind: expected one of problem, idea, praise, issue, bug, greeting.",
    });
  });

  test("POST /v1/reports without a message: invalid_ingest saying message is required", async () => {
    const refused = await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea" } });
    expect(refused.body.error).toBe("A field of the report is missing or invalid. message: required.");
  });

  test("PATCH with an unknown status: invalid_body saying status", async () => {
    const key = (await http.request("POST", "/v1/reports", { body: report("Status names") })).body.ticketId;
    const refused = await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.member, body: { status: "done" } });
    expect(refused.body.error).toBe(
      "The request body is invalid. status: expected one of triage, prioritized, in_development, fixed, delivered, dismissed.",
    );
  });
});
