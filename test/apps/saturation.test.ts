import { describe, expect, test } from "bun:test";
import { requestsSaturate } from "../../apps/server/saturation.ts";

/** A process whose CPU time and clock the test moves. */
function fakeProcess() {
  const state = { at: 0, cpuMs: 0, inFlight: 0 };
  const saturate = requestsSaturate(
    () => state.inFlight,
    () => ({ user: state.cpuMs * 1000, system: 0 }),
    () => state.at,
  );
  /** `ms` pass, of which the process spends `busyMs` on the CPU. */
  const spend = (ms: number, busyMs: number) => {
    state.at += ms;
    state.cpuMs += busyMs;
  };
  return { state, saturate, spend };
}

describe("whether requests saturate the server's thread", () => {
  test("they do when requests are in flight and the thread spent nine tenths of the last 50 ms on the CPU", () => {
    const { state, saturate, spend } = fakeProcess();
    state.inFlight = 3;
    spend(50, 45);
    expect(saturate()).toBe(true);
  });

  test("requests waiting on I/O do not: in flight, with the CPU mostly idle", () => {
    const { state, saturate, spend } = fakeProcess();
    state.inFlight = 3;
    spend(50, 20);
    expect(saturate()).toBe(false);
  });

  test("a full CPU with no request in flight does not: the work is the worker's own", () => {
    const { saturate, spend } = fakeProcess();
    spend(50, 50);
    expect(saturate()).toBe(false);
  });

  test("the CPU is sampled at most every 50 ms; between samples the last answer holds", () => {
    const { state, saturate, spend } = fakeProcess();
    state.inFlight = 1;
    spend(50, 50);
    expect(saturate()).toBe(true);
    spend(20, 0);
    expect(saturate()).toBe(true);
    spend(30, 0);
    expect(saturate()).toBe(false);
  });

  test("the first answer after a quiet spell averages over the whole spell", () => {
    const { state, saturate, spend } = fakeProcess();
    spend(10_000, 100);
    state.inFlight = 1;
    spend(50, 50);
    expect(saturate()).toBe(false);
    spend(50, 50);
    expect(saturate()).toBe(true);
  });

  test("in this runtime the default reads the thread's CPU time without failing: a thread that sleeps, with a request in flight, is not saturated", async () => {
    const saturate = requestsSaturate(() => 1);
    await Bun.sleep(60);
    expect(saturate()).toBe(false);
  });
});
