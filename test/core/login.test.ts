import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { login } from "../../core/sessions/login.ts";

const MINUTE = 60_000;
/** The start of a day: a minute, a quarter of an hour and a day all start here. */
const START = Date.UTC(2026, 10, 2);

function signIn() {
  const counters = new Map<string, number>();
  let now = START;
  const services = {
    clock: () => now,
    passwords: { hash: async (p: string) => `hashed:${p}`, verify: async (p: string, h: string) => h === `hashed:${p}` },
    store: {
      hitRateLimit: async (bucket: string) => {
        counters.set(bucket, (counters.get(bucket) ?? 0) + 1);
        return counters.get(bucket)!;
      },
      rateCount: async (bucket: string) => counters.get(bucket) ?? 0,
      findCredentials: async (email: string) => (email === "ann@x.io" ? { userId: "u1", passwordHash: "hashed:right" } : null),
    },
  };
  return {
    attempt: (password: string, clientAddress = "198.51.100.7") => login(services, { email: "Ann@x.io", password, clientAddress }),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe("sign-in throttling", () => {
  test("five failed sign-ins of one e-mail from one address in a minute: the next is refused until the minute ends, the right password too", async () => {
    const { attempt, advance } = signIn();
    for (let i = 0; i < 5; i++) assert.deepEqual(await attempt("wrong"), { ok: false, code: "bad_credentials" });
    advance(20_000);
    assert.deepEqual(await attempt("right"), { ok: false, code: "rate_limited", retryAfter: 40 });
  });

  test("a successful sign-in counts no failure", async () => {
    const { attempt } = signIn();
    for (let i = 0; i < 4; i++) await attempt("wrong");
    assert.deepEqual(await attempt("right"), { ok: true, value: { userId: "u1" } });
    assert.deepEqual(await attempt("wrong"), { ok: false, code: "bad_credentials" });
  });

  test("the person signs in from another address meanwhile", async () => {
    const { attempt } = signIn();
    for (let i = 0; i < 6; i++) await attempt("wrong");
    assert.deepEqual(await attempt("right", "198.51.100.8"), { ok: true, value: { userId: "u1" } });
  });

  test("the delay grows: ten failures in a quarter of an hour refuse until it ends, though the minute has passed", async () => {
    const { attempt, advance } = signIn();
    for (let i = 0; i < 5; i++) await attempt("wrong");
    advance(MINUTE);
    for (let i = 0; i < 5; i++) assert.deepEqual(await attempt("wrong"), { ok: false, code: "bad_credentials" });
    advance(MINUTE);
    assert.deepEqual(await attempt("right"), { ok: false, code: "rate_limited", retryAfter: 13 * 60 });
  });
});
