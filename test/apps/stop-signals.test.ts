import { describe, expect, test } from "bun:test";
import pino from "pino";
import { SAME_REQUEST_MS, stopSignals } from "../../apps/server/stop-signals.ts";

/** The signal handler with a clock the test moves, a log it reads, and an exit that only records its code. */
function signals(steps: Parameters<typeof stopSignals>[0]["steps"]) {
  const lines: Record<string, any>[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const clock = { now: 0 };
  const exits: number[] = [];
  const { promise: exited, resolve } = Promise.withResolvers<number>();
  const onSignal = stopSignals({
    steps,
    logger,
    now: () => clock.now,
    exit: (code) => {
      exits.push(code);
      resolve(code);
    },
  });
  return { onSignal, clock, exits, exited, said: () => lines.map((l) => l.msg as string), lines };
}

/** A step that never ends, as a request still in flight within its grace. */
const forever = () => new Promise<never>(() => undefined);

describe("a stop signal", () => {
  test("closes each step in order, logs stopped, and exits 0", async () => {
    const closed: string[] = [];
    const s = signals([
      ["drain", () => void closed.push("drain")],
      ["stop the worker", async () => void closed.push("worker")],
    ]);
    s.onSignal("SIGTERM");
    expect(await s.exited).toBe(0);
    expect(closed).toEqual(["drain", "worker"]);
    expect(s.said()).toEqual(["shutting down", "stopped"]);
  });

  test("a step that fails is one error line naming it; the steps after it are still closed, and the process exits 1", async () => {
    const closed: string[] = [];
    const s = signals([
      ["finish the requests in flight", () => Promise.reject(new Error("the listener is gone"))],
      [
        "stop the worker",
        () => {
          throw new Error("a job would not stop");
        },
      ],
      ["close the store", () => void closed.push("store")],
    ]);
    s.onSignal("SIGINT");
    expect(await s.exited).toBe(1);
    expect(closed).toEqual(["store"]);
    const errors = s.lines.filter((l) => l.level === 50);
    expect(errors.map((l) => [l.msg, l.err.message])).toEqual([
      ["shutting down: could not finish the requests in flight; the process exits with code 1 once the rest is closed", "the listener is gone"],
      ["shutting down: could not stop the worker; the process exits with code 1 once the rest is closed", "a job would not stop"],
    ]);
    expect(s.said()).not.toContain("stopped");
  });
});

describe("a second stop signal", () => {
  test(`within ${SAME_REQUEST_MS} ms of the first is the same request delivered twice (npm passing on the terminal's Ctrl-C): the stop goes on`, async () => {
    const s = signals([["finish the requests in flight", forever]]);
    s.onSignal("SIGINT");
    s.clock.now = SAME_REQUEST_MS;
    s.onSignal("SIGINT");
    await Bun.sleep(0);
    expect(s.exits).toEqual([]);
    expect(s.said()).toEqual(["shutting down"]);
  });

  test(`later than ${SAME_REQUEST_MS} ms after the first (Ctrl-C pressed again) exits at once, with code 1, and says so`, async () => {
    const s = signals([["finish the requests in flight", forever]]);
    s.onSignal("SIGINT");
    s.clock.now = SAME_REQUEST_MS + 1;
    s.onSignal("SIGINT");
    expect(s.exits).toEqual([1]);
    expect(s.lines.at(-1)).toMatchObject({ level: 40, signal: "SIGINT", msg: "a second signal: stopping now, without finishing the shutdown" });
  });
});
