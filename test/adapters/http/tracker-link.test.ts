import { afterAll, beforeAll, expect, test } from "bun:test";
import { type InProcess, inProcess } from "../../support/in-process.ts";

let server: InProcess;
beforeAll(async () => {
  server = await inProcess();
});
afterAll(() => server.close());

test("409 no_tracker when the app has no tracker", async () => {
  const admin = server.demo.tokens.admin;
  const apps = await server.request("GET", "/v1/apps", { token: admin });
  await server.cli("app", "create", "DEMO", "Untracked app");
  const untracked = (await server.request("GET", "/v1/apps", { token: admin })).body.data.find((a: any) => a.name === "Untracked app");
  expect(apps.status).toBe(200);
  const channel = (await server.cli("channel", "create", "DEMO", untracked.id)).trim();
  const k = (await server.request("POST", "/v1/reports", { body: { publicKey: channel, kind: "idea", message: "Untracked idea about widgets" } }))
    .body.ticketId;
  const res = await server.request("POST", `/v1/feedbacks/${k}/tracker`, { token: admin, body: {} });
  expect([res.status, res.body.code]).toEqual([409, "no_tracker"]);
});
