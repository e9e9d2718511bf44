import { afterAll, beforeAll, expect, test } from "bun:test";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
  await http.services.store.setPlan(http.demo.orgId, "free", 1);
});
afterAll(() => http.close());

test("a qualification on an organization over its quota is refused at the first call, 429 quota_exceeded with Retry-After", async () => {
  const report = { publicKey: http.demo.publicKey, kind: "problem", message: "Search returns nothing" };
  expect((await http.request("POST", "/v1/reports", { body: report })).status).toBe(201);
  const refused = await http.request("POST", "/v1/reports", { body: { ...report, message: "The sidebar flickers", qualify: true } });
  expect([refused.status, refused.body.code]).toEqual([429, "quota_exceeded"]);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
});
