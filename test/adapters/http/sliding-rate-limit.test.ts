import { afterAll, beforeAll, expect, test } from "bun:test";
import { inProcess, type InProcess } from "../../support/in-process.ts";

const MINUTE = 60_000;
const LIMIT = 10;
let now = Date.UTC(2026, 10, 2, 9);
let http: InProcess;
beforeAll(async () => {
  http = await inProcess({ with: { clock: () => now }, reportsPerMinute: LIMIT });
});
afterAll(() => http.close());

/** Sends n collection requests (an unknown key: each still counts) and returns how many got through the limit. */
async function burst(n: number): Promise<number> {
  let admitted = 0;
  for (let i = 0; i < n; i++) {
    const res = await http.request("POST", "/v1/reports", { body: { publicKey: "pk_nobody", kind: "idea", message: "m" } });
    if (res.status !== 429) admitted++;
  }
  return admitted;
}

test("no double burst across a window boundary: a full budget just before it and another just after let the budget through, not twice", async () => {
  now = now - (now % MINUTE) + MINUTE - 500;
  expect(await burst(LIMIT)).toBe(LIMIT);
  now += 1_000;
  expect(await burst(LIMIT)).toBe(0);
});

test("Retry-After says when one more request passes, as the last window slides", async () => {
  now = now - (now % MINUTE) + 10 * MINUTE + 30_000;
  expect(await burst(LIMIT)).toBe(LIMIT);
  const refused = await http.request("POST", "/v1/reports", { body: { publicKey: "pk_nobody", kind: "idea", message: "m" } });
  expect(refused.status).toBe(429);
  const wait = Number(refused.headers.get("retry-after")) * 1000;
  expect(wait).toBeGreaterThan(0);
  // A window and one of its six slices at most: a slice's hits are taken as spread over its ten seconds.
  expect(wait).toBeLessThanOrEqual(MINUTE + MINUTE / 6);
  now += wait;
  expect(await burst(1)).toBe(1);
});

test("a burst more than a minute and a slice ago no longer counts: the whole budget again, where two whole windows weighed it most of another minute", async () => {
  now = now - (now % MINUTE) + 15 * MINUTE + 1_000;
  expect(await burst(LIMIT + 1)).toBe(LIMIT);
  now += MINUTE + 10_000;
  expect(await burst(LIMIT + 1)).toBe(LIMIT);
});

test("each client address has its own budget, as the server tells the app who is asking", async () => {
  now = now - (now % MINUTE) + 20 * MINUTE;
  expect(await burst(LIMIT)).toBe(LIMIT);
  const from = (address: string) =>
    http.request("POST", "/v1/reports", {
      body: { publicKey: "pk_nobody", kind: "idea", message: "m" },
      headers: { "x-test-client-address": address },
    });
  expect((await from("192.0.2.1")).status).toBe(429);
  expect((await from("198.51.100.7")).status).toBe(404);
});
