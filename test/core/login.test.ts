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
      endedCount: async (bucket: string) => counters.get(bucket) ?? 0,
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
  test("five failed sign-ins of one e-mail from one address in a minute: the next is refused, the right password too, until they weigh less than five in the last minute", async () => {
    const { attempt, advance } = signIn();
    for (let i = 0; i < 5; i++) assert.deepEqual(await attempt("wrong"), { ok: false, code: "bad_credentials" });
    advance(20_000);
    // The window slides: the five failures of the first ten seconds weigh four from 62 s on (5 × 8/10 = 4).
    assert.deepEqual(await attempt("right"), { ok: false, code: "rate_limited", retryAfter: 42 });
    advance(42_000);
    assert.deepEqual(await attempt("right"), { ok: true, value: { userId: "u1" } });
  });

  test("a fixed window's boundary does not double the budget: five failures just before it refuse the attempts just after", async () => {
    const { attempt, advance } = signIn();
    advance(MINUTE - 1_000);
    for (let i = 0; i < 5; i++) await attempt("wrong");
    advance(2_000);
    assert.equal((await attempt("wrong")).ok, false);
    // The five failures of 50–60 s weigh four from 112 s on.
    assert.deepEqual(await attempt("right"), { ok: false, code: "rate_limited", retryAfter: 51 });
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

  test("the delay grows: ten failures in a quarter of an hour refuse long after the minute's budget is whole again", async () => {
    const { attempt, advance } = signIn();
    for (let i = 0; i < 5; i++) await attempt("wrong");
    advance(2 * MINUTE);
    for (let i = 0; i < 5; i++) assert.deepEqual(await attempt("wrong"), { ok: false, code: "bad_credentials" });
    advance(2 * MINUTE);
    // Ten failures in the quarter hour's first slice (0–2.5 min) weigh nine from 15.25 min on (10 × 0.9 = 9).
    assert.deepEqual(await attempt("right"), { ok: false, code: "rate_limited", retryAfter: 11.25 * 60 });
  });
});
