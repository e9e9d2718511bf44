import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteStore } from "../../adapters/sqlite/store.ts";
import { startCheckpointer } from "../../adapters/sqlite/checkpoint.ts";
import { storeContract } from "./store-contract.ts";
import { eventually } from "../support/receiver.ts";

storeContract("sqlite", async () => createSqliteStore(join(mkdtempSync(join(tmpdir(), "retour-store-")), "store.sqlite")));

describe("sqlite checkpoints", () => {
  test("a server's store copies committed pages into the database file on a thread of its own", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "retour-store-")), "store.sqlite");
    const store = createSqliteStore(path, { backgroundCheckpoints: true });
    // Another connection commits about 8 MB without ever checkpointing: only the store's thread can move it into the file.
    const writer = new Database(path);
    writer.exec("PRAGMA wal_autocheckpoint = 0");
    writer.exec("CREATE TABLE scratch (b BLOB)");
    const before = statSync(path).size;
    const insert = writer.prepare("INSERT INTO scratch (b) VALUES (randomblob(4000))");
    writer.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run();
    })();
    const grown = await eventually(
      () => statSync(path).size - before,
      (growth) => growth >= 8_000_000,
    );
    expect(grown).toBeGreaterThanOrEqual(8_000_000);
    writer.close();
    await store.close();
  });
});

describe("sqlite checkpointer", () => {
  test("reports its failure once, and still stops", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "retour-store-")), "not-a-database.sqlite");
    writeFileSync(path, "this is not a database file, whatever its name says".repeat(100));
    let failures = 0;
    const checkpointer = startCheckpointer(path, () => failures++);
    expect(
      await eventually(
        () => failures,
        (n) => n > 0,
      ),
    ).toBe(1);
    await checkpointer.stop();
  });
});
