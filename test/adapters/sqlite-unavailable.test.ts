import { describe, expect, test } from "bun:test";
import type { Database } from "bun:sqlite";
import { openDatabase } from "../../adapters/sqlite/open.ts";
import { createWriteBatch } from "../../adapters/sqlite/write-batch.ts";
import { userStore } from "../../adapters/sqlite/users.ts";
import { unavailableReason } from "../../core/store-unavailable.ts";
import { newStoreFile } from "../support/new-store-file.ts";

/** A real store file that cannot grow: SQLite refuses a write needing a new page with SQLITE_FULL, as on a full disk. */
function fullStore(): Database {
  const db = openDatabase(newStoreFile("full"));
  db.exec("CREATE TABLE filler (text TEXT)");
  db.exec(`PRAGMA max_page_count = ${db.query<{ page_count: number }, []>("PRAGMA page_count").get()!.page_count}`);
  return db;
}

/** A write needing more pages than a full store has. */
const fill = (db: Database) => () => {
  for (let i = 0; i < 100; i++) db.query("INSERT INTO filler (text) VALUES (?)").run("x".repeat(4_000));
};

describe("sqlite store whose disk is full", () => {
  test("a write is refused as the store being full, with SQLite's own error as its cause", async () => {
    const db = fullStore();
    const error = await createWriteBatch(db)
      .run(fill(db))
      .catch((e: unknown) => e);
    expect({ reason: unavailableReason(error), cause: ((error as Error).cause as { code?: string }).code }).toEqual({
      reason: "full",
      cause: "SQLITE_FULL",
    });
    db.close();
  });

  test("a write failing for another reason is not said to be a store that cannot write", async () => {
    const db = fullStore();
    const error = await createWriteBatch(db)
      .run(() => db.query("INSERT INTO no_such_table VALUES (1)").run())
      .catch((e: unknown) => e);
    expect(unavailableReason(error)).toBeNull();
    db.close();
  });

  test("the batch says a write was refused until a write commits again", async () => {
    const db = fullStore();
    const batch = createWriteBatch(db);
    await batch.run(fill(db)).catch(() => undefined);
    const refused = batch.refusedWithin(30_000);
    db.exec("PRAGMA max_page_count = 1000000");
    await batch.run(fill(db));
    expect({ refused, afterCommit: batch.refusedWithin(30_000) }).toEqual({ refused: true, afterCommit: false });
    db.close();
  });

  test("a write outside the batch (a user created) is refused as the store being full, and remembered as a refusal", async () => {
    const db = fullStore();
    const batch = createWriteBatch(db);
    // A name needing pages of its own: the users table's page may have room for a short one.
    const error = await batch
      .unbatched(userStore(db))
      .createUser({ id: "u1", email: "ada@example.com", name: "x".repeat(100_000) })
      .catch((e: unknown) => e);
    expect({
      reason: unavailableReason(error),
      cause: ((error as Error).cause as { code?: string }).code,
      refused: batch.refusedWithin(30_000),
    }).toEqual({
      reason: "full",
      cause: "SQLITE_FULL",
      refused: true,
    });
    db.close();
  });

  test("the first write that commits after a refusal tells the store writes again, once", async () => {
    const db = fullStore();
    let told = 0;
    const batch = createWriteBatch(db, () => told++);
    await batch.run(fill(db)).catch(() => undefined);
    db.exec("PRAGMA max_page_count = 1000000");
    await batch.run(fill(db));
    await batch.run(fill(db));
    expect(told).toBe(1);
    db.close();
  });
});
