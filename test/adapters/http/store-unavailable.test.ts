import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import type { Logger } from "../../../adapters/logging/logger.ts";
import { storeRefusals } from "../../../apps/server/store-refusals.ts";
import { inProcess, type InProcess, jsonClient } from "../../support/in-process.ts";
import { toolCall } from "../../support/mcp-client.ts";

/**
 * A disk that fills while the service runs: once `diskFull` is set, every commit of the stores
 * opened here fails as SQLite's does on a full disk (SQLITE_FULL), and nothing is written. (A real
 * full file is provoked in test/adapters/sqlite-unavailable.test.ts; here, the whole service hears it.)
 */
let diskFull = false;
/** Commits that still find room once `diskFull` is set: the disk fills between a request's first write and its next. */
let roomFor = 0;
const prepare = Database.prototype.prepare;
Database.prototype.prepare = function (this: Database, ...args: Parameters<Database["prepare"]>) {
  const statement = prepare.apply(this, args);
  if (args[0] !== "COMMIT") return statement;
  const run = statement.run.bind(statement);
  statement.run = (...bindings) => {
    if (diskFull && roomFor-- <= 0) throw Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
    return run(...bindings);
  };
  return statement;
} as Database["prepare"];

/** The server's log of refusals (store-refusals.ts), begun again by a test about it. */
const logged: string[] = [];
const logger = { error: (_fields: object, line: string) => logged.push(line) } as unknown as Pick<Logger, "error" | "info">;
let refusals = storeRefusals(logger, "sqlite", "DATA_DIR=/srv/retour");

let server: InProcess;
beforeAll(async () => {
  server = await inProcess({ onStoreUnavailable: (error) => refusals.refused(error) });
  Database.prototype.prepare = prepare;
});
afterAll(() => server.close());
const { post } = jsonClient(() => server);

const report = () => ({ publicKey: server.demo.publicKey, kind: "problem", message: "The export button is greyed out" });
const health = () => server.request("GET", "/health");

describe("a store whose disk is full", () => {
  test("a report is answered 503 store_unavailable with Retry-After, so that its sender sends it again later", async () => {
    diskFull = true;
    const res = await post(`${server.url}/v1/reports`, report());
    diskFull = false;
    expect({ status: res.status, retryAfter: res.headers.get("retry-after"), body: res.body }).toEqual({
      status: 503,
      retryAfter: "30",
      body: { error: expect.any(String), code: "store_unavailable" },
    });
  });

  test("the log says it in one line naming the cause, the data directory and the remedy, however many requests are refused", async () => {
    logged.length = 0;
    refusals = storeRefusals(logger, "sqlite", "DATA_DIR=/srv/retour");
    diskFull = true;
    for (let i = 0; i < 5; i++) await post(`${server.url}/v1/reports`, report());
    diskFull = false;
    expect(logged).toEqual([expect.stringContaining("the disk of DATA_DIR=/srv/retour is full; free space on it")]);
  });

  test("/health answers 503 {ok: false} once a write was refused, and 200 again once a write commits", async () => {
    diskFull = true;
    await post(`${server.url}/v1/reports`, report());
    diskFull = false;
    const refused = await health();
    await post(`${server.url}/v1/reports`, report());
    const after = await health();
    expect([refused.status, refused.body, after.status, after.body]).toEqual([503, { ok: false }, 200, { ok: true }]);
  });
});

describe("an agent's tool call on a store whose disk is full", () => {
  /** A Member's agent comments on DEMO-1, with `room` commits left before the disk is full; its answer's status, Retry-After, code and text. */
  async function commentWithRoomFor(room: number) {
    logged.length = 0;
    refusals = storeRefusals(logger, "sqlite", "DATA_DIR=/srv/retour");
    [diskFull, roomFor] = [true, room];
    const res = await server.handle(toolCall(server.url, server.demo.tokens.member, "add_comment", { key: "DEMO-1", text: "Seen" }));
    [diskFull, roomFor] = [false, 0];
    const text = await res.text();
    return { status: res.status, retryAfter: res.headers.get("retry-after"), code: (JSON.parse(text) as { code?: string }).code, text };
  }
  const refused = { status: 503, retryAfter: "30", code: "store_unavailable", text: expect.any(String) };

  test("is told store_unavailable with Retry-After, as a REST client is, and the operator's log hears of it", async () => {
    expect(await commentWithRoomFor(0)).toEqual(refused);
    expect(logged).toEqual([expect.stringContaining("the disk of DATA_DIR=/srv/retour is full")]);
  });

  test("whose own write fails after its call was counted is told store_unavailable too, and not the store's error in the protocol's words", async () => {
    // The call is admitted (its token and budget written), then its comment finds the disk full.
    const answer = await commentWithRoomFor(2);
    expect(answer).toEqual(refused);
    expect(answer.text).not.toContain("disk is full");
    expect(logged).toEqual([expect.stringContaining("the disk of DATA_DIR=/srv/retour is full")]);
  });
});
