import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const report = async (message: string) =>
  (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message } })).body.ticketId as string;
const list = (query: string) => http.request("GET", `/v1/feedbacks?status=all&${query}`, { token: http.demo.tokens.reader });

describe("sorting the list", () => {
  test("sort=reports puts the feedbacks with most reports first, and its cursor pages in that order", async () => {
    const [a, b, c] = [
      await report("Avatar upload fails for large images"),
      await report("Calendar invites arrive twice"),
      await report("Zip code field refuses letters"),
    ];
    await http.request("POST", `/v1/feedbacks/${c}/merge`, { token: http.demo.tokens.member, body: { into: b } });
    const first = await list("sort=reports&limit=1");
    expect(first.body.data.map((f: { key: string; reports: number }) => [f.key, f.reports])).toEqual([[b, 2]]);
    const keys = [b];
    for (let cursor = first.body.nextCursor; cursor; ) {
      const page = await list(`sort=reports&limit=1&cursor=${encodeURIComponent(cursor)}`);
      keys.push(...page.body.data.map((f: { key: string }) => f.key));
      cursor = page.body.nextCursor;
    }
    expect(keys).toContain(a);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).not.toContain(c);
  });

  test("sort=severity puts P0 first and feedbacks without severity last", async () => {
    await report("The payment is refused with every card at checkout");
    await report("I love the new colours");
    await http.runJobs();
    const severities = (await list("sort=severity&limit=100")).body.data.map((f: { severity?: string }) => f.severity ?? "none");
    const rank = (s: string) => ["P0", "P1", "P2", "P3", "none"].indexOf(s);
    expect(severities[0]).toBe("P0");
    expect(severities.map(rank)).toEqual([...severities.map(rank)].sort((x, y) => x - y));
  });

  test("an unknown order is 400 invalid_query naming sort; a cursor of one order is invalid_cursor in another", async () => {
    const refused = await list("sort=newest");
    expect([refused.status, refused.body.code]).toEqual([400, "invalid_query"]);
    expect(refused.body.error).toContain("sort");
    const cursor = (await list("sort=reports&limit=1")).body.nextCursor;
    expect((await list(`limit=1&cursor=${encodeURIComponent(cursor)}`)).body.code).toBe("invalid_cursor");
  });
});
