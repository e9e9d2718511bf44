import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { post } from "../support/server.ts";

// The budgets themselves are tested in process (test/adapters/http/limits.test.ts); what needs the
// socket is the client address the server reads from the connection or, behind a proxy, from X-Forwarded-For
// (the server's own `serve`, in the test's process).
describe("rate limits behind a proxy", () => {
  let server: Served;
  beforeAll(async () => {
    server = await serveInProcess({ reportsPerMinute: 3, env: { TRUST_PROXY: "1" } });
  });
  afterAll(() => server.stop());

  test("with TRUST_PROXY the client address comes from X-Forwarded-For, so each client has its own budget", async () => {
    const send = (ip: string) =>
      post(`${server.url}/v1/reports`, { publicKey: "pk_nobody", kind: "idea", message: "m" }, { "x-forwarded-for": `203.0.113.9, ${ip}` });
    server.startFreshMinute();
    for (let i = 0; i < 3; i++) expect((await send("198.51.100.1")).status).toBe(404);
    expect((await send("198.51.100.1")).status).toBe(429);
    expect((await send("198.51.100.2")).status).toBe(404);
  });
});
