import { describe, expect, test } from "bun:test";
import type { Logger } from "../../adapters/logging/logger.ts";
import { storeRefusals } from "../../apps/server/store-refusals.ts";
import { storeUnavailable } from "../../core/store-unavailable.ts";

const full = () => storeUnavailable("full", Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" }));

/** The refusals' log with a clock the test moves, and the lines it wrote. */
function refusalLog() {
  const lines: { fields: Record<string, unknown>; line: string }[] = [];
  const write = (fields: Record<string, unknown>, line: string) => lines.push({ fields, line });
  const logger = { error: write, info: write } as unknown as Pick<Logger, "error" | "info">;
  let now = 0;
  const { refused, writesAgain } = storeRefusals(logger, "DATA_DIR=/srv/retour", () => now);
  return { lines, said: refused, writesAgain, advance: (ms: number) => (now += ms) };
}

describe("the log of a store that cannot write", () => {
  test("the first refusal is one line with the reason and SQLite's words, without a stack", () => {
    const log = refusalLog();
    log.said(full());
    expect(log.lines).toEqual([
      {
        fields: { reason: "full", said: "SQLITE_FULL: database or disk is full" },
        line: "the store cannot write: the disk of DATA_DIR=/srv/retour is full; free space on it, and writes resume at once (nothing acknowledged was lost)",
      },
    ]);
  });

  test("then at most one line a minute, counting the refusals since the last", () => {
    const log = refusalLog();
    for (let i = 0; i < 4; i++) log.said(full());
    log.advance(59_999);
    log.said(full());
    log.advance(1);
    log.said(full());
    expect(log.lines.map((l) => l.fields.refusedSince)).toEqual([undefined, 4]);
  });

  test("any other error is left to its own line", () => {
    const log = refusalLog();
    expect({ said: log.said(new Error("a bug")), lines: log.lines.length }).toEqual({ said: false, lines: 0 });
  });

  test("the first write that commits after refusals is one line saying the store writes again, with how many were refused", () => {
    const log = refusalLog();
    for (let i = 0; i < 3; i++) log.said(full());
    log.writesAgain();
    expect(log.lines.at(-1)).toEqual({ fields: { refused: 3 }, line: "the store writes again; 3 writes were refused since the first refusal" });
  });

  test("a refusal after writes resumed is said at once, as the first of a new outage", () => {
    const log = refusalLog();
    log.said(full());
    log.writesAgain();
    log.said(full());
    expect(log.lines.map((l) => l.line.slice(0, 26))).toEqual([
      "the store cannot write: th",
      "the store writes again; 1 ",
      "the store cannot write: th",
    ]);
  });
});
