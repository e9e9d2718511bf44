import { describe, expect, test } from "bun:test";
import type { Logger } from "../../adapters/logging/logger.ts";
import { storeRefusals } from "../../apps/server/store-refusals.ts";
import { MongoServerError, MongoServerSelectionError, type TopologyDescription } from "mongodb";
import { storeUnavailable } from "../../core/store-unavailable.ts";

const full = () => storeUnavailable("full", Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" }));

/** The refusals' log with a clock the test moves, and the lines it wrote. */
function refusalLog() {
  const lines: { fields: Record<string, unknown>; line: string }[] = [];
  const write = (fields: Record<string, unknown>, line: string) => lines.push({ fields, line });
  const logger = { error: write, info: write } as unknown as Pick<Logger, "error" | "info">;
  let now = 0;
  const { refused, writesAgain } = storeRefusals(logger, "sqlite", "DATA_DIR=/srv/retour", () => now);
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

describe("the log of a MongoDB store that cannot serve", () => {
  /** The first line of a MongoDB store's log of refusals, given `error`. */
  function firstLine(error: Error) {
    const lines: { fields: Record<string, unknown>; line: string }[] = [];
    const write = (fields: Record<string, unknown>, line: string) => lines.push({ fields, line });
    storeRefusals({ error: write, info: write } as unknown as Pick<Logger, "error" | "info">, "mongodb", "MONGODB_URI").refused(error);
    return lines[0];
  }

  test("no primary to answer is one line naming MONGODB_URI, the driver's words, and what to check", () => {
    const cause = new MongoServerSelectionError("Server selection timed out after 5000 ms", {} as TopologyDescription);
    expect(firstLine(storeUnavailable("unreachable", cause))).toEqual({
      fields: { reason: "unreachable", said: "MongoServerSelectionError: Server selection timed out after 5000 ms" },
      line: "the store cannot reach a primary of the MongoDB at MONGODB_URI: a server is down or unreachable, or the replica set is electing a primary; check that mongod runs and that rs.status() shows a primary, and requests resume once one answers",
    });
  });

  test("a full disk is one line naming MongoDB's code by its name and the disk to free", () => {
    const cause = new MongoServerError({ ok: 0, code: 14031, codeName: "OutOfDiskSpace", errmsg: "disk full" });
    expect(firstLine(storeUnavailable("full", cause))).toEqual({
      fields: { reason: "full", said: "OutOfDiskSpace: disk full" },
      line: "the store cannot write: the disk of the MongoDB server at MONGODB_URI is full; free space on it or grow its volume (and start mongod again if it stopped), and writes resume (nothing acknowledged was lost)",
    });
  });
});
