import { afterAll, beforeAll, expect, test } from "bun:test";
import { inProcess, type InProcess } from "../../support/in-process.ts";

const LIMIT = 3;
let now = Date.UTC(2026, 10, 2, 9);
let http: InProcess;
beforeAll(async () => {
  http = await inProcess({ with: { clock: () => now }, apiPerMinute: LIMIT });
});
afterAll(() => http.close());

test("every authenticated REST call counts in its token's budget, one its role refuses too, as over MCP", async () => {
  now += 10 * 60_000;
  const change = () => http.request("PATCH", "/v1/feedbacks/DEMO-1", { body: { status: "fixed" }, token: http.demo.tokens.reader });
  for (let i = 0; i < LIMIT; i++) expect((await change()).body.code).toBe("forbidden");
  expect((await change()).body.code).toBe("rate_limited");
  expect((await http.request("GET", "/v1/apps", { token: http.demo.tokens.reader })).body.code).toBe("rate_limited");
});

test("a token refused for a scope it lacks is told which one, in the challenge", async () => {
  now += 10 * 60_000;
  const refused = await http.request("PATCH", "/v1/feedbacks/DEMO-1", { body: { status: "fixed" }, token: http.demo.tokens.readOnly });
  expect([refused.status, refused.body.code]).toEqual([403, "insufficient_scope"]);
  expect(refused.headers.get("www-authenticate")).toBe('Bearer realm="retour", error="insufficient_scope", scope="feedbacks:write"');
});
