import { describe, expect, test } from "bun:test";
import type { Logger } from "../../adapters/logging/logger.ts";
import { storeRefusals } from "../../apps/server/store-refusals.ts";
import { storeUnavailable } from "../../core/store-unavailable.ts";

const full = () => storeUnavailable("full", Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" }));

/** The refusals' log with a clock the test moves, and the lines it wrote. */
function refusalLog() {
  const lines: { fields: Record<string, unknown>; line: string }[] = [];
  const logger = { error: (fields: Record<string, unknown>, line: string) => lines.push({ fields, line }) } as unknown as Pick<Logger, "error">;
  let now = 0;
  const said = storeRefusals(logger, "DATA_DIR=/srv/retour", () => now);
  return { lines, said, advance: (ms: number) => (now += ms) };
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
});
