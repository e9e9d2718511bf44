import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  type Db,
  MongoNetworkError,
  MongoNetworkTimeoutError,
  MongoServerError,
  MongoServerSelectionError,
  MongoWriteConcernError,
  type TopologyDescription,
} from "mongodb";
import { database } from "../../../adapters/mongodb/database.ts";
import { ensureIndexes } from "../../../adapters/mongodb/indexes.ts";
import { createMongoStore } from "../../../adapters/mongodb/store.ts";
import { unavailableReason } from "../../../core/store-unavailable.ts";
import { inProcess, type InProcess, jsonClient } from "../../support/in-process.ts";
import { mingoDatabase } from "../../support/mingo-mongo.ts";

/**
 * NOT MongoDB: the mingo stand-in (test/support/mingo-mongo.ts), whose every collection operation and
 * command throws `failure` while it is set, as the official driver throws its errors when the
 * deployment cannot serve. The errors are the driver's own classes, built as the driver builds them
 * from what a server answers; whether a real server answers so is not verified here.
 */
let failure: Error | null = null;
let servedAgain = 0;

/** A method of the stand-in that throws `failure` while it is set. */
const shaky =
  <A extends unknown[], R>(method: (...args: A) => R) =>
  (...args: A): R => {
    if (failure) throw failure;
    return method(...args);
  };

function failingStore() {
  const { client, db } = mingoDatabase();
  const failing: Pick<Db, "collection" | "command"> = {
    collection: (name: string) =>
      new Proxy(db.collection(name), {
        get: (target, key, receiver) => {
          const value = Reflect.get(target, key, receiver);
          return typeof value === "function" ? shaky(value.bind(target)) : value;
        },
      }),
    command: shaky(db.command.bind(db)),
  } as Pick<Db, "collection" | "command">;
  return { client, db: failing as Db };
}

/** The driver's errors, named as MongoDB names what happened. */
const serverError = (code: number, codeName: string, errorLabels: string[] = []) =>
  new MongoServerError({ ok: 0, code, codeName, errmsg: `${codeName} (from the stand-in)`, errorLabels });
const CANNOT_SERVE: [string, () => Error, "full" | "unreachable"][] = [
  [
    "no server selected in time (all down)",
    () =>
      new MongoServerSelectionError("Server selection timed out after 5000 ms", { type: "ReplicaSetNoPrimary" } as unknown as TopologyDescription),
    "unreachable",
  ],
  ["a connection lost", () => new MongoNetworkError("connection 3 to 10.0.0.5:27017 closed"), "unreachable"],
  ["a connection timed out", () => new MongoNetworkTimeoutError("connection 3 to 10.0.0.5:27017 timed out"), "unreachable"],
  ["the primary no longer primary (NotWritablePrimary)", () => serverError(10107, "NotWritablePrimary"), "unreachable"],
  ["the primary stepping down (PrimarySteppedDown)", () => serverError(189, "PrimarySteppedDown"), "unreachable"],
  ["the server shutting down (ShutdownInProgress)", () => serverError(91, "ShutdownInProgress"), "unreachable"],
  ["an operation interrupted by the shutdown (InterruptedAtShutdown)", () => serverError(11600, "InterruptedAtShutdown"), "unreachable"],
  ["a write the server labels retryable (RetryableWriteError)", () => serverError(262, "ExceededTimeLimit", ["RetryableWriteError"]), "unreachable"],
  [
    "a write concern error (ShutdownInProgress)",
    () => new MongoWriteConcernError({ ok: 1, writeConcernError: { code: 91, codeName: "ShutdownInProgress", errmsg: "shutting down" } }),
    "unreachable",
  ],
  ["the server's disk full (OutOfDiskSpace)", () => serverError(14031, "OutOfDiskSpace"), "full"],
  [
    "a write concern error of a full disk (OutOfDiskSpace)",
    () => new MongoWriteConcernError({ ok: 1, writeConcernError: { code: 14031, codeName: "OutOfDiskSpace", errmsg: "disk full" } }),
    "full",
  ],
];

/** What the server's log was handed, as refusals of a store that cannot serve. */
const toldUnavailable: unknown[] = [];
let server: InProcess;
beforeAll(async () => {
  const { client, db } = failingStore();
  await ensureIndexes(database(client, db));
  const store = createMongoStore(client, db, () => servedAgain++);
  server = await inProcess({ with: { store }, onStoreUnavailable: (error) => toldUnavailable.push(error) });
});
afterAll(() => server.close());
const { post } = jsonClient(() => server);

const report = () => ({ publicKey: server.demo.publicKey, kind: "problem", message: "The export button is greyed out" });
const health = () => server.request("GET", "/health");

/** A report sent while the stand-in throws `error`: its answer, and the reason the log was told. */
async function reportDuring(error: Error) {
  toldUnavailable.length = 0;
  failure = error;
  const res = await post(`${server.url}/v1/reports`, report());
  failure = null;
  return {
    status: res.status,
    retryAfter: res.headers.get("retry-after"),
    code: (res.body as { code?: string }).code,
    told: toldUnavailable.map(unavailableReason),
  };
}

describe("a MongoDB store that cannot serve (on the mingo stand-in, with the driver's errors)", () => {
  for (const [what, error, reason] of CANNOT_SERVE)
    test(`a report during ${what} is answered 503 store_unavailable with Retry-After 30, the store ${reason}`, async () => {
      expect(await reportDuring(error())).toEqual({ status: 503, retryAfter: "30", code: "store_unavailable", told: [reason] });
    });

  // (Not a duplicate key: a report takes the next key on one, and the stand-in would refuse every key.)
  test("a server's refusal of a malformed operation (BadValue) stays an internal error, not a store that cannot serve", async () => {
    expect(await reportDuring(serverError(2, "BadValue"))).toEqual({ status: 500, retryAfter: null, code: "internal_error", told: [] });
  });

  test("a document the server refuses (DocumentValidationFailure) stays an internal error, not a store that cannot serve", async () => {
    expect(await reportDuring(serverError(121, "DocumentValidationFailure"))).toEqual({
      status: 500,
      retryAfter: null,
      code: "internal_error",
      told: [],
    });
  });

  test("a bug (a TypeError) stays an internal error, not a store that cannot serve", async () => {
    expect(await reportDuring(new TypeError("Cannot read properties of undefined"))).toEqual({
      status: 500,
      retryAfter: null,
      code: "internal_error",
      told: [],
    });
  });

  test("/health answers 503 while no server answers, and 200 once one answers a ping, which tells the store serves again, once", async () => {
    await reportDuring(new MongoNetworkError("connection 3 to 10.0.0.5:27017 closed"));
    failure = new MongoServerSelectionError("Server selection timed out after 5000 ms", {} as TopologyDescription);
    const down = await health();
    failure = null;
    const before = servedAgain;
    const up = await health();
    await health();
    expect([down.status, down.body, up.status, up.body, servedAgain - before]).toEqual([503, { ok: false }, 200, { ok: true }, 1]);
  });

  test("/health answers 503 once a write was refused for a full disk, though the server still answers a ping", async () => {
    await reportDuring(serverError(14031, "OutOfDiskSpace"));
    const res = await health();
    expect([res.status, res.body]).toEqual([503, { ok: false }]);
  });
});
