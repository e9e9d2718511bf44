import { afterAll, beforeAll, expect, test } from "bun:test";
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
